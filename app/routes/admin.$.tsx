import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireAdmin } from "~/server/auth/auth.server";

/**
 * Any unknown admin path redirects to /admin/login: a signed-out visitor through
 * requireAdmin, a signed-in one to the login page, which sends them on to products.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin/login");
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin/login");
}
