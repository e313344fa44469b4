/**
 * /admin/products/upload and /admin/categories/upload: the catalogue forms' upload endpoint for
 * JavaScript (see `answerUploadEndpoint`). A GET shows nothing: it goes back to the list.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { staffTranslator } from "~/server/admin-i18n.server";
import { audit } from "~/server/audit.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { answerUploadEndpoint, saveCategoryForm, saveProductForm } from "~/server/catalogue/catalogue-forms.server";
import { notFound } from "~/utils/params";

/** The list named by the URL (`products` or `categories`). @throws {Response} 404 for any other. */
function listOf(params: LoaderFunctionArgs["params"]): "products" | "categories" {
  const list = params.list;
  if (list === "products" || list === "categories") return list;
  throw notFound();
}

/** A GET of the endpoint: back to the list (404 for an unknown list). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect(`/admin/${listOf(params)}`);
}

/** Saves the product or category form sent by JavaScript and answers JSON (answerUploadEndpoint); a save is audited. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const t = staffTranslator(user);
  const onSaved = (saved: Parameters<typeof audit>[2]) => audit(context, user, saved);
  if (listOf(params) === "categories") return answerUploadEndpoint(request, saveCategoryForm, t, onSaved);
  // The product form records who changed the stock.
  return answerUploadEndpoint(request, (req, id, translate) => saveProductForm(req, id, translate, user), t, onSaved);
}
