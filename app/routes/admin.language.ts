import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { isLang } from "~/i18n";
import { setAdminLanguage } from "~/models/admin-user.server";
import { requireAdmin, safeRedirect, signedInAdmin } from "~/server/auth/auth.server";
import { readFormData } from "~/server/form-data.server";
import { rememberLanguage } from "~/server/language-cookie.server";
import { safeLocalPath } from "~/utils/local-path";

/** The pages before a session, whose switch posts here too: the sign-in page and its second step. */
const BEFORE_SIGN_IN = /^\/admin\/(login|two-factor)(\?|$)/;

/**
 * The back office's language switches (plain POST forms, so they work without JavaScript). From
 * the admin header: stores the signed-in staff member's back-office language on their account, so
 * it follows them to every device, and redirects (303) to the admin page they were on. From the
 * sign-in page or its second step, before anyone is known: remembers the choice in the browser
 * (the `haat_lang` cookie the sign-in page reads, the one the storefront's switch sets) and goes
 * back to that page. Fields: `lang` ("en" or "bn"; anything else is 400) and `next`, a local
 * /admin path (anything else falls back to the dashboard, or to the sign-in page before signing in).
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const lang = form.get("lang");
  if (!(await signedInAdmin(request))) {
    if (!isLang(lang)) throw new Response("Unknown language", { status: 400 });
    const next = safeLocalPath(form.get("next"), "/admin/login");
    return redirect(BEFORE_SIGN_IN.test(next) ? next : "/admin/login", {
      status: 303,
      headers: { "Set-Cookie": await rememberLanguage(lang) },
    });
  }
  const user = await requireAdmin(request);
  if (!isLang(lang)) throw new Response("Unknown language", { status: 400 });
  await setAdminLanguage(user.id, lang);
  return redirect(safeRedirect(form.get("next"), "/admin/dashboard"), { status: 303 });
}

/** A GET (someone followed the form's address) goes to the dashboard, after the admin check. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin/dashboard");
}
