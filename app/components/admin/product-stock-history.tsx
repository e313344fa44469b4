/**
 * A product's stock history on its edit page (docs/decisions/027-stock.md): the newest changes, each
 * with when, why (the order that took or returned units, linked, or a count by staff), which
 * variant (its label as it was then; none for a product without options), by how many units, what
 * was left of that variant and who. Shown once the product has a ledger entry.
 */
import { Link } from "@remix-run/react";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { formatShopDateTime } from "~/i18n/format-date";
import { stockChangeText, stockReasonLabel } from "~/rules/stock";
import { localText } from "~/rules/variants";

type Movement = {
  id: number;
  orderId: number | null;
  /** The variant's label when the entry was written, and its Bangla label; "" for the default variant. */
  variantLabel: string;
  variantLabelBn: string;
  change: number;
  balance: number;
  reason: string;
  changedByEmail: string | null;
  createdAt: Date;
};

export function ProductStockHistory({ movements, total }: { movements: Movement[]; total: number }) {
  const t = useAdminT();
  const lang = useAdminLang();
  if (movements.length === 0) return null;
  return (
    <section
      className="rounded-lg border border-stone-200 bg-white p-5"
      aria-labelledby="stock-history-heading"
      data-testid="product-stock-history"
    >
      <h2 id="stock-history-heading" className="text-lg font-semibold">
        {t("admin.stock.historyTitle")}
      </h2>
      {total > movements.length ? (
        <p className="text-sm text-stone-600">{t("admin.stock.historyNewest", { shown: movements.length, total })}</p>
      ) : null}
      <ol className="mt-3 divide-y divide-stone-100 text-sm">
        {movements.map((movement) => {
          const reason = stockReasonLabel(movement.reason, t);
          return (
            <li key={movement.id} className="flex flex-wrap items-baseline gap-x-4 gap-y-1 py-2">
              <time dateTime={movement.createdAt.toISOString()} className="text-stone-600">
                {formatShopDateTime(movement.createdAt, lang)}
              </time>
              <span className="font-medium">
                {reason}
                {movement.orderId !== null ? (
                  <>
                    {" "}
                    <Link to={`/admin/orders/view/${movement.orderId}`} className="underline">
                      {t("admin.risk.orderLink", { id: movement.orderId })}
                    </Link>
                  </>
                ) : null}
              </span>
              {movement.variantLabel ? (
                <span translate="no" data-testid="stock-history-variant">
                  {localText(movement.variantLabel, movement.variantLabelBn, lang)}
                </span>
              ) : null}
              <span className={`tabular-nums ${movement.change < 0 ? "text-red-700" : "text-green-800"}`}>
                {t("admin.stock.historyChange", {
                  change: stockChangeText(movement.change, t),
                  balance: movement.balance,
                })}
              </span>
              {movement.changedByEmail ? <span className="text-stone-600">{movement.changedByEmail}</span> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
