import { Link } from "@remix-run/react";
import { useT } from "~/hooks/use-t";

/** One step of a breadcrumb trail: a label and, except for the current page, where it links. */
export type Crumb = { label: string; to?: string };

/**
 * A breadcrumb trail (e.g. Home › Category › Product) in a `nav` labelled "Breadcrumb"; the last
 * crumb is the current page (`aria-current="page"`, not a link). The separators are decorative.
 *
 * The trail stays on one line, also on a 360 px phone: the first crumb keeps its width, the others
 * shrink and end in an ellipsis when the line is full (the current page's name first, as it is
 * the page's heading too), each with its full label as a `title`. Every link stays at least
 * 44 × 44 px, so a shortened one can still be tapped. CSS only: the same without JavaScript.
 */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const t = useT();
  return (
    <nav aria-label={t("breadcrumbs.label")} className="text-sm text-stone-600">
      <ol className="flex min-w-0 items-center gap-x-2" data-testid="breadcrumbs">
        {crumbs.map((crumb, i) => {
          const first = i === 0;
          const last = i === crumbs.length - 1;
          const text = "block truncate py-3 leading-5";
          return (
            <li
              key={`${i}-${crumb.label}`}
              className={`flex items-center gap-x-2 ${first ? "shrink-0" : last ? "min-w-12 shrink-[4]" : "min-w-16 shrink"}`}
            >
              {i > 0 ? (
                <span aria-hidden="true" className="shrink-0">
                  ›
                </span>
              ) : null}
              {last || !crumb.to ? (
                <span
                  aria-current={last ? "page" : undefined}
                  title={first ? undefined : crumb.label}
                  className={`${text} ${last ? "font-medium text-stone-900" : ""}`}
                >
                  {crumb.label}
                </span>
              ) : (
                <Link
                  to={crumb.to}
                  title={first ? undefined : crumb.label}
                  className={`${text} min-w-11 hover:underline`}
                >
                  {crumb.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
