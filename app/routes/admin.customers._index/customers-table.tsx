import { Link } from "@remix-run/react";
import { AdminTable } from "~/components/admin/admin-table";
import { districtLabel } from "~/components/admin/order-summary";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { formatInteger, localDigits } from "~/i18n/format";
import { formatShopDateTime } from "~/i18n/format-date";
import type { CustomerRow } from "~/models/customers/customer-list.server";
import { formatMoney } from "~/rules/money";

/**
 * The customers as a table (a card per customer below 640 px, admin-table.tsx): the name (the link
 * to their page) over the phone, their orders by outcome, the total spent, the last order and the
 * district, every number in the staff's digits.
 */
export function CustomersTable({ customers }: { customers: CustomerRow[] }) {
  const t = useAdminT();
  const lang = useAdminLang();
  return (
    <AdminTable
      testId="customers-table"
      columns={[
        { label: t("admin.customers.colCustomer"), card: "title" },
        { label: t("admin.customers.colOrders"), align: "right", card: "value" },
        { label: t("admin.customers.colDelivered"), align: "right", card: "value" },
        { label: t("admin.customers.colReturned"), align: "right", card: "value" },
        { label: t("admin.customers.colCancelled"), align: "right", card: "value" },
        { label: t("admin.customers.colSpent"), align: "right", card: "value" },
        { label: t("admin.customers.colLastOrder"), card: "value" },
        { label: t("admin.customers.colDistrict"), card: "value" },
      ]}
    >
      {customers.map((customer) => (
        <tr key={customer.phone} data-testid="customer-row">
          <td className="px-4 py-3">
            <Link
              to={`/admin/customers/${customer.phone}`}
              className="inline-flex min-h-11 flex-col justify-center font-semibold text-amber-900 underline"
            >
              <span translate="no">{customer.name}</span>
              <span className="text-sm font-normal tabular-nums text-stone-700" translate="no">
                {localDigits(customer.phone, lang)}
              </span>
            </Link>
          </td>
          <td className="px-4 py-3 text-right tabular-nums">{formatInteger(customer.orders, lang)}</td>
          <td className="px-4 py-3 text-right tabular-nums">{formatInteger(customer.delivered, lang)}</td>
          <td className="px-4 py-3 text-right tabular-nums">{formatInteger(customer.returned, lang)}</td>
          <td className="px-4 py-3 text-right tabular-nums">{formatInteger(customer.cancelled, lang)}</td>
          <td className="px-4 py-3 text-right tabular-nums">{formatMoney(customer.spentPaisa, { lang })}</td>
          <td className="px-4 py-3">
            <time dateTime={customer.lastOrderAt.toISOString()}>{formatShopDateTime(customer.lastOrderAt, lang)}</time>
          </td>
          <td className="px-4 py-3">
            {customer.district ? districtLabel(customer.district, lang) : t("admin.customers.noDistrict")}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
