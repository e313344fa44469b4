/**
 * /admin/products/save and /admin/categories/save: the catalogue forms' upload endpoint for
 * JavaScript (see `answerSaveEndpoint`). A GET shows nothing: it goes back to the list.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { staffTranslator } from "~/server/admin-i18n.server";
import { requireAdmin } from "~/server/auth.server";
import { answerSaveEndpoint, saveCategoryForm, saveProductForm } from "~/services/catalogue-forms.server";
import { notFound } from "~/utils/params";

/** The save of each catalogue list, by the list's URL segment. */
const SAVES = { products: saveProductForm, categories: saveCategoryForm } as const;

/** The list named by the URL (`products` or `categories`). @throws {Response} 404 for any other. */
function listOf(params: LoaderFunctionArgs["params"]): keyof typeof SAVES {
  const list = params.list;
  if (list === "products" || list === "categories") return list;
  throw notFound();
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect(`/admin/${listOf(params)}`);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  return answerSaveEndpoint(request, SAVES[listOf(params)], staffTranslator(user));
}
