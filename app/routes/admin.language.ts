import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { isLang } from "~/i18n";
import { setAdminLanguage } from "~/models/auth/admin-user.server";
import { requireAdmin, safeRedirect } from "~/server/auth/auth.server";
import { readFormData } from "~/server/form-data.server";

/**
 * The admin header's language switch (a plain POST form, so it works without JavaScript): stores
 * the signed-in staff member's back-office language on their account, so it follows them to every
 * device, and redirects (303) to the admin page they were on. Fields: `lang` ("en" or "bn";
 * anything else is 400) and `next`, a local /admin path (anything else falls back to the dashboard).
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const form = await readFormData(request);
  const lang = form.get("lang");
  if (!isLang(lang)) throw new Response("Unknown language", { status: 400 });
  await setAdminLanguage(user.id, lang);
  return redirect(safeRedirect(form.get("next"), "/admin/dashboard"), { status: 303 });
}

/** A GET (someone followed the form's address) goes to the dashboard, after the admin check. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin/dashboard");
}
