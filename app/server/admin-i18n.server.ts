/**
 * The back office's language on the server. A signed-in staff member reads it in the language they
 * chose (AdminUser.language, set from the admin header's switch); the sign-in page, before anyone
 * is known, in the browser's remembered storefront language (the `haat_lang` cookie), else the
 * shop's default language (settings).
 */
import { adminTranslator, type AdminTranslate } from "~/i18n/admin";
import { isLang, type Lang } from "~/i18n";
import type { AdminUser } from "~/models/admin-user.server";
import { getShopSettings, shopLanguage } from "~/models/settings.server";
import { chosenLanguage } from "./language-cookie.server";

/** The staff member's back-office language ("en" for a stored value that is not a language). */
export function staffLanguage(user: Pick<AdminUser, "language">): Lang {
  return isLang(user.language) ? user.language : "en";
}

/** The translator in the staff member's language, for an admin loader's or action's texts. */
export function staffTranslator(user: Pick<AdminUser, "language">): AdminTranslate {
  return adminTranslator(staffLanguage(user));
}

/** The sign-in page's language: the browser's remembered language, else the shop's default. */
export async function signInLanguage(request: Request): Promise<Lang> {
  return (await chosenLanguage(request)) ?? shopLanguage(await getShopSettings());
}
