/**
 * A ranking (best sellers, categories, couriers) as a list of horizontal bars: plain HTML, so the
 * labels and figures are real text (read by screen readers, selectable, wrapped on a phone) and a
 * row with `href` is a link as tall as a thumb needs (44 px). The bars only repeat the figures for
 * the eye (aria-hidden) and print in colour. Works without JavaScript; the links are plain anchors
 * (a report's link opens another page whole, and the component renders outside a router too).
 * See docs/decisions/069-charts-and-district-map.md.
 */
import { useId } from "react";
import { adminTranslator } from "~/i18n/admin";
import type { Lang } from "~/i18n/lang";

/** One row: its label, its value (sets the bar's length), the value as shown, and where it leads. */
export type BarRow = { label: string; value: number; display: string; href?: string };

/** What a BarList draws. */
export type BarListProps = {
  /** The list's name, shown above it. */
  title: string;
  /** The rows in the order shown (the caller sorts them, largest first). Negative values draw no bar. */
  rows: readonly BarRow[];
  lang: Lang;
};

/** The rows as labelled bars, each as long as its value against the largest; a note when there are none. */
export function BarList({ title, rows, lang }: BarListProps) {
  const t = adminTranslator(lang);
  const id = useId();
  const max = Math.max(0, ...rows.map((row) => row.value));
  return (
    <figure className="rounded-lg border border-stone-200 bg-white p-4" data-testid="bar-list">
      <figcaption id={`${id}-title`} className="font-medium text-stone-900">
        {title}
      </figcaption>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{t("admin.charts.empty")}</p>
      ) : (
        <ol className="mt-2 space-y-1" aria-labelledby={`${id}-title`}>
          {rows.map((row, i) => {
            const share = max > 0 ? Math.max(0, row.value) / max : 0;
            const content = (
              <>
                <span className="flex items-baseline justify-between gap-3 text-sm">
                  <span className={`min-w-0 break-words ${row.href ? "text-amber-800 underline" : "text-stone-900"}`}>
                    {row.label}
                  </span>
                  <span className="shrink-0 text-stone-700 tabular-nums">{row.display}</span>
                </span>
                <span className="mt-1 block h-2 rounded-sm bg-stone-100" aria-hidden="true">
                  <span
                    data-testid="bar"
                    data-share={share.toFixed(4)}
                    className="block h-2 rounded-sm bg-amber-600 [print-color-adjust:exact]"
                    style={{ width: `${(share * 100).toFixed(2)}%` }}
                  />
                </span>
              </>
            );
            return (
              <li key={`${i}-${row.label}`} data-testid="bar-row">
                {row.href ? (
                  <a
                    href={row.href}
                    className="block min-h-11 rounded py-1 hover:bg-amber-50 focus-visible:bg-amber-50"
                  >
                    {content}
                  </a>
                ) : (
                  <div className="py-1">{content}</div>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </figure>
  );
}
