import { Link } from "@remix-run/react";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { formatInteger } from "~/i18n/format";
import { formatMoney } from "~/rules/money";
import { localLineItemName } from "~/rules/variants";
import { orderSavingLines } from "~/rules/discount-codes";

/**
 * The order's line items and totals: each line's name as the order snapshotted it, "<product> —
 * <variant label>" (linked to the product while it exists), its SKU in small text, unit price,
 * quantity and subtotal.
 */
export function OrderItems({
  order,
}: {
  order: {
    items: {
      id: number;
      productId: number | null;
      productName: string;
      variantLabel: string;
      sku: string;
      unitPricePaisa: number;
      quantity: number;
      subtotalPaisa: number;
    }[];
    subtotalPaisa: number;
    shippingFeePaisa: number;
    totalPaisa: number;
    discountCode: string | null;
    discountReason: string | null;
    discountPaisa: number;
    shippingDiscountPaisa: number;
  };
}) {
  const t = useAdminT();
  const lang = useAdminLang();
  return (
    <section
      className="rounded-lg border border-stone-200 bg-white sm:overflow-x-auto print:hidden"
      aria-labelledby="items-heading"
    >
      <h2 id="items-heading" className="px-5 pt-5 text-lg font-semibold">
        {t("admin.order.items")}
      </h2>
      {/*
        Below 640 px each line item is a card (its name, then "price × quantity = subtotal", which
        says what the hidden price and quantity cells say) and the totals are label–amount rows:
        no sideways scrolling on a phone.
      */}
      <table className="mt-3 w-full text-left text-sm max-sm:block">
        <LineItemsHead
          className="bg-stone-50 text-stone-600 max-sm:sr-only"
          cellClassName="px-5 py-2"
          labels={[
            t("admin.order.product"),
            t("admin.order.unitPrice"),
            t("admin.order.quantity"),
            t("admin.order.subtotal"),
          ]}
        />
        <tbody className="divide-y divide-stone-100 max-sm:block max-sm:[&>tr]:flex max-sm:[&>tr]:flex-wrap max-sm:[&>tr]:gap-x-3 max-sm:[&>tr]:px-5 max-sm:[&>tr]:py-2 max-sm:[&>tr>td]:p-0 max-sm:[&>tr>td:first-child]:basis-full max-sm:[&>tr>td:nth-child(2)]:hidden max-sm:[&>tr>td:nth-child(3)]:hidden">
          {order.items.map((item) => (
            <tr key={item.id} data-testid="order-item">
              <td className="px-5 py-2">
                {item.productId ? (
                  <Link to={`/products/${item.productId}`} className="underline" translate="no">
                    {localLineItemName(item, lang)}
                  </Link>
                ) : (
                  <>
                    <span translate="no">{localLineItemName(item, lang)}</span>{" "}
                    <span className="text-stone-500">{t("admin.order.deletedProduct")}</span>
                  </>
                )}
                {item.sku ? (
                  <span className="block text-xs text-stone-600" translate="no" data-testid="order-item-sku">
                    {t("admin.order.sku", { sku: item.sku })}
                  </span>
                ) : null}
              </td>
              <td className="px-5 py-2 text-right">{formatMoney(item.unitPricePaisa, { lang })}</td>
              <td className="px-5 py-2 text-right">{formatInteger(item.quantity, lang)}</td>
              <td className="px-5 py-2 text-right">
                {formatMoney(item.unitPricePaisa, { lang })} × {formatInteger(item.quantity, lang)} ={" "}
                {formatMoney(item.subtotalPaisa, { lang })}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-stone-200 text-right max-sm:block max-sm:[&>tr]:flex max-sm:[&>tr]:justify-between">
          <TotalRow label={t("admin.order.totalExcl")} paisa={order.subtotalPaisa} testId="total-excl" />
          <TotalRow
            label={t("admin.order.shippingCharge")}
            paisa={order.shippingFeePaisa + order.shippingDiscountPaisa}
            testId="shipping-charge"
          />
          {orderSavingLines(order).map((line) => (
            <TotalRow
              key={line.kind}
              label={t(line.kind === "items" ? "admin.order.discount" : "admin.order.shippingWaived", {
                code: line.code,
              })}
              paisa={line.paisa}
              minus
              testId="order-discount"
            />
          ))}
          <TotalRow label={t("admin.order.totalIncl")} paisa={order.totalPaisa} testId="total-incl" strong />
        </tfoot>
      </table>
    </section>
  );
}

/** A footer row of the items table: a label and an amount in paisa. */
function TotalRow({
  label,
  paisa,
  testId,
  strong,
  minus,
}: {
  label: string;
  paisa: number;
  testId: string;
  strong?: boolean;
  /** A saving taken off: shown with a minus sign ("−৳120.00"). */
  minus?: boolean;
}) {
  const lang = useAdminLang();
  return (
    <tr className={strong ? "text-base" : undefined}>
      <th scope="row" colSpan={3} className={`px-5 py-2 ${strong ? "font-semibold" : "font-medium"}`}>
        {label}
      </th>
      <td className={`px-5 py-2 ${strong ? "font-semibold" : ""}`} data-testid={testId}>
        {minus ? "−" : ""}
        {formatMoney(paisa, { lang })}
      </td>
    </tr>
  );
}

/**
 * The head row of a table of line items (the order's, the invoice's): one column heading per label,
 * the first (the product) on the left, the others (amounts and counts) on the right.
 */
export function LineItemsHead({
  labels,
  className,
  cellClassName,
}: {
  labels: string[];
  className: string;
  cellClassName: string;
}) {
  return (
    <thead className={className}>
      <tr>
        {labels.map((label, index) => (
          <th key={index} scope="col" className={index === 0 ? cellClassName : `${cellClassName} text-right`}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
