import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireAdmin } from "~/server/auth.server";
import { answerSaveEndpoint, saveCategoryForm } from "~/services/catalogue-forms.server";

/** Nothing to show here: the endpoint only takes uploads. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin/categories");
}

/** The category form's upload endpoint for JavaScript: see `answerSaveEndpoint`. */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  return answerSaveEndpoint(request, saveCategoryForm);
}
