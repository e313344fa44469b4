import { Link } from "@remix-run/react";
import { DeleteButton } from "~/components/admin/confirm-delete";
import { orderSummary } from "~/components/admin/order-summary";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { useHydrated } from "~/hooks/use-hydrated";
import { formatShopDateTime } from "~/i18n/format";

/**
 * The order page's heading (order number and when it was placed) and its buttons: back to the list,
 * edit (while the order may still be edited), download and print the invoice (print needs
 * JavaScript), and delete (with its confirmation step).
 */
export function OrderHeader({
  order,
  editable,
}: {
  order: { id: number; customerName: string; totalPaisa: number; createdAt: Date };
  editable: boolean;
}) {
  const t = useAdminT();
  const lang = useAdminLang();
  const hydrated = useHydrated();
  const buttonClass =
    "rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-medium hover:bg-stone-50 print:hidden";
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
        <DeleteButton
          id={order.id}
          label={t("admin.order.delete")}
          text={t("admin.order.delete")}
          className="rounded-md border border-red-300 bg-white px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50"
          confirmHref={`/admin/orders?delete=${order.id}`}
          action="/admin/orders?index"
          question={t("admin.orders.deleteConfirm")}
          detail={orderSummary(order, t, lang)}
          confirmText={t("admin.orders.deleteButton")}
          cancelText={t("admin.orders.cancel")}
          hidden={{ back: "/admin/orders" }}
        />
      </div>
    </div>
  );
}
