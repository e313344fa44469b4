import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { staffTranslator } from "~/server/admin-i18n.server";
import { destroyAdminSession, getSessionUser } from "~/server/auth/session.server";
import { toastCookie } from "~/server/toast.server";

/**
 * Logout is a POST: it deletes the session row and clears the cookie, then shows the login page
 * (spec section 2). It needs no admin: signing out without a session simply clears the cookie.
 * The "logged out" toast is in the staff member's back-office language.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await getSessionUser(request);
  const t = staffTranslator(user ?? { language: "en" });
  const headers = new Headers();
  headers.append("Set-Cookie", await destroyAdminSession(request));
  headers.append("Set-Cookie", await toastCookie(request, { kind: "info", message: t("admin.loggedOut") }));
  return redirect("/admin/login", { headers });
}

/** A GET changes nothing: it goes to the login page. */
export async function loader(_args: LoaderFunctionArgs) {
  return redirect("/admin/login");
}
