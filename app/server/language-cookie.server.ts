/**
 * The shopper's remembered language (docs/decisions/023-languages-in-the-url.md): set by the
 * header's language switch, read only where a URL does not say the language itself (the home
 * page at `/`). Not signed: it holds nothing but "en" or "bn", and a forged value changes only
 * which language its own sender sees.
 */
import { createCookie } from "@remix-run/node";
import { getEnv } from "~/config/env.server";
import { isLang, type Lang } from "~/i18n";
import { hostCookieName } from "./cookie-name.server";

/**
 * The language cookie's name without its prefix: the cookie is `__Host-haat_lang` when COOKIE_SECURE
 * (`hostCookieName`). The home page's key in the page cache reads it
 * (app/server/http/page-cache/page-key.server.ts).
 */
export const LANGUAGE_COOKIE_NAME = "haat_lang";

const languageCookie = createCookie(hostCookieName(LANGUAGE_COOKIE_NAME, getEnv().COOKIE_SECURE), {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: getEnv().COOKIE_SECURE,
  maxAge: 60 * 60 * 24 * 365, // a year, in seconds
});

/** The language the request's browser chose with the switch, or null when it never did. */
export async function chosenLanguage(request: Request): Promise<Lang | null> {
  const value: unknown = await languageCookie.parse(request.headers.get("Cookie"));
  return isLang(value) ? value : null;
}

/** The Set-Cookie header value that remembers `lang`. */
export function rememberLanguage(lang: Lang): Promise<string> {
  return languageCookie.serialize(lang);
}
