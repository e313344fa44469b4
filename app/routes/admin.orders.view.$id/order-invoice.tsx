/**
 * The order page's Invoice block, drawn from the invoice view model (app/rules/invoice.ts),
 * the same one the server turns into invoice.png. The print stylesheet (app/tailwind.css,
 * `.invoice-print`) prints this block alone on A4. It is in the invoice's language (the order's),
 * whatever the staff member's.
 */
import { useMemo } from "react";
import { ResponsiveImage } from "~/components/responsive-image";
import { adminTranslator } from "~/i18n/admin";
import { formatInteger } from "~/i18n/format";
import type { InvoiceView } from "~/rules/invoice";
import { LineItemsHead } from "./order-items";

export function OrderInvoice({ invoice }: { invoice: InvoiceView }) {
  const t = useMemo(() => adminTranslator(invoice.lang), [invoice.lang]);
  return (
    <section
      lang={invoice.lang}
      className="invoice-print rounded-lg border border-stone-200 bg-white p-6 max-sm:p-3"
      aria-labelledby="invoice-heading"
      data-testid="invoice"
    >
      <div className="flex flex-wrap items-start justify-between gap-4 border-b-2 border-amber-800 pb-4">
        <div className="flex items-center gap-4">
          {invoice.seller.logo ? (
            <ResponsiveImage
              image={invoice.seller.logo}
              sizes="160px"
              priority
              className="h-12 w-auto max-w-40 object-contain"
            />
          ) : null}
          <h2 id="invoice-heading" className="text-2xl font-bold text-amber-800">
            {t("invoice.title")}
          </h2>
        </div>
        <dl className="grid grid-cols-[auto_auto] gap-x-3 text-sm">
          <dt className="text-stone-600">{t("invoice.orderId")}</dt>
          <dd className="font-semibold" data-testid="invoice-order-id">
            #{formatInteger(invoice.orderId, invoice.lang)}
          </dd>
          <dt className="text-stone-600">{t("invoice.orderDate")}</dt>
          <dd data-testid="invoice-date">
            {invoice.orderDate.iso ? (
              <time dateTime={invoice.orderDate.iso}>{invoice.orderDate.text}</time>
            ) : (
              invoice.orderDate.text
            )}
          </dd>
        </dl>
      </div>

      <div className="mt-4 grid gap-6 sm:grid-cols-2">
        <div>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-stone-600">{t("invoice.seller")}</h3>
          <address className="mt-1 text-sm not-italic" data-testid="invoice-seller">
            <span className="block font-semibold">{invoice.seller.name}</span>
            <span className="block whitespace-pre-line">{invoice.seller.address}</span>
            <span className="block">{invoice.seller.email}</span>
            <span className="block">{invoice.seller.phone}</span>
            {invoice.seller.tradeLicence ? (
              <span className="block">{t("invoice.tradeLicence", { number: invoice.seller.tradeLicence })}</span>
            ) : null}
            {invoice.seller.bin ? (
              <span className="block">{t("invoice.bin", { number: invoice.seller.bin })}</span>
            ) : null}
          </address>
        </div>
        <div>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-stone-600">{t("invoice.billTo")}</h3>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm" data-testid="invoice-customer">
            <dt className="sr-only">{t("admin.order.name")}</dt>
            <dd className="col-span-2 font-semibold">{invoice.customer.name}</dd>
            <dt className="text-stone-600">{t("admin.order.email")}</dt>
            <dd>{invoice.customer.email}</dd>
            <dt className="text-stone-600">{t("admin.order.phone")}</dt>
            <dd>{invoice.customer.phone}</dd>
            <dt className="text-stone-600">{t("invoice.shippingAddress")}</dt>
            <dd className="whitespace-pre-line">{invoice.customer.address}</dd>
            <dt className="text-stone-600">{t("invoice.shippingMethod")}</dt>
            <dd>{invoice.shippingMethod}</dd>
          </dl>
        </div>
      </div>

      <table className="mt-6 w-full text-left text-sm max-sm:text-xs">
        <LineItemsHead
          className="bg-stone-100 text-stone-700"
          cellClassName="px-3 max-sm:px-1 py-2"
          labels={[t("invoice.product"), t("invoice.quantity"), t("invoice.price"), t("invoice.subtotal")]}
        />
        <tbody className="divide-y divide-stone-200">
          {invoice.lines.map((line, index) => (
            <tr key={index} data-testid="invoice-line">
              <td className="px-3 max-sm:px-1 py-2">
                <span translate="no">{line.product}</span>
                {line.sku ? (
                  <span className="block text-xs text-stone-600" translate="no" data-testid="invoice-line-sku">
                    {t("invoice.sku", { sku: line.sku })}
                  </span>
                ) : null}
              </td>
              <td className="px-3 max-sm:px-1 py-2 text-right">{line.quantity}</td>
              <td className="whitespace-nowrap px-3 max-sm:px-1 py-2 text-right">{line.price}</td>
              <td className="whitespace-nowrap px-3 max-sm:px-1 py-2 text-right">{line.subtotal}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-stone-300 text-right">
          <InvoiceTotal
            label={t("invoice.totalAmount")}
            value={invoice.totalAmount}
            testId="invoice-total-amount"
            first
          />
          <InvoiceTotal label={t("invoice.shippingCharge")} value={invoice.shippingCharge} testId="invoice-shipping" />
          {invoice.savings.map((saving) => (
            <InvoiceTotal key={saving.label} label={saving.label} value={saving.amount} testId="invoice-discount" />
          ))}
          <InvoiceTotal
            label={t("invoice.totalIncl")}
            value={invoice.totalInclShipping}
            testId="invoice-total-incl"
            strong
          />
        </tfoot>
      </table>
      <p className="mt-6 border-t border-stone-200 pt-3 text-xs text-stone-600">{t("invoice.paymentNote")}</p>
    </section>
  );
}

/**
 * A row of the invoice's totals: the label across the first three columns, the amount (already
 * written out) under the subtotals. `first` leaves room above it; `strong` is the amount to pay.
 */
function InvoiceTotal({
  label,
  value,
  testId,
  first,
  strong,
}: {
  label: string;
  value: string;
  testId: string;
  first?: boolean;
  strong?: boolean;
}) {
  const cell = `px-3 max-sm:px-1 ${first ? "pt-3" : "py-1"}`;
  return (
    <tr className={strong ? "text-base" : undefined}>
      <th scope="row" colSpan={3} className={`${cell} ${strong ? "font-semibold" : "font-medium text-stone-700"}`}>
        {label}
      </th>
      <td className={`whitespace-nowrap ${cell}${strong ? " font-semibold" : ""}`} data-testid={testId}>
        {value}
      </td>
    </tr>
  );
}
