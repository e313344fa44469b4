/**
 * /admin/orders/delete/:id: the confirmation step of deleting an order (spec section 8's question),
 * used as a page without JavaScript; with it the same POST comes from a dialog (order-delete-dialog).
 * The action deletes the line items and the order in one transaction (spec section 7), then
 * redirects to `back` (a local /admin/orders list URL, so filters and page are kept) with a message.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OrderDeleteForm } from "~/components/admin/order-delete-dialog";
import { OrderErrorBoundary } from "~/components/admin/load-problem";
import { t } from "~/i18n/admin";
import { deleteOrder, getOrderSummary, parseOrderIdParam } from "~/models/order.server";
import { requireAdmin, safeRedirect } from "~/server/auth.server";
import { formatShopDateTime } from "~/rules/invoice";
import { formatMoney } from "~/rules/money";
import { redirectWithToast } from "~/server/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? t("admin.orders.deleteTitle", { id: data.order.id }) : t("admin.order.notFound") },
];

/** Where to go after deleting or cancelling: a local /admin/orders list URL, else the list. */
function listUrl(back: FormDataEntryValue | string | null): string {
  const path = safeRedirect(typeof back === "string" ? back : null, "/admin/orders");
  return /^\/admin\/orders\/?(\?|$)/.test(path) ? path : "/admin/orders";
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const order = await getOrderSummary(parseOrderIdParam(params.id));
  if (!order) throw new Response(t("admin.order.notFound"), { status: 404 });
  return { order, back: listUrl(new URL(request.url).searchParams.get("back")) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const id = parseOrderIdParam(params.id);
  const back = listUrl((await request.formData()).get("back"));
  try {
    if (!(await deleteOrder(id))) {
      return redirectWithToast(request, back, { kind: "error", message: t("admin.orders.deleteMissing", { id }) });
    }
  } catch (error) {
    console.error(error);
    return redirectWithToast(request, back, { kind: "error", message: t("admin.orders.deleteFailed") });
  }
  return redirectWithToast(request, back, { kind: "success", message: t("admin.orders.deleted", { id }) });
}

export default function DeleteOrderPage() {
  const { order, back } = useLoaderData<typeof loader>();
  return (
    <section
      aria-labelledby="delete-title"
      className="mx-auto max-w-lg rounded-lg border border-stone-200 bg-white p-6"
      data-testid="order-delete-confirm"
    >
      <h1 id="delete-title" className="text-xl font-semibold">
        {t("admin.orders.deleteTitle", { id: order.id })}
      </h1>
      <p className="mt-2 text-stone-700">{t("admin.orders.deleteConfirm")}</p>
      <p className="mt-3 text-sm text-stone-600">
        {t("admin.orders.deleteSummary", {
          name: order.customerName,
          amount: formatMoney(order.totalPaisa, { signAfter: true }),
          date: formatShopDateTime(order.createdAt),
        })}
      </p>
      <OrderDeleteForm id={order.id} back={back} />
    </section>
  );
}

export { OrderErrorBoundary as ErrorBoundary };
