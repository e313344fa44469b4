import { Link } from "@remix-run/react";
import { DuplicateWarning } from "~/components/admin/duplicate-warning";
import { districtLabel, shippingMethodLabel, sourceLabel } from "~/components/admin/order-summary";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { localDigits } from "~/i18n/format";
import type { OrderRiskSignals } from "~/models/orders/order-risk.server";
import { shippingMethodMismatch } from "~/rules/districts";
import { isEditable } from "~/rules/order-edit";

/**
 * The order's customer block: name, e-mail, phone (with its signals and the link to the customer's
 * page), address, area, district, shipping method, and where the order came from (with the staff
 * member who took it, when staff did).
 */
export function CustomerSection({
  order,
  risk,
}: {
  order: {
    id: number;
    customerName: string;
    customerEmail: string | null;
    customerPhone: string;
    customerAddress: string;
    area: string | null;
    district: string | null;
    shippingMethod: string;
    status: string;
    consignmentId: string | null;
    source: string;
    createdByEmail: string | null;
  };
  risk: OrderRiskSignals;
}) {
  const t = useAdminT();
  const lang = useAdminLang();
  return (
    <section className="rounded-lg border border-stone-200 bg-white p-5" aria-labelledby="customer-heading">
      <h2 id="customer-heading" className="mb-3 text-lg font-semibold">
        {t("admin.order.customerInfo")}
      </h2>
      <dl className="grid grid-cols-[8rem_1fr] gap-y-2 text-sm">
        <dt className="text-stone-600">{t("admin.order.name")}</dt>
        <dd translate="no">{order.customerName}</dd>
        <dt className="text-stone-600">{t("admin.order.email")}</dt>
        <dd translate={order.customerEmail ? "no" : undefined}>{order.customerEmail ?? t("admin.order.notGiven")}</dd>
        <dt className="text-stone-600">{t("admin.order.phone")}</dt>
        <dd>
          <a href={`tel:${order.customerPhone}`} className="underline" translate="no">
            {localDigits(order.customerPhone, lang)}
          </a>
          <PhoneSignals risk={risk} />
          <Link
            to={`/admin/customers/${order.customerPhone}`}
            className="inline-flex min-h-11 items-center text-sm text-amber-800 underline"
            data-testid="customer-page-link"
          >
            {t("admin.customer.allOrders")}
          </Link>
        </dd>
        <dt className="text-stone-600">{t("admin.order.address")}</dt>
        <dd className="whitespace-pre-line" translate="no">
          {order.customerAddress}
        </dd>
        {/* Orders placed before checkout asked for them have no area or district. */}
        {order.area ? (
          <>
            <dt className="text-stone-600">{t("admin.order.area")}</dt>
            <dd data-testid="order-area" translate="no">
              {order.area}
            </dd>
          </>
        ) : null}
        {order.district ? (
          <>
            <dt className="text-stone-600">{t("admin.order.district")}</dt>
            <dd data-testid="order-district">{districtLabel(order.district, lang)}</dd>
          </>
        ) : null}
        <dt className="text-stone-600">{t("admin.order.shippingMethod")}</dt>
        <dd data-testid="order-shipping-method">
          {shippingMethodLabel(order.shippingMethod, t)}
          <ShippingMethodMismatch order={order} />
        </dd>
        <dt className="text-stone-600">{t("admin.source.label")}</dt>
        <dd data-testid="order-source">
          {sourceLabel(order.source, t)}
          {/* Staff who typed the order in; a shopper's own order has none. */}
          {order.createdByEmail ? (
            <span className="text-stone-600">
              {" · "}
              <span translate="no">{t("admin.source.takenBy", { email: order.createdByEmail })}</span>
            </span>
          ) : null}
        </dd>
      </dl>
    </section>
  );
}

/**
 * Under the shipping method of an order placed before the district decided the fee, whose stored
 * method is not its district's: the warning, and the way to re-price it while the order can still
 * be edited (an edit charges the district's zone). Nothing for an order whose method agrees.
 */
function ShippingMethodMismatch({
  order,
}: {
  order: { id: number; district: string | null; shippingMethod: string; status: string; consignmentId: string | null };
}) {
  const t = useAdminT();
  const lang = useAdminLang();
  const zone = shippingMethodMismatch(order);
  if (!zone) return null;
  return (
    <p
      role="note"
      className="mt-1 rounded bg-amber-100 px-2 py-1 font-medium text-amber-900"
      data-testid="method-mismatch"
    >
      {t("admin.order.methodMismatch", {
        method: shippingMethodLabel(order.shippingMethod, t),
        district: districtLabel(order.district ?? "", lang),
        zone: shippingMethodLabel(zone, t),
      })}{" "}
      {isEditable(order) ? (
        <Link to={`/admin/orders/edit/${order.id}`} className="underline">
          {t("admin.order.methodMismatchFix", { zone: shippingMethodLabel(zone, t) })}
        </Link>
      ) : null}
    </p>
  );
}

/**
 * Under the phone number: what this phone has ordered before, and a warning with links when the
 * order looks like a double of another, from the same phone or from another phone to the same name
 * and address (rules/order-risk.ts). It informs the call; it blocks nothing.
 */
function PhoneSignals({ risk }: { risk: OrderRiskSignals }) {
  const t = useAdminT();
  const { delivered, cancelled, returned, open } = risk.history;
  return (
    <div className="mt-1 space-y-1 text-xs" data-testid="phone-signals">
      <p className="text-stone-600" data-testid="phone-history">
        {delivered + cancelled + returned + open === 0
          ? t("admin.risk.firstOrder")
          : t("admin.risk.history", { delivered, cancelled, returned, open })}
      </p>
      <DuplicateWarning intro={t("admin.risk.duplicateOf")} orders={risk.duplicateOf} testId="duplicate-warning" />
      <DuplicateWarning
        intro={t("admin.risk.duplicateOfAddress")}
        orders={risk.addressDuplicateOf}
        testId="duplicate-address-warning"
      />
    </div>
  );
}
