import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { isLang, localePath, stripLangPrefix } from "~/i18n";
import { readFormData } from "~/server/form-data.server";
import { rememberLanguage } from "~/server/language-cookie.server";
import { safeLocalPath } from "~/utils/local-path";

/** The back office's pages before a session, whose switch posts here too; they have no /bn copy. */
const SIGN_IN_PAGES = /^\/admin\/(login|two-factor)$/;

/**
 * The storefront header's language switch, and the sign-in page's (plain POST forms, so they work
 * without JavaScript): remembers the chosen language in a cookie (which the storefront and the
 * sign-in page read) and redirects (303) to the page the visitor was on: a storefront page in that
 * language, the sign-in page or its second step as it was. Fields: `lang` ("en" or "bn"; anything
 * else is 400) and `next`, the local path with its query (anything not local falls back to the
 * home page). A signed-in staff member's back-office language is their account's
 * (routes/admin.language.ts), not this cookie's.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const lang = form.get("lang");
  if (!isLang(lang)) throw new Response("Unknown language", { status: 400 });
  const next = new URL(safeLocalPath(form.get("next"), "/"), "http://haat.invalid");
  const target = SIGN_IN_PAGES.test(next.pathname)
    ? `${next.pathname}${next.search}`
    : `${localePath(lang, stripLangPrefix(next.pathname))}${next.search}`;
  return redirect(target, { status: 303, headers: { "Set-Cookie": await rememberLanguage(lang) } });
}

/** A GET (someone followed the form's address) goes home. */
export function loader() {
  return redirect("/");
}
