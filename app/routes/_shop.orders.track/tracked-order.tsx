import { OrderStatusBadge } from "~/components/order-status-badge";
import { useLang, useT } from "~/hooks/use-t";
import type { ReactNode } from "react";
import type { MessageKey } from "~/i18n";
import { formatInteger } from "~/i18n/format";
import { formatShopDateTime } from "~/i18n/format-date";
import { findDistrict, placeName } from "~/rules/districts";
import { formatMoney } from "~/rules/money";
import { orderSavingLines } from "~/rules/discount-codes";
import { orderStatusLabel } from "~/rules/order-status";
import { localText } from "~/rules/variants";
import type { TrackedOrder } from "./lookup.server";

const SHIPPING_LABELS: Record<string, MessageKey> = {
  "Inside Dhaka": "track.insideDhaka",
  "Outside Dhaka": "track.outsideDhaka",
};

/**
 * The order as the shopper may see it: status, history, items (each named, and labelled with its
 * variant, in the page's language as snapshotted when it was ordered; no SKU) and totals, where it
 * goes.
 */
export function TrackedOrderDetails({ order }: { order: TrackedOrder }) {
  const t = useT();
  const lang = useLang();
  const money = (paisa: number) => formatMoney(paisa, { lang });
  const district = order.district ? findDistrict(order.district) : null;
  const place = [order.area, district ? placeName(district, lang) : order.district].filter(Boolean).join(", ");
  const method = SHIPPING_LABELS[order.shippingMethod];
  return (
    <article className="mt-6 space-y-6" data-testid="tracked-order">
      <header>
        <h2 className="text-2xl font-semibold">{t("track.orderHeading", { id: order.id })}</h2>
        <p className="mt-1 text-stone-700">
          {t("track.placedOn", { date: formatShopDateTime(new Date(order.createdAt), lang), name: order.customerName })}
        </p>
        {place ? <p className="text-stone-700">{t("track.deliverTo", { place })}</p> : null}
        <p className="mt-3 flex items-center gap-2">
          <span className="font-medium">{t("track.currentStatus")}:</span> <OrderStatusBadge status={order.status} />
        </p>
        {order.advanceLapsed ? (
          <p className="mt-2 font-medium text-red-800" data-testid="advance-lapsed">
            {t("advance.lapsed")}
          </p>
        ) : null}
      </header>

      <section aria-labelledby="track-history">
        <h3 id="track-history" className="mb-2 text-lg font-semibold">
          {t("track.history")}
        </h3>
        <ol className="space-y-1 border-l-2 border-amber-200 pl-4" data-testid="track-history">
          {order.statusChanges.map((entry, index) => (
            <li key={entry.id}>
              <span className="font-medium">
                {index === 0
                  ? t("track.historyPlaced")
                  : t("track.historyChanged", { status: orderStatusLabel(entry.toStatus, t) })}
              </span>{" "}
              <time dateTime={new Date(entry.createdAt).toISOString()} className="text-sm text-stone-600">
                {formatShopDateTime(new Date(entry.createdAt), lang)}
              </time>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="track-items">
        <h3 id="track-items" className="mb-2 text-lg font-semibold">
          {t("track.items")}
        </h3>
        {/* From 640 px a table; below, each line item is a card of label/value rows and the totals
            are label/amount rows (the header row stays for screen readers). CSS only. */}
        <table className="w-full text-left text-sm max-sm:block">
          <thead className="border-b border-stone-200 text-stone-600 max-sm:sr-only">
            <tr>
              <th scope="col" className="py-2">
                {t("track.product")}
              </th>
              <th scope="col" className="py-2 pl-4 text-right">
                {t("track.unitPrice")}
              </th>
              <th scope="col" className="py-2 pl-4 text-right">
                {t("track.quantity")}
              </th>
              <th scope="col" className="py-2 pl-4 text-right">
                {t("track.subtotal")}
              </th>
            </tr>
          </thead>
          <tbody className="max-sm:block max-sm:space-y-3">
            {order.items.map((item) => (
              <tr
                key={item.id}
                className="border-b border-stone-100 max-sm:block max-sm:rounded-lg max-sm:border max-sm:border-stone-200 max-sm:bg-white max-sm:p-3"
                data-testid="track-item"
              >
                <td className="py-2 max-sm:block max-sm:pb-1 max-sm:pt-0">
                  <span className="block max-sm:font-medium">
                    {localText(item.productName, item.productNameBn, lang)}
                  </span>
                  {item.variantLabel ? (
                    <span className="block text-stone-600" data-testid="track-item-variant">
                      {localText(item.variantLabel, item.variantLabelBn, lang)}
                    </span>
                  ) : null}
                </td>
                <ItemValue label={t("track.unitPrice")}>{money(item.unitPricePaisa)}</ItemValue>
                <ItemValue label={t("track.quantity")}>{formatInteger(item.quantity, lang)}</ItemValue>
                <ItemValue label={t("track.subtotal")}>{money(item.subtotalPaisa)}</ItemValue>
              </tr>
            ))}
          </tbody>
          <tfoot className="max-sm:mt-4 max-sm:block">
            <TotalRow label={t("track.subtotal")} className="sm:[&>*]:pt-3">
              {money(order.subtotalPaisa)}
            </TotalRow>
            <TotalRow label={t("track.shipping", { method: method ? t(method) : order.shippingMethod })}>
              {money(order.shippingFeePaisa + order.shippingDiscountPaisa)}
            </TotalRow>
            {orderSavingLines(order).map((line) => (
              <TotalRow
                key={line.kind}
                label={t(line.kind === "items" ? "track.discount" : "track.shippingWaived", { code: line.code })}
                testId="track-discount"
              >
                −{money(line.paisa)}
              </TotalRow>
            ))}
            <TotalRow label={t("track.total")} className="text-base font-semibold" testId="track-total">
              {money(order.totalPaisa)}
            </TotalRow>
          </tfoot>
        </table>
      </section>
    </article>
  );
}

/**
 * A line item's value cell: a right-aligned cell of the table from 640 px; below, a row of the
 * item's card with its label on the left (shown only there: the column header names it in the
 * table, and for screen readers in both) and the value on the right.
 */
function ItemValue({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td className="py-2 pl-4 text-right max-sm:flex max-sm:justify-between max-sm:gap-4 max-sm:py-0.5 max-sm:pl-0">
      <span aria-hidden="true" className="text-stone-600 sm:hidden">
        {label}
      </span>
      <span>{children}</span>
    </td>
  );
}

/** A row of the totals: its label right-aligned beside the amount from 640 px, at the row's two ends below. */
function TotalRow({
  label,
  className = "",
  testId,
  children,
}: {
  label: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <tr className={`max-sm:flex max-sm:items-baseline max-sm:justify-between max-sm:gap-4 max-sm:py-0.5 ${className}`}>
      <th scope="row" colSpan={3} className="pr-4 text-right font-medium max-sm:p-0 max-sm:text-left">
        {label}
      </th>
      <td className="text-right max-sm:shrink-0" data-testid={testId}>
        {children}
      </td>
    </tr>
  );
}
