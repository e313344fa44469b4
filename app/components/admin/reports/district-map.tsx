/**
 * Bangladesh's 64 districts, each filled by its figure (orders, sales, return rate…): an SVG drawn
 * on the server from the outlines in ./district-shapes.ts, with no map service and no JavaScript.
 * A sequential amber scale in up to four classes (./chart-scales.ts `mapClasses`), zero in a
 * class of its own and a district without a figure in hatched grey, so "no orders" and "0%" never
 * look alike, on screen or printed in grey. A figure the caller marks `smallSample` (a rate of too
 * few parcels to compare) is dotted grey instead of a class's colour, and left out of the classes,
 * so that one parcel's 100% neither takes the darkest colour nor stretches the scale. Each
 * district's name and figure are in its <title> (hover); the image's <desc> names the districts
 * with the highest figures, and the caller shows every district in a table beside it (the map's
 * accessible long form, and the readable one on a phone).
 * See docs/decisions/069-charts-and-district-map.md.
 */
import { useId, type ReactNode } from "react";
import { adminTranslator } from "~/i18n/admin";
import type { Lang } from "~/i18n/lang";
import { DISTRICTS, findDistrict, placeName } from "~/rules/districts";
import { mapClasses } from "./chart-scales";
import { DISTRICT_MAP_SIZE, DISTRICT_SHAPES } from "./district-shapes";

/**
 * A district's figure and how it is shown ("১২", "৳৪,৫০০.০০", "১৮%"); `smallSample` when it rests
 * on too little to compare with the others (its `display` should say so: it is the district's title).
 */
export type DistrictValue = { value: number; display: string; smallSample?: boolean };

/** What a DistrictMap draws. */
export type DistrictMapProps = {
  /** The map's name, shown above it and read first by a screen reader. */
  title: string;
  /**
   * Figures by district English name as app/rules/districts.ts spells it (a former name such as
   * "Comilla" is read as the current one); a district left out has no figure ("no orders"), a name
   * that is no district is ignored.
   */
  values: Partial<Record<string, DistrictValue>>;
  /** What the figures are ("Orders", "Return rate"), above the legend. */
  legendTitle: string;
  lang: Lang;
  /** A legend bound's text (the caller knows the unit: a count, paisa, a rate). */
  formatLegend: (value: number) => string;
  /** The legend's text for a district without a figure; "No orders" when not given. */
  noDataLabel?: string;
  /** The legend's text for the figures marked `smallSample`; "Too few to compare" when not given. */
  smallSampleLabel?: string;
};

/**
 * The fill of each class (Tailwind's amber, the admin's accent, lightest first), zero's, and no
 * figure's. Neighbouring classes differ in lightness enough to tell apart in greyscale print.
 */
const CLASS_FILLS: readonly string[] = ["fill-amber-300", "fill-amber-500", "fill-amber-700", "fill-amber-900"];
const ZERO_FILL = "fill-amber-100";
/** The data-class of a district whose figure is marked `smallSample`. */
const SMALL_SAMPLE = "small";
/** How many districts the summary names, highest first. */
const SUMMARY_TOP = 3;

/** The figure of each district in `values`, under its current name; unknown names left out. */
function byDistrict(values: DistrictMapProps["values"]): Map<string, DistrictValue> {
  const known = new Map<string, DistrictValue>();
  for (const [name, value] of Object.entries(values)) {
    const district = findDistrict(name);
    if (district && value) known.set(district.name, value);
  }
  return known;
}

/** The map of the districts filled by `values`, with its legend below. */
export function DistrictMap({
  title,
  values,
  legendTitle,
  lang,
  formatLegend,
  noDataLabel,
  smallSampleLabel,
}: DistrictMapProps) {
  const t = adminTranslator(lang);
  // React's ids hold colons; the hatch is referenced as url(#…), so it gets a plain one.
  const id = useId().replace(/:/g, "");
  const figures = byDistrict(values);
  // The colour classes, zero and the summary's highest are of the figures that can be compared.
  const compared = [...figures.entries()].filter(([, figure]) => !figure.smallSample);
  const smallCount = figures.size - compared.length;
  const { classes, classOf } = mapClasses(compared.map(([, figure]) => figure.value));
  const hasZero = compared.some(([, figure]) => !(figure.value > 0));
  const noData = noDataLabel ?? t("admin.charts.noData");
  const top = [...compared]
    .sort(([, a], [, b]) => b.value - a.value)
    .slice(0, SUMMARY_TOP)
    .map(([name, figure]) => `${placeName(findDistrict(name)!, lang)} (${figure.display})`)
    .join(", ");
  const summary = [
    figures.size === 0
      ? t("admin.charts.mapSummaryEmpty")
      : compared.length === 0
        ? t("admin.charts.mapSummaryAllFew", { count: figures.size })
        : t("admin.charts.mapSummary", { count: compared.length, top }),
    ...(compared.length > 0 && smallCount > 0 ? [t("admin.charts.mapSummaryFew", { count: smallCount })] : []),
  ].join(" ");
  const hatch = `${id}-none`;
  const dots = `${id}-few`;
  const classNameOf = (figure: DistrictValue) => (figure.smallSample ? SMALL_SAMPLE : classOf(figure.value));
  const fillOf = (figure: DistrictValue) => {
    if (figure.smallSample) return {};
    const index = classOf(figure.value);
    return { className: index < 0 ? ZERO_FILL : CLASS_FILLS[index]! };
  };

  return (
    <figure className="rounded-lg border border-stone-200 bg-white p-4" data-testid="district-map">
      <figcaption className="font-medium text-stone-900" aria-hidden="true">
        {title}
      </figcaption>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${DISTRICT_MAP_SIZE.width} ${DISTRICT_MAP_SIZE.height}`}
        className="mx-auto mt-2 h-auto w-full max-w-md"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        <defs>
          <pattern id={hatch} width={6} height={6} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width={6} height={6} className="fill-stone-100" />
            <line x1={0} y1={0} x2={0} y2={6} className="stroke-stone-400" strokeWidth={1.5} />
          </pattern>
          <pattern id={dots} width={5} height={5} patternUnits="userSpaceOnUse">
            <rect width={5} height={5} className="fill-stone-50" />
            <circle cx={2.5} cy={2.5} r={1} className="fill-stone-500" />
          </pattern>
        </defs>
        {DISTRICTS.map((district) => {
          const figure = figures.get(district.name);
          const name = placeName(district, lang);
          const filled = figure ? fillOf(figure) : {};
          return (
            <path
              key={district.name}
              data-testid="district"
              data-district={district.name}
              data-class={figure ? classNameOf(figure) : "none"}
              d={DISTRICT_SHAPES[district.name]}
              fill={filled.className ? undefined : `url(#${figure ? dots : hatch})`}
              className={`${filled.className ?? ""} stroke-white hover:stroke-stone-900`}
              strokeWidth={0.6}
              strokeLinejoin="round"
            >
              <title>{`${name}: ${figure ? figure.display : noData}`}</title>
            </path>
          );
        })}
      </svg>
      <div className="mt-3 text-sm" data-testid="map-legend">
        <p className="font-medium text-stone-800">
          <span className="sr-only">{t("admin.charts.mapLegend")}: </span>
          {legendTitle}
        </p>
        <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-stone-700">
          {hasZero ? <LegendItem fill={ZERO_FILL}>{formatLegend(0)}</LegendItem> : null}
          {classes.map((mapClass) => (
            <LegendItem key={mapClass.index} fill={CLASS_FILLS[mapClass.index]!}>
              {mapClass.min === mapClass.max
                ? formatLegend(mapClass.min)
                : t("admin.charts.range", { min: formatLegend(mapClass.min), max: formatLegend(mapClass.max) })}
            </LegendItem>
          ))}
          {smallCount > 0 ? (
            <LegendItem fill="" pattern="dots">
              {smallSampleLabel ?? t("admin.charts.smallSample")}
            </LegendItem>
          ) : null}
          <LegendItem fill="" pattern="hatch">
            {noData}
          </LegendItem>
        </ul>
      </div>
    </figure>
  );
}

/**
 * A legend entry: a swatch as an SVG (so it prints in colour) and its text. The swatch is `fill`,
 * or the map's hatch (no figure) or dots (too few to compare).
 */
function LegendItem({ fill, pattern, children }: { fill: string; pattern?: "hatch" | "dots"; children: ReactNode }) {
  return (
    <li className="flex items-center gap-2" data-testid="legend-item">
      <svg width={16} height={16} viewBox="0 0 16 16" aria-hidden="true" className="shrink-0">
        {pattern === "dots" ? (
          <>
            <rect width={16} height={16} className="fill-stone-50" />
            {[2.5, 7.5, 12.5].flatMap((x) =>
              [2.5, 7.5, 12.5].map((y) => <circle key={`${x}-${y}`} cx={x} cy={y} r={1} className="fill-stone-500" />),
            )}
          </>
        ) : pattern === "hatch" ? (
          <>
            <rect width={16} height={16} className="fill-stone-100" />
            <path
              d="M0 16L16 0M-4 4L4 -4M12 20L20 12M0 8L8 0M8 16L16 8"
              className="stroke-stone-400"
              strokeWidth={1.5}
            />
          </>
        ) : (
          <rect width={16} height={16} className={fill} />
        )}
        <rect x={0.5} y={0.5} width={15} height={15} fill="none" className="stroke-stone-300" />
      </svg>
      {children}
    </li>
  );
}
