import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Pagination } from "~/components/pagination";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminMetaTranslator } from "~/components/admin/admin-meta";
import { AdminTable } from "~/components/admin/admin-table";
import { AdminPageHeader } from "~/components/admin/page-header";
import { payoutCourierName } from "~/components/admin/payout-courier";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { formatShopDateTime } from "~/i18n/format-date";
import { getPayout } from "~/models/payouts/payouts.server";
import { formatMoney } from "~/rules/money";
import { parsePage } from "~/rules/pagination";
import { broughtCash, PAYOUT_LINE_FILTERS, payoutLineFilter } from "~/rules/payout-lines";
import { requireOwner } from "~/server/auth/auth.server";
import { notFound, requireId } from "~/utils/params";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = adminMetaTranslator(matches);
  return [{ title: data ? t("admin.payout.title", { reference: data.reference }) : t("admin.payout.notFound") }];
};

/**
 * One payout with a page of its parcels (`?page=`, 50 a page), each with its order (or none) and
 * how it matched, those `?show=` keeps (all, flagged, or one match state). 404 when there is none.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireOwner(request);
  const search = new URL(request.url).searchParams;
  const filter = payoutLineFilter(search.get("show"));
  const payout = await getPayout(requireId(params.id), { page: parsePage(search), filter });
  if (!payout) throw notFound();
  return { ...payout, filter };
}

const STATE_LOOKS: Record<string, string> = {
  matched: "bg-green-100 text-green-900",
  unmatched: "bg-red-100 text-red-900",
  duplicate: "bg-amber-100 text-amber-900",
  charge: "bg-stone-200 text-stone-900",
};

/** /admin/payouts/N: what the courier collected, charged and paid, parcel by parcel. */
export default function PayoutPage() {
  const t = useAdminT();
  const lang = useAdminLang();
  const payout = useLoaderData<typeof loader>();
  const money = (paisa: number) => formatMoney(paisa, { lang });
  // A duplicate that brought no cash charged its order again (a returned parcel's charge).
  const state = (item: { matchState: string; collectedPaisa: number }) =>
    item.matchState === "duplicate" && !broughtCash(item)
      ? t("admin.payout.state.chargedAgain")
      : item.matchState === "matched" ||
          item.matchState === "unmatched" ||
          item.matchState === "duplicate" ||
          item.matchState === "charge"
        ? t(`admin.payout.state.${item.matchState}`)
        : item.matchState;
  return (
    <section aria-labelledby="payout-title" className="max-w-5xl space-y-6">
      <AdminPageHeader
        id="payout-title"
        title={t("admin.payout.title", { reference: payout.reference })}
        subtitle={t("admin.payout.facts", {
          courier: payoutCourierName(payout.courier, t),
          source: t(payout.source === "api" ? "admin.payout.source.api" : "admin.payout.source.csv"),
          when: formatShopDateTime(new Date(payout.createdAt), lang),
          who: payout.createdByEmail ?? t("admin.payout.bySchedule"),
        })}
      />
      <dl
        className="grid gap-3 rounded-lg border border-stone-200 bg-white p-5 sm:grid-cols-3"
        data-testid="payout-totals"
      >
        <div>
          <dt className="text-sm text-stone-600">{t("admin.payouts.col.collected")}</dt>
          <dd className="text-lg font-semibold tabular-nums">{money(payout.collectedPaisa)}</dd>
        </div>
        <div>
          <dt className="text-sm text-stone-600">{t("admin.payouts.col.charges")}</dt>
          <dd className="text-lg font-semibold tabular-nums">{money(payout.chargesPaisa)}</dd>
        </div>
        <div>
          <dt className="text-sm text-stone-600">{t("admin.payouts.col.paid")}</dt>
          <dd className="text-lg font-semibold tabular-nums">{money(payout.paidPaisa)}</dd>
        </div>
        {payout.paidAt ? (
          <p className="text-sm text-stone-600 sm:col-span-3">
            {t("admin.payout.paidOn", { date: formatShopDateTime(new Date(payout.paidAt), lang) })}
          </p>
        ) : null}
      </dl>
      <section aria-labelledby="payout-lines-title" className="space-y-3">
        <h2 id="payout-lines-title" className="text-lg font-semibold">
          {t("admin.payout.lines")}
        </h2>
        <nav aria-label={t("admin.payout.filter.label")} data-testid="payout-filters">
          <ul className="flex flex-wrap gap-2">
            {PAYOUT_LINE_FILTERS.map((filter) => (
              <li key={filter}>
                <Link
                  to={`/admin/payouts/${payout.id}${filter === "all" ? "" : `?show=${filter}`}`}
                  aria-current={payout.filter === filter ? "page" : undefined}
                  data-filter={filter}
                  className={`inline-flex min-h-11 items-center rounded-md border px-3 text-sm ${
                    payout.filter === filter
                      ? "border-amber-700 bg-amber-50 font-semibold text-amber-900"
                      : "border-stone-300 bg-white hover:bg-stone-50"
                  }`}
                >
                  {t(`admin.payout.filter.${filter}`, { count: payout.counts[filter] })}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {payout.lines.total === 0 ? (
          <p className="text-stone-600" data-testid="payout-lines-empty">
            {t("admin.payout.filter.empty")}
          </p>
        ) : (
          <AdminTable
            testId="payout-lines"
            columns={[
              { label: t("admin.payout.col.consignment") },
              { label: t("admin.payout.col.invoice") },
              { label: t("admin.payout.col.order") },
              { label: t("admin.payout.col.state") },
              { label: t("admin.payout.col.expected"), align: "right" },
              { label: t("admin.payout.col.collected"), align: "right" },
              { label: t("admin.payout.col.charges"), align: "right" },
              { label: t("admin.payout.col.paid"), align: "right", card: "value" },
            ]}
          >
            {payout.lines.items.map((item) => {
              const differs = item.expectedPaisa !== null && item.expectedPaisa !== item.collectedPaisa;
              // The payout a duplicate line repeats: the one that paid the order, or that charged it first.
              const paidBy = broughtCash(item)
                ? item.order?.cashPayoutItem?.payoutId
                : item.order?.payoutItems[0]?.payoutId;
              return (
                <tr key={item.id} data-testid="payout-line" data-state={item.matchState}>
                  <td className="px-4 py-3 font-mono" translate="no">
                    {item.consignmentId}
                  </td>
                  <td className="px-4 py-3 font-mono" translate="no">
                    {item.invoice ?? "—"}
                  </td>
                  <td className="px-4 py-3">
                    {item.orderId ? (
                      <Link
                        to={`/admin/orders/view/${item.orderId}`}
                        className="inline-flex min-h-11 items-center font-medium text-amber-800 underline"
                      >
                        {t("admin.payouts.orderLink", { id: item.orderId })}
                      </Link>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td className="px-4 py-3">
                    <span className={`rounded px-2 py-0.5 text-sm font-medium ${STATE_LOOKS[item.matchState] ?? ""}`}>
                      {state(item)}
                    </span>
                    {item.matchState === "charge" ? (
                      <span className="mt-1 block text-xs text-stone-600">{t("admin.payout.chargeHint")}</span>
                    ) : null}
                    {item.matchState === "duplicate" && paidBy && paidBy !== payout.id ? (
                      <>
                        {" "}
                        <Link
                          to={`/admin/payouts/${paidBy}`}
                          className="inline-flex min-h-11 items-center text-sm text-amber-800 underline"
                        >
                          {t(broughtCash(item) ? "admin.payout.paidBy" : "admin.payout.chargedBy", { id: paidBy })}
                        </Link>
                      </>
                    ) : null}
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums">
                    {item.expectedPaisa === null ? "—" : money(item.expectedPaisa)}
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums">
                    {money(item.collectedPaisa)}
                    {differs ? (
                      <span className="block text-sm font-medium text-red-800" data-testid="payout-differs">
                        {t("admin.payout.differs", {
                          amount: `${item.collectedPaisa < item.expectedPaisa! ? "−" : "+"}${money(Math.abs(item.collectedPaisa - item.expectedPaisa!))}`,
                        })}
                      </span>
                    ) : null}
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums">
                    {money(item.deliveryChargePaisa + item.codFeePaisa)}
                    {item.codFeePaisa !== 0 ? (
                      <span className="block text-xs text-stone-600">
                        {t("admin.payout.chargesDetail", {
                          delivery: money(item.deliveryChargePaisa),
                          cod: money(item.codFeePaisa),
                        })}
                      </span>
                    ) : null}
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums">{money(item.paidPaisa)}</td>
                </tr>
              );
            })}
          </AdminTable>
        )}
        <Pagination page={payout.lines.page} pageCount={payout.lines.pageCount} />
      </section>
      <Link to="/admin/payouts" className="inline-flex min-h-11 items-center font-medium text-amber-800 underline">
        {t("admin.payouts.backToPayouts")}
      </Link>
    </section>
  );
}

export const ErrorBoundary = adminErrorBoundary({
  notFound: "admin.payout.notFound",
  backTo: "/admin/payouts",
  backLabel: "admin.payouts.backToPayouts",
});
