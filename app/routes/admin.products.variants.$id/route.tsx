import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminTitle } from "~/components/admin/admin-meta";
import { FormAlert } from "~/components/admin/form-field";
import { AdminPageHeader } from "~/components/admin/page-header";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { getVariantEditor } from "~/models/catalogue/product-variants.server";
import { localText } from "~/rules/variants";
import { staffTranslator } from "~/server/admin-i18n.server";
import { audit } from "~/server/audit.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { readFormData } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast-cookie.server";
import { notFound, requireId } from "~/utils/params";
import { OptionsForm } from "./options-form";
import { VariantsTable } from "./variants-table";
import { handleVariantsForm } from "./variants-form.server";

export const meta = adminTitle("admin.variants.title");

/**
 * The product's options (with values), variants and pictures, for owners and staff alike (as the
 * product form). A missing product throws 404; a failure 500 (the ErrorBoundary says which).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const editor = await getVariantEditor(requireId(params.id));
  if (!editor) throw notFound();
  return editor;
}

/**
 * Saves the options (generating the combinations) or the variants table, records it in the audit
 * trail and shows this page again with a message; a refusal answers 400 (404, 500) with the
 * messages and what was typed, nothing saved.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const productId = requireId(params.id);
  const form = await readFormData(request);
  const result = await handleVariantsForm(form, productId, staffTranslator(user), user);
  if (result.ok) {
    await audit(context, user, result.saved);
    return redirectWithToast(request, result.redirectTo, result.toast);
  }
  return data(result, { status: result.status });
}

/** /admin/products/variants/:id: step 1 the options, step 2 the variants table. */
export default function ProductVariantsPage() {
  const t = useAdminT();
  const lang = useAdminLang();
  const editor = useLoaderData<typeof loader>();
  const problem = useActionData<typeof action>() ?? null;
  const refused = problem && !problem.ok ? problem : null;
  const optionsRefill = refused?.intent === "options" ? refused : null;
  const tableRefill = refused && refused.intent !== "options" ? refused : null;
  // The forms are uncontrolled: a new key after a save shows what was saved, not what was typed before.
  const optionsKey = JSON.stringify(editor.options) + (optionsRefill ? JSON.stringify(optionsRefill.values) : "");
  const tableKey = JSON.stringify(editor.variants) + (tableRefill ? JSON.stringify(tableRefill.values) : "");
  return (
    <section aria-labelledby="variants-page-title" className="space-y-6">
      <AdminPageHeader
        id="variants-page-title"
        title={t("admin.variants.title")}
        subtitle={t("admin.variants.subtitle", { name: localText(editor.product.name, editor.product.nameBn, lang) })}
      />
      <p>
        <Link
          to={`/admin/products/edit/${editor.product.id}`}
          className="inline-flex min-h-11 items-center font-medium text-amber-800 underline"
        >
          {t("admin.variants.back")}
        </Link>
      </p>
      <FormAlert message={refused?.formError} refusal={refused} />
      <OptionsForm key={optionsKey} options={editor.options} refill={optionsRefill} />
      <VariantsTable key={tableKey} editor={editor} refill={tableRefill} />
    </section>
  );
}

export const ErrorBoundary = adminErrorBoundary({
  notFound: "admin.variants.notFound",
  failed: "admin.variants.loadFailed",
  backTo: "/admin/products",
  backLabel: "admin.variants.backToProducts",
});
