/**
 * Message lookup for the back office: the shared catalogue (app/i18n/en.ts) plus the admin-only
 * messages (app/i18n/en-admin.ts). Admin routes, admin components and server code that speaks to
 * staff import `t` from here; storefront code imports it from "~/i18n", so the admin messages never
 * reach a shopper's browser (the storefront budget: a product page loads at most 100 KB of JavaScript).
 */
import { en } from "./en";
import { enAdmin } from "./en-admin";
import { fill, type MessageParams } from "./index";

export type { MessageParams };
/** A key of either catalogue. */
export type MessageKey = keyof typeof en | keyof typeof enAdmin;

const catalogue: Record<MessageKey, string> = { ...en, ...enAdmin };

/** The message for `key` (shared or admin-only), with each `{placeholder}` replaced from `params`. */
export function t(key: MessageKey, params?: MessageParams): string {
  return fill(catalogue[key], params);
}
