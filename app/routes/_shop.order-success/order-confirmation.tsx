import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import { useLang, useLocalePath, useT } from "~/hooks/use-t";
import type { MessageKey } from "~/i18n";
import { formatInteger } from "~/i18n/format";
import type { Lang } from "~/i18n/lang";
import type { getOrderConfirmation } from "~/models/orders/order-for-shopper.server";
import { findDistrict, placeName } from "~/rules/districts";
import { formatMoney } from "~/rules/money";
import { orderSavingLines } from "~/rules/discount-codes";
import { localText } from "~/rules/variants";

/** The order as its buyer sees it on the confirmation page (app/models/orders/order-for-shopper.server.ts). */
type ConfirmedOrder = NonNullable<Awaited<ReturnType<typeof getOrderConfirmation>>>;

const SHIPPING_LABELS: Record<string, MessageKey> = {
  "Inside Dhaka": "checkout.insideDhaka",
  "Outside Dhaka": "checkout.outsideDhaka",
};

/** `text` with its ASCII digits in `lang`'s digits (a phone number on a Bangla page). */
function localDigits(text: string, lang: Lang): string {
  return text.replace(/\d/g, (digit) => formatInteger(Number(digit), lang));
}

/**
 * What the buyer needs after placing `order`: the cash to have ready, the line items (each named,
 * and labelled with its variant such as "56″ / Brown", in the page's language; no SKU) with the
 * delivery charge and total, where it goes (the district in the page's language), and what happens
 * next (a call to confirm, the courier and cash, tracking) with the tracking link.
 */
export function OrderConfirmation({ order }: { order: ConfirmedOrder }) {
  const t = useT();
  const lang = useLang();
  const href = useLocalePath();
  const money = (paisa: number) => formatMoney(paisa, { lang });
  const district = order.district ? findDistrict(order.district) : undefined;
  const place = [order.area, district ? placeName(district, lang) : order.district].filter(Boolean).join(", ");
  const method = SHIPPING_LABELS[order.shippingMethod];
  const total = money(order.totalPaisa);
  // The cash the courier collects: the total less the advance asked (paid before dispatch).
  const advanceKept = order.advanceStatus && order.advanceStatus !== "refunded" ? order.advancePaisa : 0;
  const cash = money(Math.max(0, order.totalPaisa - advanceKept));
  return (
    <div className="space-y-6 text-left">
      <section
        aria-labelledby="success-cash"
        className="rounded-lg border-2 border-emerald-300 bg-emerald-50 px-4 py-3"
        data-testid="success-cash"
      >
        <h2 id="success-cash" className="text-sm font-semibold uppercase tracking-wide text-emerald-900">
          {t("success.cashTitle")}
        </h2>
        <p className="mt-1 text-2xl font-semibold" data-testid="success-total">
          {cash}
        </p>
        <p className="text-stone-800">{t("success.cashAmount", { amount: cash })}</p>
      </section>

      <Section id="success-items" title={t("success.itemsHeading")}>
        <ul className="divide-y divide-stone-100" data-testid="success-items">
          {order.items.map((item) => (
            <li key={item.id} className="flex items-start justify-between gap-4 py-2" data-testid="success-item">
              <span>
                <span className="block font-medium">{localText(item.productName, item.productNameBn, lang)}</span>
                {item.variantLabel ? (
                  <span className="block text-sm text-stone-600" data-testid="success-item-variant">
                    {localText(item.variantLabel, item.variantLabelBn, lang)}
                  </span>
                ) : null}
                <span className="block text-sm text-stone-600">
                  {t("success.itemQuantity", { count: formatInteger(item.quantity, lang) })}
                </span>
              </span>
              <span className="shrink-0 whitespace-nowrap" data-testid="success-item-total">
                {money(item.subtotalPaisa)}
              </span>
            </li>
          ))}
        </ul>
        <dl className="mt-2 space-y-1 border-t border-stone-200 pt-3">
          <Row label={t("cart.subtotal")}>{money(order.subtotalPaisa)}</Row>
          <Row
            label={t("success.shipping", { method: method ? t(method) : order.shippingMethod })}
            testId="success-shipping"
          >
            {money(order.shippingFeePaisa + order.shippingDiscountPaisa)}
          </Row>
          {orderSavingLines(order).map((line) => (
            <Row
              key={line.kind}
              label={t(line.kind === "items" ? "cart.discount" : "cart.shippingWaived", { code: line.code })}
              testId="success-discount"
            >
              −{money(line.paisa)}
            </Row>
          ))}
          <Row label={t("cart.total")} strong>
            {total}
          </Row>
        </dl>
      </Section>

      <Section id="success-address" title={t("success.addressHeading")}>
        <address className="whitespace-pre-line not-italic text-stone-800" data-testid="success-address">
          {order.customerAddress}
          {place ? `\n${place}` : null}
        </address>
      </Section>

      <Section id="success-next" title={t("success.nextHeading")}>
        <ol className="list-decimal space-y-2 pl-5 text-stone-800">
          <li>{t("success.nextCall", { phone: localDigits(order.customerPhone, lang) })}</li>
          <li>{t("success.nextCourier", { amount: cash })}</li>
          <li>
            {t("success.nextTrack", { id: order.id })}{" "}
            <Link
              to={`${href("/orders/track")}?order=${order.id}`}
              className="inline-block py-2 font-medium text-amber-800 underline"
              data-testid="track-link"
            >
              {t("success.track")}
            </Link>
          </li>
        </ol>
      </Section>
    </div>
  );
}

/** A headed part of the confirmation, in a card. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-stone-200 bg-white px-4 py-3">
      <h2 id={id} className="mb-2 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One line of the totals: its label and amount. */
function Row({
  label,
  testId,
  strong,
  children,
}: {
  label: string;
  testId?: string;
  strong?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? "text-lg font-semibold" : "text-stone-700"}`}>
      <dt>{label}</dt>
      <dd className="whitespace-nowrap" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
