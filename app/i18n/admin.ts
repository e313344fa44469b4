/**
 * Message lookup for the back office: the storefront catalogue (app/i18n/en.ts), the root's
 * messages, the server-only ones (form messages the admin's forms share) and the admin-only
 * messages (app/i18n/en-admin.ts). Admin routes, admin components and
 * server code that speaks to staff import `t` from here; storefront code uses `useT()` or
 * `translator()`, so the admin messages never reach a shopper's browser (the storefront budget: a
 * product page loads at most 100 KB of JavaScript).
 */
import { en } from "./en";
import { enAdmin } from "./en-admin";
import { checkoutMessages } from "./checkout-messages";
import { enServer } from "./en-server";
import { listingMessages } from "./listing-messages";
import { fill, registerCatalogue, type MessageParams } from "./index";
import { rootMessages } from "./root-messages";

export type { MessageParams };

const catalogue = {
  ...en,
  ...checkoutMessages.en,
  ...listingMessages.en,
  ...rootMessages.en,
  ...enServer,
  ...enAdmin,
};

/** A key of the back office's messages (storefront, root and admin-only). */
export type MessageKey = keyof typeof catalogue;

// Admin pages show storefront components too (the order status badge, the lists' pagination), which
// translate through the page catalogues: on an admin page the English ones.
registerCatalogue("en", en);
registerCatalogue("en", listingMessages.en);

/** The message for `key` (shared or admin-only), with each `{placeholder}` replaced from `params`. */
export function t(key: MessageKey, params?: MessageParams): string {
  return fill(catalogue[key], params);
}
