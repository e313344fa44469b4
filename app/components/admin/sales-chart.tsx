/**
 * The dashboard's daily sales chart: an SVG bar chart rendered on the server (it needs no
 * JavaScript), scales and ticks from d3-scale. Accessible as one image (role="img" named by its
 * <title> and <desc>) plus a <details> table with the same numbers for screen readers and anyone
 * who wants the exact figures.
 */
import { scaleBand, scaleLinear } from "d3-scale";
import { useId } from "react";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { formatCompactTaka, formatInteger } from "~/i18n/format";
import { formatDayMonth } from "~/i18n/format-date";
import { formatMoney } from "~/rules/money";

/** One bar: a day with its revenue in paisa. */
export type SalesChartDay = { date: string; orders: number; revenuePaisa: number };

/**
 * Drawing size in SVG user units (the SVG scales to its container's width). On a phone the drawing
 * shrinks to about 0.4 of its size, so below 640 px the labels are drawn larger (PHONE_LABEL, about
 * 10 px on screen), the y axis in short taka (৳1.2L) and only every other day label is kept.
 */
const WIDTH = 760;
const HEIGHT = 260;
const MARGIN = { top: 12, right: 12, bottom: 40, left: 96 };
const PHONE_LABEL = "max-sm:text-[26px]";

/** A bar chart of `days` (oldest first), revenue on the y axis in taka. */
export function SalesChart({ days }: { days: SalesChartDay[] }) {
  const t = useAdminT();
  const lang = useAdminLang();
  const id = useId();
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const maxRevenue = Math.max(0, ...days.map((d) => d.revenuePaisa));
  const x = scaleBand<string>()
    .domain(days.map((d) => d.date))
    .range([MARGIN.left, WIDTH - MARGIN.right])
    .paddingInner(0.2)
    .paddingOuter(0.1);
  // Whole taka ticks: a nice domain in paisa rounded to 100s.
  const y = scaleLinear()
    .domain([0, Math.max(maxRevenue, 100_00)])
    .nice(4)
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const ticks = y.ticks(4).filter((tick) => Number.isInteger(tick));
  const labelEvery = Math.max(1, Math.ceil(days.length / 6));
  const totalRevenue = days.reduce((n, d) => n + d.revenuePaisa, 0);
  const totalOrders = days.reduce((n, d) => n + d.orders, 0);

  return (
    <figure className="rounded-lg border border-stone-200 bg-white p-4">
      <svg
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full overflow-visible"
        data-testid="sales-chart"
      >
        <title id={titleId}>{t("admin.dashboard.chartTitle")}</title>
        <desc id={descId}>
          {t("admin.dashboard.chartDesc", {
            from: days[0] ? formatDayMonth(days[0].date, lang) : "",
            to: days.at(-1) ? formatDayMonth(days.at(-1)!.date, lang) : "",
            total: formatMoney(totalRevenue, { lang }),
            count: totalOrders,
          })}
        </desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={MARGIN.left}
              x2={WIDTH - MARGIN.right}
              y1={y(tick)}
              y2={y(tick)}
              className="stroke-stone-200"
              strokeWidth={1}
            />
            <text
              x={MARGIN.left - 8}
              y={y(tick)}
              dy="0.32em"
              textAnchor="end"
              className="fill-stone-600 text-[11px] max-sm:hidden"
            >
              {formatMoney(Math.round(tick), { lang })}
            </text>
            <text
              x={MARGIN.left - 8}
              y={y(tick)}
              dy="0.32em"
              textAnchor="end"
              className={`fill-stone-600 sm:hidden ${PHONE_LABEL}`}
              aria-hidden="true"
            >
              {formatCompactTaka(Math.round(tick), lang)}
            </text>
          </g>
        ))}
        {days.map((day) => {
          const top = y(day.revenuePaisa);
          return (
            <rect
              key={day.date}
              data-testid="chart-bar"
              data-date={day.date}
              data-revenue={day.revenuePaisa}
              x={x(day.date)}
              y={top}
              width={x.bandwidth()}
              height={Math.max(0, HEIGHT - MARGIN.bottom - top)}
              className="fill-amber-700"
            />
          );
        })}
        <line
          x1={MARGIN.left}
          x2={WIDTH - MARGIN.right}
          y1={HEIGHT - MARGIN.bottom}
          y2={HEIGHT - MARGIN.bottom}
          className="stroke-stone-400"
          strokeWidth={1}
        />
        {days.map((day, i) =>
          i % labelEvery === 0 || i === days.length - 1 ? (
            <text
              key={day.date}
              x={(x(day.date) ?? 0) + x.bandwidth() / 2}
              y={HEIGHT - MARGIN.bottom + 18}
              dy="0.35em"
              textAnchor="middle"
              className={`fill-stone-600 text-[11px] ${PHONE_LABEL} ${i % (labelEvery * 2) === 0 ? "" : "max-sm:hidden"}`}
            >
              {formatDayMonth(day.date, lang)}
            </text>
          ) : null,
        )}
      </svg>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer py-3 font-medium text-amber-800 underline">
          {t("admin.dashboard.chartTable")}
        </summary>
        <div className="mt-2 max-h-80 overflow-y-auto">
          <table className="w-full text-left" data-testid="sales-table">
            <caption className="sr-only">{t("admin.dashboard.chartTitle")}</caption>
            <thead className="text-stone-600">
              <tr>
                <th scope="col" className="py-1 pr-4">
                  {t("admin.dashboard.day")}
                </th>
                <th scope="col" className="py-1 pr-4 text-right">
                  {t("admin.dashboard.orders")}
                </th>
                <th scope="col" className="py-1 text-right">
                  {t("admin.dashboard.revenue")}
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date} className="border-t border-stone-100">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    <time dateTime={day.date}>{formatDayMonth(day.date, lang)}</time>
                  </th>
                  <td className="py-1 pr-4 text-right">{formatInteger(day.orders, lang)}</td>
                  <td className="py-1 text-right">{formatMoney(day.revenuePaisa, { lang })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
