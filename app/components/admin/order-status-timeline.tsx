/**
 * The status history of an order as a timeline (decision 015): an ordered list, oldest first,
 * each entry saying what changed (from → to), who changed it (the admin's e-mail as it was then)
 * and when (`<time datetime>`, shown in Asia/Dhaka time).
 */
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { orderStatusLabel } from "~/rules/order-status";
import { formatShopDateTime } from "~/i18n/format";

/** One history entry as the order page's loader returns it. */
export type OrderStatusTimelineEntry = {
  id: number;
  fromStatus: string | null;
  toStatus: string;
  changedByEmail: string | null;
  createdAt: Date;
};

export function OrderStatusTimeline({
  entries,
  truncated,
  shown,
}: {
  entries: OrderStatusTimelineEntry[];
  truncated: boolean;
  shown: number;
}) {
  const t = useAdminT();
  const lang = useAdminLang();
  return (
    <section
      className="rounded-lg border border-stone-200 bg-white p-5 print:hidden"
      aria-labelledby="history-heading"
      data-testid="status-history"
    >
      <h2 id="history-heading" className="mb-3 text-lg font-semibold">
        {t("admin.order.history")}
      </h2>
      {truncated ? (
        <p className="mb-2 text-sm text-stone-600">{t("admin.order.historyTruncated", { count: shown })}</p>
      ) : null}
      {entries.length === 0 ? (
        <p className="text-sm text-stone-600">{t("admin.order.historyEmpty")}</p>
      ) : (
        <ol className="relative ml-2 space-y-4 border-l-2 border-stone-200 pl-5">
          {entries.map((entry) => {
            const by =
              entry.fromStatus === null
                ? t("admin.order.historyByCustomer")
                : entry.changedByEmail
                  ? t("admin.order.historyBy", { email: entry.changedByEmail })
                  : t("admin.order.historyByUnknown");
            return (
              <li key={entry.id} className="relative text-sm" data-testid="status-history-entry">
                <span
                  aria-hidden="true"
                  className="absolute -left-[1.72rem] top-1 h-3 w-3 rounded-full border-2 border-white bg-amber-700"
                />
                <p className="font-medium">
                  {entry.fromStatus === null ? (
                    t("admin.order.historyPlaced", { status: orderStatusLabel(entry.toStatus, t) })
                  ) : (
                    <>
                      <span aria-hidden="true">
                        {t("admin.order.historyChanged", {
                          from: orderStatusLabel(entry.fromStatus, t),
                          to: orderStatusLabel(entry.toStatus, t),
                        })}
                      </span>
                      <span className="sr-only">
                        {t("admin.order.historyChangedLabel", {
                          from: orderStatusLabel(entry.fromStatus, t),
                          to: orderStatusLabel(entry.toStatus, t),
                        })}
                      </span>
                    </>
                  )}
                </p>
                <p className="text-stone-600">
                  {by},{" "}
                  <time dateTime={entry.createdAt.toISOString()}>{formatShopDateTime(entry.createdAt, lang)}</time>
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
