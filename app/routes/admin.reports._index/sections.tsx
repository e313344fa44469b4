import type { ReactNode } from "react";
import { BarList } from "~/components/admin/reports/bar-list";
import { DistrictMap } from "~/components/admin/reports/district-map";
import { TimeChart } from "~/components/admin/reports/time-chart";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import type { AdminTranslate } from "~/i18n/admin";
import { formatCompactTaka, formatDecimal } from "~/i18n/format";
import { formatDayMonth, formatMonthYear } from "~/i18n/format-date";
import type { Lang } from "~/i18n/lang";
import type { Reports } from "~/models/reports/reports.server";
import { findDistrict, placeName } from "~/rules/districts";
import { formatMoney } from "~/rules/money";
import { BEST_SELLERS_SHOWN, reportSearch, type ReportGroup, type ReportQuery } from "~/rules/report-range";
import { MIN_FINISHED_PARCELS, rateSample } from "~/rules/return-rate";
import { lineItemName, localText } from "~/rules/variants";
import { ReportTable } from "./report-table";

/** How many rows a ranking's bars show (its table has them all). */
const CHART_ROWS = 10;

/** A bucket's name: its day, "Week of <day>" or its month, in the page's language. */
function periodLabel(day: string, group: ReportGroup, lang: Lang, t: AdminTranslate): string {
  if (group === "month") return formatMonthYear(day, lang);
  if (group === "week") return t("admin.reports.sales.weekOf", { day: formatDayMonth(day, lang) });
  return formatDayMonth(day, lang);
}

/** A rate (0 to 1) as a percent with one decimal ("12.5%", "১২.৫%"); a dash for none (no parcel finished). */
function rate(value: number | null, lang: Lang): string {
  return value === null ? "–" : `${formatDecimal(value * 100, lang, 1)}%`;
}

/**
 * A district's or courier's rate of its `delivered` and `returned` parcels (a return rate, or a
 * delivery success): as `rate` shows it, and when fewer than MIN_FINISHED_PARCELS finished, marked
 * with how few ("100.0% (only 1 parcel)"; `long`: "…, too few to compare", for the map's titles).
 */
function sampledRate(
  value: number | null,
  parcels: { delivered: number; returned: number },
  lang: Lang,
  t: AdminTranslate,
  long = false,
): string {
  const shown = rate(value, lang);
  if (rateSample(parcels.delivered, parcels.returned) !== "few") return shown;
  const count = parcels.delivered + parcels.returned;
  if (long)
    return t(count === 1 ? "admin.reports.fewParcelsTitleOne" : "admin.reports.fewParcelsTitle", {
      rate: shown,
      count,
    });
  return t(count === 1 ? "admin.reports.fewParcelsOne" : "admin.reports.fewParcels", { rate: shown, count });
}

/** A courier's name ("" is the orders haat did not hand over). */
function courierName(courier: string, t: AdminTranslate): string {
  if (courier === "steadfast") return t("admin.reports.courier.steadfast");
  if (courier === "pathao") return t("admin.reports.courier.pathao");
  return courier === "" ? t("admin.reports.courier.none") : courier;
}

/**
 * One report: its heading, a note, its CSV download (the same range), then what it shows; the
 * "none" line when it has no rows.
 */
function ReportSection({
  id,
  title,
  note,
  file,
  query,
  empty,
  children,
}: {
  id: string;
  title: string;
  note?: string;
  file: string;
  query: ReportQuery;
  empty: boolean;
  children: ReactNode;
}) {
  const t = useAdminT();
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3" data-testid={`report-${id}`}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id={`${id}-heading`} className="text-lg font-semibold">
            {title}
          </h2>
          {note ? <p className="text-sm text-stone-600">{note}</p> : null}
        </div>
        {empty ? null : (
          <a
            href={`/admin/reports/${file}.csv${reportSearch(query)}`}
            download
            // The accessible name starts with the visible text (WCAG 2.5.3), the table's name after it.
            aria-label={`${t("admin.reports.download")}: ${title}`}
            className="inline-flex min-h-11 items-center rounded-md border border-stone-300 bg-white px-4 text-sm font-medium hover:bg-stone-50"
          >
            {t("admin.reports.download")}
          </a>
        )}
      </div>
      {empty ? (
        <p className="rounded-lg border border-dashed border-stone-300 bg-white p-4 text-sm">
          {t("admin.reports.none")}
        </p>
      ) : (
        children
      )}
    </section>
  );
}

/** A headline figure of the sales report. */
function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <li className="rounded-lg border border-stone-200 bg-white p-4" data-testid={testId}>
      <p className="text-sm text-stone-600">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums">{value}</p>
    </li>
  );
}

/**
 * The reports of a range, in the order an owner reads them; the definitions of what they count
 * first (docs/decisions/068-reports.md), or the empty state when no order was placed in it.
 */
export function ReportSections({ reports, query }: { reports: Reports; query: ReportQuery }) {
  const t = useAdminT();
  const lang = useAdminLang();
  const money = (paisa: number) => formatMoney(paisa, { lang });
  // Counts grouped as the amounts are (1,23,456 / ১,২৩,৪৫৬): a two-year report counts thousands.
  const count = (value: number) => formatDecimal(value, lang);
  const { sales } = reports;
  if (sales.total.orders + sales.total.cancelled + sales.total.returned === 0) {
    return (
      <p
        className="rounded-lg border border-dashed border-stone-300 bg-white p-8 text-center"
        data-testid="reports-empty"
      >
        {t("admin.reports.empty")}
      </p>
    );
  }
  const section = { query };
  // The districts the maps can place (an order without a district is only in the table).
  const named = reports.districts.flatMap((row) => (row.district === null ? [] : [{ ...row, district: row.district }]));
  return (
    <>
      <details className="rounded-lg border border-stone-200 bg-white p-4 text-sm" data-testid="reports-definitions">
        <summary className="flex min-h-11 cursor-pointer items-center font-medium">
          {t("admin.reports.whatCounts")}
        </summary>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-stone-700">
          <li>{t("admin.reports.whatCounts.orders")}</li>
          <li>{t("admin.reports.whatCounts.sales")}</li>
          <li>{t("admin.reports.whatCounts.items")}</li>
          <li>{t("admin.reports.whatCounts.returns", { min: MIN_FINISHED_PARCELS })}</li>
          <li>{t("admin.reports.whatCounts.couriers")}</li>
          <li>{t("admin.reports.whatCounts.cash")}</li>
        </ul>
      </details>

      <ReportSection id="sales" title={t("admin.reports.sales")} file="sales" empty={false} {...section}>
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Figure label={t("admin.reports.sales.orders")} value={count(sales.total.orders)} testId="figure-orders" />
          <Figure label={t("admin.reports.sales.sales")} value={money(sales.total.salesPaisa)} testId="figure-sales" />
          <Figure
            label={t("admin.reports.sales.average")}
            value={money(sales.total.averagePaisa)}
            testId="figure-average"
          />
          <Figure
            label={t("admin.reports.sales.returned")}
            value={count(sales.total.returned)}
            testId="figure-returned"
          />
        </ul>
        <TimeChart
          title={t("admin.reports.salesChart")}
          lang={lang}
          formatTick={(paisa) => formatCompactTaka(paisa, lang)}
          points={sales.rows.map((row) => ({
            label: query.group === "month" ? formatMonthYear(row.day, lang) : formatDayMonth(row.day, lang),
            value: row.salesPaisa,
            display: money(row.salesPaisa),
          }))}
        />
        <ReportTable
          label={t("admin.reports.sales")}
          testId="sales-table"
          columns={[
            { label: t("admin.reports.sales.period") },
            { label: t("admin.reports.sales.orders"), numeric: true },
            { label: t("admin.reports.sales.sales"), numeric: true },
            { label: t("admin.reports.sales.discounts"), numeric: true },
            { label: t("admin.reports.sales.deliveryFees"), numeric: true },
            { label: t("admin.reports.sales.average"), numeric: true },
            { label: t("admin.reports.sales.cancelled"), numeric: true },
            { label: t("admin.reports.sales.returned"), numeric: true },
          ]}
          rows={sales.rows.map((row) => ({
            key: row.day,
            cells: [
              periodLabel(row.day, query.group, lang, t),
              count(row.orders),
              money(row.salesPaisa),
              money(row.discountPaisa),
              money(row.deliveryFeePaisa),
              money(row.averagePaisa),
              count(row.cancelled),
              count(row.returned),
            ],
          }))}
          total={[
            t("admin.reports.total"),
            count(sales.total.orders),
            money(sales.total.salesPaisa),
            money(sales.total.discountPaisa),
            money(sales.total.deliveryFeePaisa),
            money(sales.total.averagePaisa),
            count(sales.total.cancelled),
            count(sales.total.returned),
          ]}
        />
      </ReportSection>

      <div className="grid gap-8 xl:grid-cols-2">
        <ReportSection
          id="products"
          title={t("admin.reports.bestSellers.products")}
          note={t("admin.reports.bestSellers.note", { count: count(BEST_SELLERS_SHOWN) })}
          file="products"
          empty={reports.products.length === 0}
          {...section}
        >
          <BarList
            title={t("admin.reports.unitsChart")}
            lang={lang}
            rows={reports.products.slice(0, CHART_ROWS).map((row) => ({
              label: localText(row.name, row.nameBn, lang),
              value: row.units,
              display: count(row.units),
            }))}
          />
          <ReportTable
            label={t("admin.reports.products")}
            testId="products-table"
            columns={[
              { label: t("admin.reports.product") },
              { label: t("admin.reports.units"), numeric: true },
              { label: t("admin.reports.lineSales"), numeric: true },
            ]}
            rows={reports.products.map((row, index) => ({
              key: `${index}`,
              cells: [
                <span key="name" translate="no">
                  {localText(row.name, row.nameBn, lang)}
                  {row.productId === null ? ` ${t("admin.reports.deleted")}` : ""}
                </span>,
                count(row.units),
                money(row.salesPaisa),
              ],
            }))}
          />
        </ReportSection>
        <ReportSection
          id="variants"
          title={t("admin.reports.bestSellers.variants")}
          note={t("admin.reports.bestSellers.note", { count: count(BEST_SELLERS_SHOWN) })}
          file="variants"
          empty={reports.variants.length === 0}
          {...section}
        >
          <ReportTable
            label={t("admin.reports.variants")}
            testId="variants-table"
            columns={[
              { label: t("admin.reports.variant") },
              { label: t("admin.reports.units"), numeric: true },
              { label: t("admin.reports.lineSales"), numeric: true },
            ]}
            rows={reports.variants.map((row, index) => ({
              key: `${index}`,
              cells: [
                <span key="name" translate="no">
                  {lineItemName(
                    localText(row.name, row.nameBn, lang),
                    localText(row.variantLabel, row.variantLabelBn, lang),
                  )}
                  {row.sku ? <span className="block text-xs text-stone-500">{row.sku}</span> : null}
                </span>,
                count(row.units),
                money(row.salesPaisa),
              ],
            }))}
          />
        </ReportSection>
      </div>

      <ReportSection
        id="categories"
        title={t("admin.reports.categories")}
        file="categories"
        empty={reports.categories.length === 0}
        {...section}
      >
        <BarList
          title={t("admin.reports.salesByCategoryChart")}
          lang={lang}
          rows={reports.categories.slice(0, CHART_ROWS).map((row) => ({
            label: row.categoryId === null ? t("admin.reports.noCategory") : localText(row.name, row.nameBn, lang),
            value: row.salesPaisa,
            display: money(row.salesPaisa),
          }))}
        />
        <ReportTable
          label={t("admin.reports.categories")}
          testId="categories-table"
          columns={[
            { label: t("admin.reports.category") },
            { label: t("admin.reports.units"), numeric: true },
            { label: t("admin.reports.lineSales"), numeric: true },
          ]}
          rows={reports.categories.map((row) => ({
            key: `${row.categoryId ?? "none"}`,
            cells: [
              row.categoryId === null ? t("admin.reports.noCategory") : localText(row.name, row.nameBn, lang),
              count(row.units),
              money(row.salesPaisa),
            ],
          }))}
        />
      </ReportSection>

      <ReportSection
        id="districts"
        title={t("admin.reports.districts")}
        file="districts"
        empty={reports.districts.length === 0}
        {...section}
      >
        <div className="grid gap-4 md:grid-cols-2">
          <DistrictMap
            title={t("admin.reports.ordersMap")}
            legendTitle={t("admin.reports.sales.orders")}
            lang={lang}
            formatLegend={count}
            values={Object.fromEntries(
              named.map((row) => [row.district, { value: row.orders, display: count(row.orders) }]),
            )}
          />
          <DistrictMap
            title={t("admin.reports.returnsMap")}
            legendTitle={t("admin.reports.returnRate")}
            lang={lang}
            formatLegend={(value) => rate(value, lang)}
            noDataLabel={t("admin.reports.noFinishedParcels")}
            smallSampleLabel={t("admin.reports.fewParcelsLegend", { min: MIN_FINISHED_PARCELS })}
            values={Object.fromEntries(
              named.flatMap((row) =>
                row.returnRate === null
                  ? []
                  : [
                      [
                        row.district,
                        {
                          value: row.returnRate,
                          display: sampledRate(row.returnRate, row, lang, t, true),
                          smallSample: rateSample(row.delivered, row.returned) === "few",
                        },
                      ],
                    ],
              ),
            )}
          />
        </div>
        <ReportTable
          label={t("admin.reports.districts")}
          testId="districts-table"
          columns={[
            { label: t("admin.reports.district") },
            { label: t("admin.reports.sales.orders"), numeric: true },
            { label: t("admin.reports.sales.sales"), numeric: true },
            { label: t("admin.reports.delivered"), numeric: true },
            { label: t("admin.reports.returned"), numeric: true },
            { label: t("admin.reports.returnRate"), numeric: true },
          ]}
          rows={reports.districts.map((row) => {
            const district = row.district === null ? undefined : findDistrict(row.district);
            return {
              key: row.district ?? "",
              cells: [
                row.district === null
                  ? t("admin.reports.noDistrict")
                  : district
                    ? placeName(district, lang)
                    : row.district,
                count(row.orders),
                money(row.salesPaisa),
                count(row.delivered),
                count(row.returned),
                sampledRate(row.returnRate, row, lang, t),
              ],
            };
          })}
        />
      </ReportSection>

      <ReportSection
        id="couriers"
        title={t("admin.reports.couriers")}
        note={t("admin.reports.couriers.note")}
        file="couriers"
        empty={reports.couriers.length === 0}
        {...section}
      >
        <BarList
          title={t("admin.reports.successChart")}
          lang={lang}
          rows={reports.couriers.flatMap((row) =>
            row.successRate === null
              ? []
              : [
                  {
                    label: courierName(row.courier, t),
                    value: row.successRate,
                    display: sampledRate(row.successRate, row, lang, t),
                  },
                ],
          )}
        />
        <ReportTable
          label={t("admin.reports.couriers")}
          testId="couriers-table"
          columns={[
            { label: t("admin.reports.courier") },
            { label: t("admin.reports.sent"), numeric: true },
            { label: t("admin.reports.delivered"), numeric: true },
            { label: t("admin.reports.returned"), numeric: true },
            { label: t("admin.reports.onTheWay"), numeric: true },
            { label: t("admin.reports.successRate"), numeric: true },
            { label: t("admin.reports.returnRate"), numeric: true },
          ]}
          rows={reports.couriers.map((row) => ({
            key: row.courier,
            cells: [
              courierName(row.courier, t),
              count(row.sent),
              count(row.delivered),
              count(row.returned),
              count(row.onTheWay),
              sampledRate(row.successRate, row, lang, t),
              sampledRate(row.returnRate, row, lang, t),
            ],
          }))}
        />
      </ReportSection>

      <div className="grid gap-8 xl:grid-cols-2">
        <ReportSection
          id="codes"
          title={t("admin.reports.codes")}
          file="codes"
          empty={reports.codes.length === 0}
          {...section}
        >
          <ReportTable
            label={t("admin.reports.codes")}
            testId="codes-table"
            columns={[
              { label: t("admin.reports.code") },
              { label: t("admin.reports.uses"), numeric: true },
              { label: t("admin.reports.discountGiven"), numeric: true },
              { label: t("admin.reports.sales.sales"), numeric: true },
            ]}
            rows={reports.codes.map((row) => ({
              key: row.code,
              cells: [
                <span key="code" translate="no" className="font-mono">
                  {row.code}
                </span>,
                count(row.uses),
                money(row.discountPaisa),
                money(row.salesPaisa),
              ],
            }))}
          />
        </ReportSection>
        <ReportSection
          id="advances"
          title={t("admin.reports.advances")}
          note={t("admin.reports.advances.note")}
          file="advances"
          empty={reports.advances.length === 0}
          {...section}
        >
          <ReportTable
            label={t("admin.reports.advances")}
            testId="advances-table"
            columns={[
              { label: t("admin.reports.advanceState") },
              { label: t("admin.reports.sales.orders"), numeric: true },
              { label: t("admin.reports.asked"), numeric: true },
              { label: t("admin.reports.paid"), numeric: true },
              { label: t("admin.reports.refunded"), numeric: true },
            ]}
            rows={reports.advances.map((row) => ({
              key: row.status,
              cells: [
                <span key="state" className="inline-block first-letter:uppercase">
                  {t(`admin.advance.state.${row.status as "due"}`)}
                </span>,
                count(row.orders),
                money(row.askedPaisa),
                money(row.paidPaisa),
                money(row.refundedPaisa),
              ],
            }))}
          />
        </ReportSection>
      </div>

      <ReportSection
        id="cash"
        title={t("admin.reports.cash")}
        note={t("admin.reports.cash.note")}
        file="cash"
        empty={reports.cash.length === 0}
        {...section}
      >
        <ReportTable
          label={t("admin.reports.cash")}
          testId="cash-table"
          columns={[
            { label: t("admin.reports.courier") },
            { label: t("admin.reports.delivered"), numeric: true },
            { label: t("admin.reports.toCollect"), numeric: true },
            { label: t("admin.reports.received"), numeric: true },
            { label: t("admin.reports.collected"), numeric: true },
            { label: t("admin.reports.charges"), numeric: true },
            { label: t("admin.reports.paidToShop"), numeric: true },
            { label: t("admin.reports.awaiting"), numeric: true },
            { label: t("admin.reports.awaitingAmount"), numeric: true },
          ]}
          rows={reports.cash.map((row) => ({
            key: row.courier,
            cells: [
              courierName(row.courier, t),
              count(row.delivered),
              money(row.toCollectPaisa),
              count(row.received),
              money(row.collectedPaisa),
              money(row.chargesPaisa),
              money(row.paidPaisa),
              row.awaiting === null ? "–" : count(row.awaiting),
              row.awaitingPaisa === null ? "–" : money(row.awaitingPaisa),
            ],
          }))}
        />
      </ReportSection>
    </>
  );
}
