import { Link, useNavigate } from "@remix-run/react";
import { useEffect, type RefObject } from "react";
import { AdminTable } from "~/components/admin/admin-table";
import { districtLabel, sourceLabel } from "~/components/admin/order-summary";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { formatInteger, localDigits } from "~/i18n/format";
import { formatShopDateTime } from "~/i18n/format-date";
import type { OrderRiskSignals } from "~/models/orders/order-risk.server";
import { deliveryStateLabel } from "~/rules/delivery-state";
import { ADVANCE_STATES, type AdvanceState } from "~/rules/advance";
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
  /** The advance's state (null: none asked; docs/decisions/062-advance-payment.md). */
  advanceStatus: string | null;
  /** Where the order came from (Order.source): "website" for a shopper's checkout. */
  source: string;
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
 * Below 640 px each order is a compact card of two lines, all from the row's own cells (CSS only,
 * so it works without JavaScript): the number, customer and amount, then the status with its
 * badges and the duplicate warning; the selection tick in a 48 px column at the left, over the
 * whole card's height; and the View link stretched over the rest of the card, so a tap anywhere on
 * it opens the order. The other cells are the wide table's only.
 */
const CARD = {
  row: [
    "max-sm:relative max-sm:flex max-sm:flex-wrap max-sm:items-baseline max-sm:gap-x-2 max-sm:gap-y-1",
    "max-sm:py-2.5 max-sm:pr-4 max-sm:pl-12",
    // A line break after the amount: the status and its badges start the second line.
    "max-sm:after:order-4 max-sm:after:basis-full",
  ].join(" "),
  /** A cell whose children take part in the card themselves. */
  open: "max-sm:contents",
  tick: "max-sm:absolute max-sm:inset-y-0 max-sm:left-0 max-sm:z-10 max-sm:w-12 max-sm:justify-center",
  number: "max-sm:order-1 max-sm:font-semibold",
  name: "max-sm:order-2 max-sm:min-w-0 max-sm:flex-1 max-sm:truncate max-sm:p-0",
  amount: "max-sm:order-3 max-sm:p-0 max-sm:font-semibold",
  status: "max-sm:order-5 max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-2 max-sm:p-0",
  signals: "max-sm:order-6 max-sm:p-0",
  link: "max-sm:absolute max-sm:inset-0 max-sm:text-transparent max-sm:no-underline",
  wideOnly: "max-sm:hidden",
};

/**
 * The orders table: #id (with its selection tick and date), customer, phone (with its signals),
 * quantity, products ('name × quantity', comma-joined, or 'No products'), amount followed by ৳,
 * status (with the confirmation and courier badges) and View; on a phone a compact card per order
 * (CARD). Deleting is on the order's own page, not in the list.
 */
export function OrdersTable({ orders, risks }: { orders: OrderListRow[]; risks: Record<number, OrderRiskSignals> }) {
  const t = useAdminT();
  const lang = useAdminLang();
  return (
    <AdminTable
      cards={false}
      columns={[
        { label: t("admin.orders.id") },
        { label: t("admin.orders.customer") },
        { label: t("admin.orders.phone") },
        { label: t("admin.orders.quantity") },
        { label: t("admin.orders.products") },
        { label: t("admin.orders.amount"), align: "right" },
        { label: t("admin.orders.status") },
        { label: t("admin.orders.actions"), srOnly: true },
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
            className={`cursor-pointer hover:bg-amber-50 ${CARD.row}`}
          >
            <td className={`px-4 py-3 font-medium ${CARD.open}`}>
              {/* Ticks belong to the selection form above the table (the `form` attribute). */}
              <label className={`mr-2 inline-flex items-center align-middle ${CARD.tick}`}>
                <input
                  type="checkbox"
                  name="order"
                  value={order.id}
                  form="order-selection"
                  aria-label={t("admin.courier.selectOrder", { id: order.id })}
                  className="h-5 w-5"
                  data-testid="order-select"
                />
              </label>
              <span className={CARD.number}>#{formatInteger(order.id, lang)}</span>
              <time
                dateTime={order.createdAt.toISOString()}
                className={`block text-xs font-normal whitespace-nowrap text-stone-600 ${CARD.wideOnly}`}
              >
                {formatShopDateTime(order.createdAt, lang)}
              </time>
            </td>
            <td className={`px-4 py-3 ${CARD.name}`}>
              <span translate="no">{order.customerName}</span>
              {order.district ? (
                <span className={`block text-xs text-stone-600 ${CARD.wideOnly}`}>
                  {districtLabel(order.district, lang)}
                </span>
              ) : null}
              {/* Orders staff took (Facebook, phone, the counter) say so; the website's, the most, say nothing. */}
              {order.source !== "website" ? (
                <span className="block text-xs font-medium text-indigo-800" data-testid="order-source">
                  {sourceLabel(order.source, t)}
                </span>
              ) : null}
            </td>
            <td className={`px-4 py-3 ${CARD.signals}`}>
              {/* A tap calls the shopper to confirm the order (on a phone, from the order's page). */}
              <a
                href={`tel:${order.customerPhone}`}
                className={`block whitespace-nowrap underline ${CARD.wideOnly}`}
                translate="no"
              >
                {localDigits(order.customerPhone, lang)}
              </a>
              <PhoneSignalsBrief risk={risks[order.id]} />
            </td>
            <td className={`px-4 py-3 ${CARD.wideOnly}`}>{formatInteger(order.itemCount, lang)}</td>
            <td className={`px-4 py-3 ${CARD.wideOnly}`}>
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
            <td className={`whitespace-nowrap px-4 py-3 text-right ${CARD.amount}`}>
              {formatMoney(order.totalPaisa, { signAfter: true, lang })}
            </td>
            <td className={`px-4 py-3 ${CARD.status}`}>
              <OrderStatusBadge status={order.status} />
              <ConfirmationBrief status={order.status} confirmed={order.confirmedAt !== null} />
              <AdvanceBadge state={order.advanceStatus} />
              {order.deliveryState ? (
                <span className="mt-1 block text-xs text-sky-800 max-sm:mt-0" data-testid="delivery-badge">
                  {t("admin.courier.listState", { state: deliveryStateLabel(order.deliveryState, t) })}
                </span>
              ) : null}
            </td>
            <td className={`whitespace-nowrap px-4 py-3 ${CARD.open}`}>
              <Link
                to={href}
                aria-label={t("admin.orders.viewLabel", { id: order.id })}
                className={`font-medium text-amber-800 underline ${CARD.link}`}
                data-testid="order-link"
              >
                {t("admin.orders.view")}
              </Link>
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
 * Shift). Not a focus stop: keyboard users have the View link in the same row (on a phone's card,
 * that link covers the card).
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
    <span className="mt-0.5 block text-xs text-stone-600 max-sm:mt-0" data-testid="phone-signals">
      {/* On a phone's card the warning alone: the history is on the order's page. */}
      <span className="max-sm:hidden">
        {delivered + cancelled + returned + open === 0
          ? t("admin.risk.listNew")
          : t("admin.risk.listHistory", { delivered, cancelled, returned })}
      </span>
      {risk.duplicateOf.length > 0 || risk.addressDuplicateOf.length > 0 ? (
        <span
          className="ml-1 inline-block rounded bg-amber-100 px-1.5 font-medium text-amber-900 max-sm:ml-0"
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
      <span className="mt-1 block text-xs font-medium text-green-800 max-sm:mt-0" data-testid="confirmed-badge">
        {t("admin.confirm.badge")}
      </span>
    );
  }
  if (status !== "pending" && status !== "processing") return null;
  return (
    <span className="mt-1 block text-xs text-stone-600 max-sm:mt-0" data-testid="unconfirmed-badge">
      {t("admin.confirm.badgeNone")}
    </span>
  );
}

/** Colours of the advance's states beside the status: what needs staff stands out. */
const ADVANCE_COLOURS: Record<AdvanceState, string> = {
  due: "text-amber-900",
  "to-verify": "font-semibold text-red-800",
  paid: "text-emerald-800",
  refunded: "text-stone-700",
};

/** Under the status: the advance's state ("advance to verify"), when one was asked. */
function AdvanceBadge({ state }: { state: string | null }) {
  const t = useAdminT();
  if (!state || !(ADVANCE_STATES as readonly string[]).includes(state)) return null;
  const known = state as AdvanceState;
  return (
    <span className={`mt-1 block text-xs max-sm:mt-0 ${ADVANCE_COLOURS[known]}`} data-testid="advance-badge">
      {t(`admin.advance.state.${known}`)}
    </span>
  );
}
