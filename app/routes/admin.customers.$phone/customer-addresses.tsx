import { districtLabel } from "~/components/admin/order-summary";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { formatShopDateTime } from "~/i18n/format-date";

/** An address as the customer page lists it. */
type CustomerAddress = {
  address: string;
  area: string | null;
  district: string | null;
  orders: number;
  lastUsedAt: Date;
};

/** The distinct addresses the customer's orders went to, most recently used first, each with how many orders and when last. */
export function CustomerAddresses({ addresses }: { addresses: CustomerAddress[] }) {
  const t = useAdminT();
  const lang = useAdminLang();
  return (
    <section className="rounded-lg border border-stone-200 bg-white p-5" aria-labelledby="customer-addresses-title">
      <h2 id="customer-addresses-title" className="mb-3 text-lg font-semibold">
        {t("admin.customer.addresses")}
      </h2>
      <ul className="space-y-3">
        {addresses.map((entry, index) => (
          <li key={index} className="rounded-md bg-stone-50 px-3 py-2 text-sm" data-testid="customer-address">
            <p className="whitespace-pre-line break-words" translate="no">
              {[entry.address, entry.area].filter(Boolean).join(", ")}
            </p>
            {entry.district ? <p>{districtLabel(entry.district, lang)}</p> : null}
            <p className="mt-1 text-stone-600">
              {t("admin.customer.addressUsed", {
                count: entry.orders,
                date: formatShopDateTime(entry.lastUsedAt, lang),
              })}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
