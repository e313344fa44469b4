import { Link, useNavigate } from "@remix-run/react";
import { useEffect, type RefObject } from "react";
import { AdminTable } from "~/components/admin/admin-table";
import { DeleteButton } from "~/components/admin/confirm-delete";
import { districtLabel, orderSummary } from "~/components/admin/order-summary";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { formatInteger, localDigits } from "~/i18n/format";
import { formatShopDateTime } from "~/i18n/format-date";
import type { OrderRiskSignals } from "~/models/order.server";
import { deliveryStateLabel } from "~/rules/delivery-state";
import { formatMoney } from "~/rules/money";
import { localLineItemName } from "~/rules/variants";

/** One order as the list shows it (the loader's page of orders). */
type OrderListRow = {
  id: number;
  createdAt: Date;
  customerName: string;
  customerPhone: string;
  district: string | null;
  itemCount: number;
  totalPaisa: number;
  status: string;
  confirmedAt: Date | null;
  deliveryState: string | null;
  /** The first lines, named as the order snapshotted them, in both languages: the product and its variant's label ("" for none). */
  items: {
    productName: string;
    productNameBn: string;
    variantLabel: string;
    variantLabelBn: string;
    quantity: number;
  }[];
  _count: { items: number };
};

/**
 * The orders table: #id (with its selection tick and date), customer, phone (with its signals),
 * quantity, products ('name × quantity', comma-joined, or 'No products'), amount followed by ৳,
 * status (with the confirmation and courier badges), View and, for an owner, Delete.
 */
export function OrdersTable({
  orders,
  risks,
  isOwner,
  back,
  confirmHref,
}: {
  orders: OrderListRow[];
  risks: Record<number, OrderRiskSignals>;
  isOwner: boolean;
  /** The list as it is now (filters and page), where a deletion comes back to. */
  back: string;
  /** The no-JavaScript confirmation step's URL for deleting an order. */
  confirmHref: (id: number) => string;
}) {
  const t = useAdminT();
  const lang = useAdminLang();
  return (
    <AdminTable
      columns={[
        { label: t("admin.orders.id") },
        { label: t("admin.orders.customer") },
        { label: t("admin.orders.phone") },
        { label: t("admin.orders.quantity") },
        { label: t("admin.orders.products") },
        { label: t("admin.orders.amount"), align: "right" },
        { label: t("admin.orders.status") },
        { label: t("admin.orders.actions") },
      ]}
    >
      {orders.map((order) => {
        const href = `/admin/orders/view/${order.id}`;
        const more = order._count.items - order.items.length;
        return (
          <tr
            key={order.id}
            data-testid="order-row"
            data-order-id={order.id}
            data-href={href}
            className="cursor-pointer hover:bg-amber-50"
          >
            <td className="px-4 py-3 font-medium">
              {/* Ticks belong to the selection form above the table (the `form` attribute). */}
              <input
                type="checkbox"
                name="order"
                value={order.id}
                form="order-selection"
                aria-label={t("admin.courier.selectOrder", { id: order.id })}
                className="mr-2 h-5 w-5 align-middle"
                data-testid="order-select"
              />
              #{formatInteger(order.id, lang)}
              <time
                dateTime={order.createdAt.toISOString()}
                className="block text-xs font-normal whitespace-nowrap text-stone-600"
              >
                {formatShopDateTime(order.createdAt, lang)}
              </time>
            </td>
            <td className="px-4 py-3">
              <span translate="no">{order.customerName}</span>
              {order.district ? (
                <span className="block text-xs text-stone-600">{districtLabel(order.district, lang)}</span>
              ) : null}
            </td>
            <td className="px-4 py-3">
              {/* A tap on a phone calls the shopper to confirm the order. */}
              <a href={`tel:${order.customerPhone}`} className="block whitespace-nowrap underline" translate="no">
                {localDigits(order.customerPhone, lang)}
              </a>
              <PhoneSignalsBrief risk={risks[order.id]} />
            </td>
            <td className="px-4 py-3" data-label={t("admin.orders.quantity")}>
              {formatInteger(order.itemCount, lang)}
            </td>
            <td className="px-4 py-3" data-wide="">
              {order.items.length === 0
                ? t("admin.orders.noProducts")
                : order.items.map((item, index) => (
                    <span key={index}>
                      {index > 0 ? ", " : null}
                      <span translate="no">{localLineItemName(item, lang)}</span> × {formatInteger(item.quantity, lang)}
                    </span>
                  ))}
              {more > 0 ? ` ${t("admin.orders.moreItems", { count: more })}` : null}
            </td>
            <td className="whitespace-nowrap px-4 py-3 text-right">
              {formatMoney(order.totalPaisa, { signAfter: true, lang })}
            </td>
            <td className="px-4 py-3">
              <OrderStatusBadge status={order.status} />
              <ConfirmationBrief status={order.status} confirmed={order.confirmedAt !== null} />
              {order.deliveryState ? (
                <span className="mt-1 block text-xs text-sky-800" data-testid="delivery-badge">
                  {t("admin.courier.listState", { state: deliveryStateLabel(order.deliveryState, t) })}
                </span>
              ) : null}
            </td>
            <td className="whitespace-nowrap px-4 py-3" data-wide="">
              <Link
                to={href}
                aria-label={t("admin.orders.viewLabel", { id: order.id })}
                className="font-medium text-amber-800 underline"
              >
                {t("admin.orders.view")}
              </Link>
              {isOwner ? (
                <DeleteButton
                  id={order.id}
                  label={t("admin.orders.deleteLabel", { id: order.id })}
                  text={t("admin.orders.delete")}
                  className="ml-4 font-medium text-red-700 underline"
                  confirmHref={confirmHref(order.id)}
                  action="/admin/orders?index"
                  question={t("admin.orders.deleteConfirm")}
                  detail={orderSummary(order, t, lang)}
                  confirmText={t("admin.orders.deleteButton")}
                  cancelText={t("admin.orders.cancel")}
                  hidden={{ back }}
                />
              ) : null}
            </td>
          </tr>
        );
      })}
    </AdminTable>
  );
}

/**
 * Row click (JavaScript only, delegated from `section`, which outlives the table): a click on a
 * row's cell, not on one of its links or buttons, opens the order (a new tab with Ctrl, ⌘ or
 * Shift). Not a focus stop: keyboard users have the View link in the same row.
 */
export function useRowClicks(section: RefObject<HTMLElement>) {
  const navigate = useNavigate();
  useEffect(() => {
    const body = section.current;
    if (!body) return;
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element | null;
      if (!target || target.closest("a, button, input, select, textarea, label, dialog")) return;
      const href = target.closest<HTMLElement>("tbody tr[data-href]")?.dataset.href;
      if (!href || window.getSelection()?.toString()) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey) window.open(href, "_blank", "noopener");
      else navigate(href);
    };
    body.addEventListener("click", onClick);
    return () => body.removeEventListener("click", onClick);
  }, [navigate, section]);
}

/**
 * The list's short form of the fake-order signals (rules/order-risk.ts) under the phone: the phone's
 * delivered and cancelled orders before, or "New phone", and a badge for a likely duplicate (from
 * the same phone, or from another phone to the same name and delivery address).
 */
function PhoneSignalsBrief({ risk }: { risk: OrderRiskSignals | undefined }) {
  const t = useAdminT();
  if (!risk) return null;
  const { delivered, cancelled, returned, open } = risk.history;
  return (
    <span className="mt-0.5 block text-xs text-stone-600" data-testid="phone-signals">
      {delivered + cancelled + returned + open === 0
        ? t("admin.risk.listNew")
        : t("admin.risk.listHistory", { delivered, cancelled, returned })}
      {risk.duplicateOf.length > 0 || risk.addressDuplicateOf.length > 0 ? (
        <span
          className="ml-1 inline-block rounded bg-amber-100 px-1.5 font-medium text-amber-900"
          data-testid="duplicate-badge"
        >
          {t(risk.duplicateOf.length > 0 ? "admin.risk.listDuplicate" : "admin.risk.listDuplicateAddress")}
        </span>
      ) : null}
    </span>
  );
}

/**
 * Under the status: "Confirmed" once staff confirmed the order by phone; "Not confirmed" for an
 * open order (pending or processing) that still needs the call; nothing for the others.
 */
function ConfirmationBrief({ status, confirmed }: { status: string; confirmed: boolean }) {
  const t = useAdminT();
  if (confirmed) {
    return (
      <span className="mt-1 block text-xs font-medium text-green-800" data-testid="confirmed-badge">
        {t("admin.confirm.badge")}
      </span>
    );
  }
  if (status !== "pending" && status !== "processing") return null;
  return (
    <span className="mt-1 block text-xs text-stone-600" data-testid="unconfirmed-badge">
      {t("admin.confirm.badgeNone")}
    </span>
  );
}
