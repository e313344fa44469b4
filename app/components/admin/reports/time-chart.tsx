/**
 * A figure over time (sales per day, orders per week…) as an SVG bar chart drawn on the server: it
 * needs no JavaScript and prints. One image for assistive technology (role="img", named by its
 * <title> and summarised by its <desc>); each bar's own <title> shows its figure on hover. The
 * caller shows the same figures in a table beside it, the chart's accessible long form.
 * See docs/decisions/069-charts-and-district-map.md.
 */
import { scaleBand, scaleLinear } from "d3-scale";
import { useId } from "react";
import { adminTranslator } from "~/i18n/admin";
import type { Lang } from "~/i18n/lang";
import { labelStep, niceAxis } from "./chart-scales";

/** One bar: its time label as shown ("২৮ নভে"), its value, and the value as shown ("৳১,২০০.০০"). */
export type TimePoint = { label: string; value: number; display: string };

/** What a TimeChart draws. */
export type TimeChartProps = {
  /** The chart's name, shown above it and read first by a screen reader. */
  title: string;
  /** The bars, oldest first. Negative values are drawn as 0. */
  points: readonly TimePoint[];
  lang: Lang;
  /** An axis tick's text ("৳5K", "১০"): the caller knows the unit (paisa, orders). */
  formatTick: (value: number) => string;
  /** Whether the values are whole numbers (counts, paisa: no tick at 0.5). Default true. */
  integers?: boolean;
};

/**
 * Drawing size in SVG user units; the SVG is as wide as its container. On a phone (below 640 px)
 * the drawing shrinks to about 0.4 of its size, so the labels are drawn larger there (PHONE_TEXT,
 * about 10 px on screen) and fewer time labels are kept (PHONE_LABELS against DESKTOP_LABELS).
 * The tick labels sit just above their grid lines inside the plot, so a long one ("৳১,২০,০০০")
 * needs no margin.
 */
const WIDTH = 760;
const HEIGHT = 280;
const MARGIN = { top: 16, right: 8, bottom: 40, left: 8 };
const DESKTOP_TEXT = "text-[12px]";
const PHONE_TEXT = "max-sm:text-[26px]";
const DESKTOP_LABELS = 10;
const PHONE_LABELS = 4;
const MAX_BAR = 80;

/** A bar chart of `points` with a y axis of nice ticks, or a short note when there are none. */
export function TimeChart({ title, points, lang, formatTick, integers = true }: TimeChartProps) {
  const t = adminTranslator(lang);
  const id = useId();
  if (points.length === 0) {
    return (
      <figure className="rounded-lg border border-stone-200 bg-white p-4" data-testid="time-chart">
        <figcaption className="font-medium text-stone-900">{title}</figcaption>
        <p className="mt-2 text-sm text-stone-600">{t("admin.charts.empty")}</p>
      </figure>
    );
  }
  const values = points.map((point) => Math.max(0, point.value));
  const axis = niceAxis(Math.max(...values), 4, integers);
  const x = scaleBand<number>()
    .domain(points.map((_, i) => i))
    .range([MARGIN.left, WIDTH - MARGIN.right])
    .paddingInner(points.length > 60 ? 0.1 : 0.2)
    .paddingOuter(0.1);
  // A bar is at most MAX_BAR wide, centred in its band: one day alone is not a wall of colour.
  const barWidth = Math.min(x.bandwidth(), MAX_BAR);
  const barLeft = (i: number) => (x(i) ?? 0) + (x.bandwidth() - barWidth) / 2;
  const y = scaleLinear()
    .domain([0, axis.top])
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const desktopStep = labelStep(points.length, DESKTOP_LABELS);
  const phoneStep = labelStep(points.length, PHONE_LABELS);
  const highest = points.reduce((best, point) => (point.value > best.value ? point : best), points[0]!);
  const last = points.length - 1;
  /**
   * Whether a time label is drawn: all when they fit (step 1); else the last (the range's end) and
   * every step-th before it that leaves the last room (the last is aligned to the right edge, so it
   * reaches about a step to the left of its bar).
   */
  const shown = (i: number, step: number) => step === 1 || i === last || (i % step === 0 && last - i >= 1.5 * step);

  return (
    <figure className="rounded-lg border border-stone-200 bg-white p-4" data-testid="time-chart">
      <figcaption className="font-medium text-stone-900" aria-hidden="true">
        {title}
      </figcaption>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-2 h-auto w-full overflow-visible"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>
          {t("admin.charts.timeSummary", {
            count: points.length,
            first: points[0]!.label,
            last: points[last]!.label,
            highLabel: highest.label,
            highDisplay: highest.display,
          })}
        </desc>
        {axis.ticks.map((tick) => (
          <line
            key={tick}
            x1={MARGIN.left}
            x2={WIDTH - MARGIN.right}
            y1={y(tick)}
            y2={y(tick)}
            className={tick === 0 ? "stroke-stone-400" : "stroke-stone-200"}
            strokeWidth={1}
          />
        ))}
        {points.map((point, i) => {
          const top = y(Math.max(0, point.value));
          return (
            <rect
              key={i}
              data-testid="time-bar"
              data-value={point.value}
              x={barLeft(i)}
              y={top}
              width={barWidth}
              height={Math.max(0, HEIGHT - MARGIN.bottom - top)}
              className="fill-amber-700"
            >
              <title>{`${point.label}: ${point.display}`}</title>
            </rect>
          );
        })}
        {axis.ticks
          .filter((tick) => tick > 0)
          .map((tick) => (
            <text
              key={tick}
              data-testid="time-tick"
              x={MARGIN.left + 2}
              y={y(tick) - 4}
              className={`fill-stone-600 stroke-white ${DESKTOP_TEXT} ${PHONE_TEXT}`}
              strokeWidth={3}
              paintOrder="stroke"
              aria-hidden="true"
            >
              {formatTick(tick)}
            </text>
          ))}
        {points.map((point, i) => {
          const onDesktop = shown(i, desktopStep);
          const onPhone = shown(i, phoneStep);
          if (!onDesktop && !onPhone) return null;
          const visibility = onDesktop && !onPhone ? "max-sm:hidden" : !onDesktop ? "hidden max-sm:inline" : "";
          // The first and last labels are aligned to their bar's outer edge so they stay in the drawing.
          const anchor = i === 0 ? "start" : i === last ? "end" : "middle";
          const left = barLeft(i);
          return (
            <text
              key={i}
              data-testid="time-label"
              x={anchor === "start" ? left : anchor === "end" ? left + barWidth : left + barWidth / 2}
              y={HEIGHT - MARGIN.bottom + 20}
              dy="0.35em"
              textAnchor={anchor}
              className={`fill-stone-600 ${DESKTOP_TEXT} ${PHONE_TEXT} ${visibility}`}
              aria-hidden="true"
            >
              {point.label}
            </text>
          );
        })}
      </svg>
    </figure>
  );
}
