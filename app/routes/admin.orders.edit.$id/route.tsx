import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminMetaTranslator } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { useAdminT } from "~/hooks/use-admin-t";
import { getOrderForAdmin } from "~/models/orders/order-reads.server";
import { getActiveVariantsOfProducts } from "~/models/catalogue/cart-variants.server";
import { searchProductSuggestions } from "~/models/catalogue/search-suggestions.server";
import { localLineItemName } from "~/rules/variants";
import { unitPricePaisa } from "~/rules/money";
import { isEditable } from "~/rules/order-edit";
import { normalizeSearchQuery } from "~/rules/search";
import { staffLanguage } from "~/server/admin-i18n.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { readFormData } from "~/server/form-data.server";
import { notFound, requireId } from "~/utils/params";
import { AddProduct } from "./add-product";
import { EditForm } from "./edit-form";
import type { OrderEditRefusal } from "./edit-fields";
import { saveOrderEdit } from "./order-edit.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = adminMetaTranslator(matches);
  return [{ title: data ? t("admin.edit.title", { id: data.order.id }) : t("admin.order.notFound") }];
};

/** Products offered by the add search: a few, the best matches. */
const ADD_RESULTS = 8;

/**
 * The order as the edit form shows it, whether it may still be edited (docs/decisions/031), its
 * `version` (updatedAt in ms), and with `?q=` the products matching the add search.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = staffLanguage(await requireAdmin(request));
  const id = requireId(params.id);
  const order = await getOrderForAdmin(id);
  if (!order) throw notFound();
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const query = normalizeSearchQuery(q);
  const found = query ? await searchProductSuggestions(query, ADD_RESULTS) : [];
  const results = (await getActiveVariantsOfProducts(found.map((product) => product.id))).map((variant) => ({
    id: variant.variantId,
    // Named in the staff member's language.
    name: localLineItemName(
      {
        productName: variant.name,
        productNameBn: variant.nameBn,
        variantLabel: variant.label,
        variantLabelBn: variant.labelBn,
      },
      lang,
    ),
    unitPricePaisa: unitPricePaisa(variant),
  }));
  return { order, editable: isEditable(order), version: order.updatedAt.getTime(), q: q.slice(0, 100), results };
}

/**
 * `intent=save`: the quantities (`quantity-<line id>`) and delivery details; `intent=add`: one
 * product and its quantity (order-edit.server.ts). Then the order page with the new total; a refusal
 * keeps what was typed (400 on this page); a conflict shows the order as it is now.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = requireId(params.id);
  return saveOrderEdit({ request, context, admin, id, form: await readFormData(request) });
}

/** /admin/orders/edit/:id: the line items' quantities, the delivery details, and a product to add. */
export default function OrderEditPage() {
  const t = useAdminT();
  const { order, editable, version, q, results } = useLoaderData<typeof loader>();
  const problem = useActionData<typeof action>() as OrderEditRefusal | undefined;
  const back = `/admin/orders/view/${order.id}`;

  if (!editable) {
    return (
      <section aria-labelledby="edit-title" className="max-w-3xl space-y-4" data-testid="edit-locked">
        <AdminPageHeader
          id="edit-title"
          title={t("admin.edit.title", { id: order.id })}
          subtitle={t("admin.edit.locked")}
        />
        <Link to={back} className="font-medium text-amber-800 underline">
          {t("admin.edit.cancel")}
        </Link>
      </section>
    );
  }

  return (
    <section aria-labelledby="edit-title" className="max-w-3xl space-y-6">
      <AdminPageHeader
        id="edit-title"
        title={t("admin.edit.title", { id: order.id })}
        subtitle={t("admin.edit.subtitle")}
      />

      <EditForm order={order} version={version} problem={problem} />

      <AddProduct version={version} q={q} results={results} />
    </section>
  );
}

export const ErrorBoundary = adminErrorBoundary({
  notFound: "admin.order.notFound",
  backTo: "/admin/orders",
  backLabel: "admin.order.back",
});
