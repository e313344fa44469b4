import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { isLang, localePath, stripLangPrefix } from "~/i18n";
import { readFormData } from "~/server/form-data.server";
import { rememberLanguage } from "~/server/language-cookie.server";
import { safeLocalPath } from "~/utils/local-path";

/**
 * The header's language switch (a plain POST form, so it works without JavaScript): remembers the
 * chosen language in a cookie and redirects (303) to the page the shopper was on, in that language.
 * Fields: `lang` ("en" or "bn"; anything else is 400) and `next`, the local path with its query
 * (anything not local falls back to the home page).
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const lang = form.get("lang");
  if (!isLang(lang)) throw new Response("Unknown language", { status: 400 });
  const next = new URL(safeLocalPath(form.get("next"), "/"), "http://haat.invalid");
  const target = `${localePath(lang, stripLangPrefix(next.pathname))}${next.search}`;
  return redirect(target, { status: 303, headers: { "Set-Cookie": await rememberLanguage(lang) } });
}

/** A GET (someone followed the form's address) goes home. */
export function loader() {
  return redirect("/");
}
