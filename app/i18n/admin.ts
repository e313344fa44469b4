/**
 * Message lookup for the back office, in English and Bangla: the storefront catalogues (page,
 * checkout, listings, root), the server-only ones (form messages the admin's forms share) and the
 * admin-only messages (app/i18n/en-admin.ts, app/i18n/bn-admin.ts). Staff read the back office in
 * the language they chose (AdminUser.language; app/routes/admin.language.ts). Admin components
 * translate with `useAdminT()` (app/hooks/use-admin-t.ts), admin loaders and actions with
 * `adminTranslator(user.language)`. Storefront code never imports this module, so the admin
 * messages never reach a shopper's browser (the storefront budget: a product page loads at most
 * 100 KB of JavaScript).
 */
import { bn } from "./bn";
import { bnAdmin } from "./bn-admin";
import { bnServer } from "./bn-server";
import { checkoutMessages } from "./checkout-messages";
import { en } from "./en";
import { enAdmin } from "./en-admin";
import { enServer } from "./en-server";
import { listingMessages } from "./listing-messages";
import { fill, isLang, localizeNumbers, registerCatalogue, type Lang, type MessageParams } from "./index";
import { rootMessages } from "./root-messages";
import { trackingMessages } from "./tracking-messages";

export type { MessageParams };

const englishCatalogue = {
  ...en,
  ...checkoutMessages.en,
  ...listingMessages.en,
  ...trackingMessages.en,
  ...rootMessages.en,
  ...enServer,
  ...enAdmin,
};

/** A key of the back office's messages (storefront, root, server-only and admin-only). */
export type MessageKey = keyof typeof englishCatalogue;

// The catalogue test (app/i18n/catalogue.test.ts) proves each pair has the same keys, so the Bangla
// catalogue is complete; the type below keeps it so when one of them grows.
const banglaCatalogue: Record<MessageKey, string> = {
  ...bn,
  ...checkoutMessages.bn,
  ...listingMessages.bn,
  ...trackingMessages.bn,
  ...rootMessages.bn,
  ...bnServer,
  ...bnAdmin,
};

const CATALOGUES: Record<Lang, Record<MessageKey, string>> = { en: englishCatalogue, bn: banglaCatalogue };

// Admin pages show storefront components too (the order status badge, the lists' pagination), which
// translate through the page catalogues of the staff member's language.
registerCatalogue("en", en);
registerCatalogue("en", listingMessages.en);
registerCatalogue("bn", bn);
registerCatalogue("bn", listingMessages.bn);

/** The back office's translator: the message for `key` with each `{placeholder}` filled from `params`. */
export type AdminTranslate = (key: MessageKey, params?: MessageParams) => string;

/**
 * The back office's translator for `lang` (anything but "bn" reads as English, so a stored value
 * from an older version cannot break a page). Number parameters are written in the language's
 * digits (৪২ in Bangla), as on the storefront.
 */
export function adminTranslator(lang: Lang | string): AdminTranslate {
  const language: Lang = isLang(lang) ? lang : "en";
  const catalogue = CATALOGUES[language];
  return (key, params) => fill(catalogue[key], params && localizeNumbers(params, language));
}

/** The English back-office translator, for text that has no reader's language (logs, the CLI). */
export const englishAdminT: AdminTranslate = adminTranslator("en");
