import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DashboardErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminTitle } from "~/components/admin/admin-meta";
import { AdminTable } from "~/components/admin/admin-table";
import { ConfirmDeletePanel, DeleteButton } from "~/components/admin/confirm-delete";
import { AdminPageHeader } from "~/components/admin/page-header";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { localDigits } from "~/i18n/format";
import { formatShopDateTime } from "~/i18n/format-date";
import { getVariantsForCart } from "~/models/catalogue/cart-variants.server";
import { deleteDraft, listDrafts } from "~/models/orders/draft-order.server";
import { deliveryFees, getShopSettings } from "~/models/settings.server";
import { discountedTotals } from "~/rules/discount-codes";
import { shippingMethodOf } from "~/rules/districts";
import { formatMoney } from "~/rules/money";
import { orderTotals, priceCart } from "~/rules/pricing";
import { staffTranslator } from "~/server/admin-i18n.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { readFormData } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast-cookie.server";

export const meta = adminTitle("admin.drafts.title");

/**
 * The drafts, the most recently saved first, each with who saved it, the shopper's phone and name,
 * its items and a total estimated at today's prices (lines no longer for sale left out; the
 * district's fee or the owner's; the discount), the order it became, and `?delete=<id>`'s draft
 * for the confirmation step without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const drafts = await listDrafts();
  const variants = await getVariantsForCart([
    ...new Set(drafts.flatMap((draft) => draft.items.map((item) => item.variantId))),
  ]);
  const fees = deliveryFees(await getShopSettings());
  const rows = drafts.map((draft) => {
    const cart = priceCart(draft.items, variants);
    const zone = shippingMethodOf(draft.district);
    const fee = draft.shippingFeePaisa ?? (zone ? orderTotals(cart.subtotalPaisa, zone, fees).shippingFeePaisa : 0);
    const totals = discountedTotals(cart.subtotalPaisa, fee, {
      discountPaisa: Math.min(draft.discountPaisa, cart.subtotalPaisa),
      freeDelivery: false,
    });
    return {
      id: draft.id,
      updatedAt: draft.updatedAt,
      createdByEmail: draft.createdByEmail,
      phone: draft.customerPhone,
      name: draft.customerName,
      itemCount: draft.items.reduce((sum, item) => sum + item.quantity, 0),
      estimatePaisa: totals.totalPaisa,
      orderId: draft.orderId,
    };
  });
  const deleting = Number(new URL(request.url).searchParams.get("delete") ?? "");
  return { rows, confirming: rows.find((row) => row.id === deleting) ?? null };
}

/** `intent=delete`, `id`: deletes the draft (its order, if it became one, stays), then the list with a message. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const t = staffTranslator(admin);
  const form = await readFormData(request);
  const id = Number(form.get("id"));
  if (form.get("intent") !== "delete" || !Number.isSafeInteger(id) || !(await deleteDraft(id))) {
    return redirectWithToast(request, "/admin/orders/drafts", {
      kind: "error",
      message: t("admin.staffOrder.draftNotFound"),
    });
  }
  return redirectWithToast(request, "/admin/orders/drafts", {
    kind: "success",
    message: t("admin.drafts.deleted", { id }),
  });
}

/** /admin/orders/drafts: the orders staff saved to place later (a table, cards on a phone). */
export default function DraftsPage() {
  const t = useAdminT();
  const lang = useAdminLang();
  const { rows, confirming } = useLoaderData<typeof loader>();
  const confirmation = (id: number) => ({
    id,
    action: "/admin/orders/drafts",
    question: t("admin.drafts.deleteConfirm", { id }),
    detail: t("admin.drafts.subtitle"),
    confirmText: t("admin.drafts.deleteYes", { id }),
  });
  return (
    <section aria-labelledby="drafts-title" className="space-y-6">
      <AdminPageHeader
        id="drafts-title"
        title={t("admin.drafts.title")}
        subtitle={t("admin.drafts.subtitle")}
        action={{ to: "/admin/orders/new", label: t("admin.drafts.new") }}
      />
      {confirming ? (
        <ConfirmDeletePanel
          {...confirmation(confirming.id)}
          cancelText={t("admin.orders.cancel")}
          cancelHref="/admin/orders/drafts"
        />
      ) : null}
      {rows.length === 0 ? (
        <p
          className="rounded-lg border border-dashed border-stone-300 bg-white p-8 text-center"
          data-testid="drafts-empty"
        >
          {t("admin.drafts.empty")}
        </p>
      ) : (
        <AdminTable
          columns={[
            { label: t("admin.drafts.colDraft") },
            { label: t("admin.drafts.colShopper") },
            { label: t("admin.drafts.colItems") },
            { label: t("admin.drafts.colEstimate") },
            { label: t("admin.drafts.colState") },
            { label: t("admin.drafts.delete"), srOnly: true },
          ]}
        >
          {rows.map((row) => (
            <tr key={row.id} data-testid="draft-row">
              <td className="px-4 py-3">
                {row.orderId === null ? (
                  <Link
                    to={`/admin/orders/new?draft=${row.id}`}
                    className="inline-flex min-h-11 items-center font-semibold text-amber-800 underline"
                  >
                    {t("admin.drafts.open", { id: row.id })}
                  </Link>
                ) : (
                  <span className="font-semibold">#{localDigits(String(row.id), lang)}</span>
                )}
                <span className="block text-sm text-stone-600">
                  <time dateTime={new Date(row.updatedAt).toISOString()}>
                    {formatShopDateTime(new Date(row.updatedAt), lang)}
                  </time>
                  {row.createdByEmail ? (
                    <span className="block break-all" translate="no">
                      {row.createdByEmail}
                    </span>
                  ) : null}
                </span>
              </td>
              <td className="px-4 py-3">
                <span className="block tabular-nums" translate="no">
                  {row.phone ? localDigits(row.phone, lang) : t("admin.drafts.noPhone")}
                </span>
                <span className="block" translate="no">
                  {row.name}
                </span>
              </td>
              <td className="px-4 py-3">{localDigits(String(row.itemCount), lang)}</td>
              <td className="px-4 py-3 tabular-nums">{formatMoney(row.estimatePaisa, { lang })}</td>
              <td className="px-4 py-3">
                {row.orderId === null ? (
                  t("admin.drafts.pending")
                ) : (
                  <Link
                    to={`/admin/orders/view/${row.orderId}`}
                    className="inline-flex min-h-11 items-center font-medium text-amber-800 underline"
                  >
                    {t("admin.drafts.placedAs", { id: localDigits(String(row.orderId), lang) })}
                  </Link>
                )}
              </td>
              <td className="px-4 py-3">
                <DeleteButton
                  {...confirmation(row.id)}
                  label={t("admin.drafts.deleteConfirm", { id: row.id })}
                  text={t("admin.drafts.delete")}
                  confirmHref={`/admin/orders/drafts?delete=${row.id}`}
                  cancelText={t("admin.orders.cancel")}
                  className="inline-flex min-h-11 items-center font-medium text-red-700 hover:underline"
                />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
