import { Link } from "@remix-run/react";
import { districtLabel } from "~/components/admin/order-summary";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { formatInteger, localDigits } from "~/i18n/format";
import { formatShopDateTime } from "~/i18n/format-date";
import type { CustomerRow } from "~/models/customers/customer-list.server";
import { formatMoney } from "~/rules/money";

/**
 * The top of a customer's page: their latest name as the heading, the phone (a `tel:` link) and
 * district, a warning when the phone is blocked (with the block's note, and for an owner the link
 * to the blocklist), then their orders in figures with what "total spent" counts.
 */
export function CustomerFigures({
  figures,
  blocked,
  isOwner,
}: {
  figures: CustomerRow;
  blocked: { note: string } | null;
  isOwner: boolean;
}) {
  const t = useAdminT();
  const lang = useAdminLang();
  const open = figures.orders - figures.delivered - figures.returned - figures.cancelled;
  const counts: [string, number, string][] = [
    [t("admin.customers.colOrders"), figures.orders, "orders"],
    [t("admin.customers.colDelivered"), figures.delivered, "delivered"],
    [t("admin.customers.colReturned"), figures.returned, "returned"],
    [t("admin.customers.colCancelled"), figures.cancelled, "cancelled"],
    [t("admin.customer.open"), open, "open"],
  ];
  return (
    <section aria-labelledby="customer-title" className="space-y-4">
      <div>
        <Link to="/admin/customers" className="inline-flex min-h-11 items-center text-sm text-amber-800 underline">
          {t("admin.customer.back")}
        </Link>
        <h1 id="customer-title" className="text-2xl font-semibold" translate="no">
          {figures.name}
        </h1>
        <p className="text-stone-700">
          <a href={`tel:${figures.phone}`} className="inline-flex min-h-11 items-center underline" translate="no">
            {localDigits(figures.phone, lang)}
          </a>
          {figures.district ? <span> · {districtLabel(figures.district, lang)}</span> : null}
        </p>
      </div>
      {blocked ? (
        <div
          role="note"
          className="rounded-md border border-red-300 bg-red-50 p-4 text-red-900"
          data-testid="customer-blocked"
        >
          <p className="font-semibold">{t("admin.customer.blocked")}</p>
          <p className="break-words">
            {blocked.note ? t("admin.customer.blockedNote", { note: blocked.note }) : t("admin.customer.blockedNoNote")}
          </p>
          {isOwner ? (
            <Link to="/admin/blocklist" className="inline-flex min-h-11 items-center underline">
              {t("admin.blocklist.manage")}
            </Link>
          ) : null}
        </div>
      ) : null}
      <div className="rounded-lg border border-stone-200 bg-white p-5">
        <h2 className="mb-3 text-lg font-semibold">{t("admin.customer.figures")}</h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-7" data-testid="customer-figures">
          {counts.map(([label, value, key]) => (
            <div key={key} className="rounded-md bg-stone-50 p-3">
              <dt className="text-sm text-stone-600">{label}</dt>
              <dd className="text-xl font-semibold tabular-nums" data-testid={`customer-figure-${key}`}>
                {formatInteger(value, lang)}
              </dd>
            </div>
          ))}
          <div className="rounded-md bg-stone-50 p-3">
            <dt className="text-sm text-stone-600">{t("admin.customers.colSpent")}</dt>
            <dd className="text-xl font-semibold tabular-nums" data-testid="customer-figure-spent">
              {formatMoney(figures.spentPaisa, { lang })}
            </dd>
          </div>
          <div className="rounded-md bg-stone-50 p-3">
            <dt className="text-sm text-stone-600">{t("admin.customers.colLastOrder")}</dt>
            <dd>
              <time dateTime={figures.lastOrderAt.toISOString()}>{formatShopDateTime(figures.lastOrderAt, lang)}</time>
            </dd>
          </div>
        </dl>
        <p className="mt-3 text-sm text-stone-600">{t("admin.customers.spentHint")}</p>
      </div>
    </section>
  );
}
