import { OrderStatusBadge } from "~/components/order-status-badge";
import { useLang, useT } from "~/hooks/use-t";
import type { MessageKey } from "~/i18n";
import { formatInteger, formatShopDateTime } from "~/i18n/format";
import { findDistrict, placeName } from "~/rules/districts";
import { formatMoney } from "~/rules/money";
import { orderStatusLabel } from "~/rules/order-status";
import type { TrackedOrder } from "./lookup.server";

const SHIPPING_LABELS: Record<string, MessageKey> = {
  "Inside Dhaka": "track.insideDhaka",
  "Outside Dhaka": "track.outsideDhaka",
};

/** The order as the shopper may see it: status, history, items and totals, where it goes. */
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
        <table className="w-full text-left text-sm">
          <thead className="border-b border-stone-200 text-stone-600">
            <tr>
              <th scope="col" className="py-2">
                {t("track.product")}
              </th>
              <th scope="col" className="py-2 text-right">
                {t("track.unitPrice")}
              </th>
              <th scope="col" className="py-2 text-right">
                {t("track.quantity")}
              </th>
              <th scope="col" className="py-2 text-right">
                {t("track.subtotal")}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.id} className="border-b border-stone-100" data-testid="track-item">
                <td className="py-2">{item.productName}</td>
                <td className="py-2 text-right">{money(item.unitPricePaisa)}</td>
                <td className="py-2 text-right">{formatInteger(item.quantity, lang)}</td>
                <td className="py-2 text-right">{money(item.subtotalPaisa)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3} className="pt-3 text-right font-medium">
                {t("track.subtotal")}
              </th>
              <td className="pt-3 text-right">{money(order.subtotalPaisa)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={3} className="text-right font-medium">
                {t("track.shipping", { method: method ? t(method) : order.shippingMethod })}
              </th>
              <td className="text-right">{money(order.shippingFeePaisa)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={3} className="text-right text-base font-semibold">
                {t("track.total")}
              </th>
              <td className="text-right text-base font-semibold" data-testid="track-total">
                {money(order.totalPaisa)}
              </td>
            </tr>
          </tfoot>
        </table>
      </section>
    </article>
  );
}
