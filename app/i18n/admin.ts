/**
 * Message lookup for the back office, in English and Bangla: the storefront messages (page,
 * checkout, listings, root), the server-only ones (form messages the admin's forms share) and the
 * admin-only messages (app/i18n/admin/, one module per area, assembled in admin/areas.ts).
 * Staff read the back office in the language they chose (AdminUser.language;
 * app/routes/admin.language.ts). Admin components translate with `useAdminT()`
 * (app/hooks/use-admin-t.ts), admin loaders and actions with `adminTranslator(user.language)`.
 * Storefront code never imports this module, so the admin messages never reach a shopper's
 * browser (the storefront budget: a product page loads at most 100 KB of JavaScript).
 */
import { bn } from "./bn";
import { bnAdmin, enAdmin } from "./admin/areas";
import { checkoutMessages } from "./checkout-messages";
import { en } from "./en";
import { listingMessages } from "./listing-messages";
import { fill, isLang, localizeNumbers, registerMessages, type Lang, type MessageParams } from "./index";
import { rootMessages } from "./root-messages";
import { serverMessages } from "./server-messages";
import { trackingMessages } from "./tracking-messages";
import { paymentMessages } from "./payment-messages";

export type { MessageParams };

const englishMessages = {
  ...en,
  ...checkoutMessages.en,
  ...listingMessages.en,
  ...trackingMessages.en,
  ...paymentMessages.en,
  ...rootMessages.en,
  ...serverMessages.en,
  ...enAdmin,
};

/** A key of the back office's messages (storefront, root, server-only and admin-only). */
export type MessageKey = keyof typeof englishMessages;

// Every message module has the same keys in both languages (TypeScript, through `bilingual`, and
// the messages test (messages.test.ts)), as have en.ts and bn.ts; the type below keeps the Bangla messages complete.
const banglaMessages: Record<MessageKey, string> = {
  ...bn,
  ...checkoutMessages.bn,
  ...listingMessages.bn,
  ...trackingMessages.bn,
  ...paymentMessages.bn,
  ...rootMessages.bn,
  ...serverMessages.bn,
  ...bnAdmin,
};

const MESSAGES_BY_LANGUAGE: Record<Lang, Record<MessageKey, string>> = { en: englishMessages, bn: banglaMessages };

// Admin pages show storefront components too (the order status badge, the lists' pagination), which
// translate through the page messages of the staff member's language.
registerMessages("en", en);
registerMessages("en", listingMessages.en);
registerMessages("bn", bn);
registerMessages("bn", listingMessages.bn);

/** The back office's translator: the message for `key` with each `{placeholder}` filled from `params`. */
export type AdminTranslate = (key: MessageKey, params?: MessageParams) => string;

/**
 * The back office's translator for `lang` (anything but "bn" reads as English, so a stored value
 * from an older version cannot break a page). Number parameters are written in the language's
 * digits (৪২ in Bangla), as on the storefront.
 */
export function adminTranslator(lang: Lang | string): AdminTranslate {
  const language: Lang = isLang(lang) ? lang : "en";
  const messages = MESSAGES_BY_LANGUAGE[language];
  return (key, params) => fill(messages[key], params && localizeNumbers(params, language));
}

/** The English back-office translator, for text that has no reader's language (logs, the CLI). */
export const englishAdminT: AdminTranslate = adminTranslator("en");
