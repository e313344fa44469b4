/**
 * Message lookup. Every user-visible string goes through `t()` with a key of the catalogue
 * (app/i18n/en.ts), so adding Bangla means adding bn.ts with the same keys and choosing the
 * catalogue per request: components do not change. See docs/decisions/004-message-catalogue.md.
 */
import { en, type MessageKey } from "./en";

export type { MessageKey };
export type MessageParams = Record<string, string | number>;

/**
 * The message for `key`, with each `{placeholder}` replaced from `params`.
 * A placeholder with no value is left as it is, so a missing parameter is visible, not silent.
 */
export function t(key: MessageKey, params?: MessageParams): string {
  return fill(en[key], params);
}

/** `template` with each `{placeholder}` replaced from `params` (a missing one is left visible). */
export function fill(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
