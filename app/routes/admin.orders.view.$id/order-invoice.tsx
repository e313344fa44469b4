/**
 * The on-page Invoice block (spec section 2) drawn from the invoice view model (app/rules/invoice.ts),
 * the same one the server turns into invoice.png. The print stylesheet (app/tailwind.css,
 * `.invoice-print`) prints this block alone on A4. It is in the invoice's language (the order's),
 * whatever the staff member's.
 */
import { useMemo } from "react";
import { ResponsiveImage } from "~/components/responsive-image";
import { adminTranslator } from "~/i18n/admin";
import { formatInteger } from "~/i18n/format";
import type { InvoiceView } from "~/rules/invoice";

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
        <thead className="bg-stone-100 text-stone-700">
          <tr>
            <th scope="col" className="px-3 max-sm:px-1 py-2">
              {t("invoice.product")}
            </th>
            <th scope="col" className="px-3 max-sm:px-1 py-2 text-right">
              {t("invoice.quantity")}
            </th>
            <th scope="col" className="px-3 max-sm:px-1 py-2 text-right">
              {t("invoice.price")}
            </th>
            <th scope="col" className="px-3 max-sm:px-1 py-2 text-right">
              {t("invoice.subtotal")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {invoice.lines.map((line, index) => (
            <tr key={index} data-testid="invoice-line">
              <td className="px-3 max-sm:px-1 py-2">{line.product}</td>
              <td className="px-3 max-sm:px-1 py-2 text-right">{line.quantity}</td>
              <td className="whitespace-nowrap px-3 max-sm:px-1 py-2 text-right">{line.price}</td>
              <td className="whitespace-nowrap px-3 max-sm:px-1 py-2 text-right">{line.subtotal}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-stone-300 text-right">
          <tr>
            <th scope="row" colSpan={3} className="px-3 max-sm:px-1 pt-3 font-medium text-stone-700">
              {t("invoice.totalAmount")}
            </th>
            <td className="whitespace-nowrap px-3 max-sm:px-1 pt-3" data-testid="invoice-total-amount">
              {invoice.totalAmount}
            </td>
          </tr>
          <tr>
            <th scope="row" colSpan={3} className="px-3 max-sm:px-1 py-1 font-medium text-stone-700">
              {t("invoice.shippingCharge")}
            </th>
            <td className="whitespace-nowrap px-3 max-sm:px-1 py-1" data-testid="invoice-shipping">
              {invoice.shippingCharge}
            </td>
          </tr>
          <tr className="text-base">
            <th scope="row" colSpan={3} className="px-3 max-sm:px-1 py-1 font-semibold">
              {t("invoice.totalIncl")}
            </th>
            <td className="whitespace-nowrap px-3 max-sm:px-1 py-1 font-semibold" data-testid="invoice-total-incl">
              {invoice.totalInclShipping}
            </td>
          </tr>
        </tfoot>
      </table>
      <p className="mt-6 border-t border-stone-200 pt-3 text-xs text-stone-600">{t("invoice.paymentNote")}</p>
    </section>
  );
}
