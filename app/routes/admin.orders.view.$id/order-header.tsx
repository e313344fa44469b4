import { Link } from "@remix-run/react";
import { DangerZone } from "~/components/admin/danger-zone";
import { orderSummary } from "~/components/admin/order-summary";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { useHydrated } from "~/hooks/use-hydrated";
import { formatShopDateTime } from "~/i18n/format-date";

/**
 * The order page's heading (order number and when it was placed) and its buttons: back to the list,
 * edit (while the order may still be edited), download and print the invoice (print needs
 * JavaScript). Delete is apart, at the page's foot (OrderDangerZone).
 */
export function OrderHeader({ order, editable }: { order: { id: number; createdAt: Date }; editable: boolean }) {
  const t = useAdminT();
  const lang = useAdminLang();
  const hydrated = useHydrated();
  const buttonClass =
    "inline-flex min-h-11 items-center rounded-md border border-stone-300 bg-white px-4 text-sm font-medium hover:bg-stone-50 print:hidden";
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h1 className="text-2xl font-semibold">{t("admin.order.title", { id: order.id })}</h1>
        <p className="text-sm text-stone-600">
          <time dateTime={order.createdAt.toISOString()}>{formatShopDateTime(order.createdAt, lang)}</time>
        </p>
      </div>
      <div className="flex flex-wrap gap-2 print:hidden">
        <Link to="/admin/orders" className={buttonClass}>
          {t("admin.order.back")}
        </Link>
        {editable ? (
          <Link to={`/admin/orders/edit/${order.id}`} className={buttonClass}>
            {t("admin.edit.link")}
          </Link>
        ) : null}
        <a href={`/admin/orders/view/${order.id}/invoice.png`} download="invoice.png" className={buttonClass}>
          {t("invoice.download")}
        </a>
        {hydrated ? (
          <button type="button" onClick={() => window.print()} className={buttonClass}>
            {t("invoice.print")}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The order page's foot, set apart from the everyday buttons: "Delete Order" with its confirmation
 * step (the list's delete flow: a dialog with JavaScript, the list's confirmation page without).
 */
export function OrderDangerZone({
  order,
}: {
  order: { id: number; customerName: string; totalPaisa: number; createdAt: Date };
}) {
  const t = useAdminT();
  const lang = useAdminLang();
  return (
    <DangerZone
      heading={t("admin.delete.dangerZone")}
      hint={t("admin.order.dangerHint")}
      id={order.id}
      label={t("admin.order.delete")}
      text={t("admin.order.delete")}
      confirmHref={`/admin/orders?delete=${order.id}`}
      action="/admin/orders?index"
      question={t("admin.orders.deleteConfirm")}
      detail={orderSummary(order, t, lang)}
      confirmText={t("admin.orders.deleteButton")}
      cancelText={t("admin.orders.cancel")}
      hidden={{ back: "/admin/orders" }}
    />
  );
}
