import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { signOut } from "~/server/auth/sign-in.server";

/**
 * Logout is a POST: it deletes the session row and clears the cookie, then shows the login page
 * with a "logged out" message in the staff member's back-office language. It needs no admin:
 * signing out without a session simply clears the cookie.
 */
export async function action({ request }: ActionFunctionArgs) {
  return signOut(request);
}

/** A GET changes nothing: it goes to the login page. */
export async function loader(_args: LoaderFunctionArgs) {
  return redirect("/admin/login");
}
