/**
 * The back office's language on the server. A signed-in staff member reads it in the language they
 * chose (AdminUser.language, set from the admin header's switch); the sign-in page, before anyone
 * is known, in the browser's remembered language (the `haat_lang` cookie, set by the storefront's
 * switch or the sign-in page's own), else the first of English and Bangla the browser asks for
 * (`Accept-Language`), else the shop's default language (settings).
 */
import Negotiator from "negotiator";
import { adminTranslator, type AdminTranslate } from "~/i18n/admin";
import { isLang, LANGUAGES, type Lang } from "~/i18n";
import type { AdminUser } from "~/models/auth/admin-user.server";
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

/**
 * The first of the shop's languages in an `Accept-Language` header, by the browser's preference
 * (RFC 9110 §12.5.4, negotiated by the `negotiator` package: `q` weights, `q=0` as "not this one",
 * a region such as `bn-BD` matching `bn`): "bn-BD,bn;q=0.9,en;q=0.8" → "bn", "en-US,bn;q=0.5" →
 * "en". Null when the header is absent or names neither (a "*" names none).
 */
export function acceptedLanguage(header: string | null): Lang | null {
  // A wildcard would make the negotiation pick the first language offered: it names none.
  const named = (header ?? "")
    .split(",")
    .filter((range) => !/^\s*\*\s*(;|$)/.test(range))
    .join(",");
  if (named.trim() === "") return null;
  const [best] = new Negotiator({ headers: { "accept-language": named } }).languages([...LANGUAGES]);
  return isLang(best) ? best : null;
}

/**
 * The sign-in page's language (and its second step's): the browser's remembered language, else
 * the one its `Accept-Language` prefers (acceptedLanguage), else the shop's default.
 */
export async function signInLanguage(request: Request): Promise<Lang> {
  return (
    (await chosenLanguage(request)) ??
    acceptedLanguage(request.headers.get("Accept-Language")) ??
    shopLanguage(await getShopSettings())
  );
}
