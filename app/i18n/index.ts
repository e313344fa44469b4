/**
 * Message lookup and the shop's languages. Every user-visible string goes through a translator
 * with a key of a message catalogue, so the page's language is chosen per request and components
 * never hold text of their own. The message modules, every one with the same keys in both languages:
 * - en.ts and bn.ts: what any storefront page may show (layout, product card and page, order
 *   statuses), one module per language because a page downloads its own language only;
 * - a module per area holding both languages, `{ en, bn }` (made with `bilingual`, bilingual.ts):
 *   the storefront's page groups (checkout-messages.ts, listing-messages.ts, tracking-messages.ts),
 *   the root's texts (root-messages.ts), the messages only the server sends (server-messages.ts),
 *   and the back office's areas (admin/<area>.ts, assembled in admin/areas.ts for admin.ts).
 * See docs/decisions/004-message-catalogue.md and docs/decisions/023-languages-in-the-url.md.
 *
 * - In a component: `const t = useT()` (app/hooks/use-t.ts), which reads the language from the URL.
 * - In a loader or action: `requestTranslator(request)` (app/server/i18n.server.ts), which also
 *   knows the messages only the server sends.
 */
import type { MessageKey as PageMessageKey } from "./en";
import type { CheckoutMessageKey } from "./checkout-messages";
import type { ServerMessageKey } from "./server-messages";
import type { ListingMessageKey } from "./listing-messages";
import type { TrackingMessageKey } from "./tracking-messages";
import type { PaymentMessageKey } from "./payment-messages";
import { formatInteger } from "./format";
import type { Lang } from "./lang";
import { rootMessages, type RootMessageKey } from "./root-messages";

/**
 * A key of the storefront's messages: the page messages's (en.ts), the root's (root-messages.ts),
 * the cart and confirmation pages' (checkout-messages.ts), the listing pages' (listing-messages.ts)
 * the tracking page's (tracking-messages.ts) or the advance payment's (payment-messages.ts).
 */
export type MessageKey =
  PageMessageKey | RootMessageKey | CheckoutMessageKey | ListingMessageKey | TrackingMessageKey | PaymentMessageKey;
/** A page messages: every key of en.ts with its text in one language. */
export type PageMessages = Record<PageMessageKey, string>;
export type MessageParams = Record<string, string | number>;

export { AUTONYMS, LANGUAGES, type Lang } from "./lang";

/** A translator: the message for `key` in one language, each `{placeholder}` filled from `params`. */
export type Translate = (key: MessageKey, params?: MessageParams) => string;

/**
 * A translator that also knows the messages only the server sends (app/i18n/server-messages.ts), made
 * by `serverTranslator` (app/server/i18n.server.ts). Form schemas take one.
 */
export type ServerTranslate = (key: MessageKey | ServerMessageKey, params?: MessageParams) => string;

/** True for "en" and "bn". */
export function isLang(value: unknown): value is Lang {
  return value === "en" || value === "bn";
}

/** The language a storefront path is in: "bn" for `/bn` and everything under it, else "en". */
export function langFromPath(pathname: string): Lang {
  return pathname === "/bn" || pathname.startsWith("/bn/") || pathname === "/bn.data" ? "bn" : "en";
}

/** The language of a request, from its URL's path (see langFromPath). */
export function langOfRequest(request: Request): Lang {
  return langFromPath(new URL(request.url).pathname);
}

// The page messages known in this JavaScript context. On the server every route module is loaded,
// so both are; in the browser only the one the page's layout route imports (app/routes/_shop.tsx,
// app/routes/_shop.bn.layout.tsx), so a Bangla page never downloads the English texts.
const loadedMessages: Partial<Record<Lang, Partial<Record<MessageKey, string>>>> = {};

/**
 * Adds `messages` to what `lang`'s translator knows. Called when a module that ships texts loads:
 * a layout route with its page messages, the cart and confirmation routes with the checkout
 * texts, the home and products routes with the listing texts, the admin
 * message module with the English page messages.
 */
export function registerMessages(lang: Lang, messages: Partial<Record<MessageKey, string>>): void {
  loadedMessages[lang] = { ...loadedMessages[lang], ...messages };
}

/**
 * The translator for `lang`. Number parameters are written in the language's digits (৪২ in
 * Bangla), without grouping (a year stays 2026). A key missing from the loaded messages (none
 * loaded yet) falls back to English, then to the key itself, so nothing throws while a page renders.
 */
export function translator(lang: Lang): Translate {
  return (key, params) => {
    const root = rootMessages[lang] as Partial<Record<MessageKey, string>>;
    const text = loadedMessages[lang]?.[key] ?? root[key] ?? loadedMessages.en?.[key] ?? key;
    return fill(text, params && localizeNumbers(params, lang));
  };
}

/** `params` with every number written by `formatInteger` in `lang` (Bengali digits for "bn"). */
export function localizeNumbers(params: MessageParams, lang: Lang): MessageParams {
  if (lang === "en") return params;
  const out: MessageParams = {};
  for (const [name, value] of Object.entries(params)) {
    out[name] = typeof value === "number" ? formatInteger(value, lang) : value;
  }
  return out;
}

/** `template` with each `{placeholder}` replaced from `params` (a missing one is left visible). */
export function fill(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** `path` (starting with "/") in `lang`: unchanged for English, under `/bn` for Bangla ("/" → "/bn"). */
export function localePath(lang: Lang, path: string): string {
  if (lang === "en") return path;
  return path === "/" ? "/bn" : `/bn${path}`;
}

/** The id of route `id` in `lang`: the Bangla copies of the storefront's routes have ids prefixed "bn/" (app/routes.ts). */
export function localeRouteId(lang: Lang, id: string): string {
  return lang === "en" ? id : `bn/${id}`;
}

/** `pathname` without its language prefix: "/bn/products" → "/products", "/bn" → "/". */
export function stripLangPrefix(pathname: string): string {
  if (pathname === "/bn") return "/";
  return pathname.startsWith("/bn/") ? pathname.slice(3) : pathname;
}
