import { Link } from "@remix-run/react";
import { useT } from "~/hooks/use-t";

/** One step of a breadcrumb trail: a label and, except for the current page, where it links. */
export type Crumb = { label: string; to?: string };

/**
 * A breadcrumb trail (e.g. Home › Category › Product) in a `nav` labelled "Breadcrumb"; the last
 * crumb is the current page (`aria-current="page"`, not a link). The separators are decorative.
 */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const t = useT();
  return (
    <nav aria-label={t("breadcrumbs.label")} className="text-sm text-stone-600">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {crumbs.map((crumb, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={`${i}-${crumb.label}`} className="flex items-center gap-x-2">
              {i > 0 ? <span aria-hidden="true">›</span> : null}
              {last || !crumb.to ? (
                <span aria-current={last ? "page" : undefined} className={last ? "font-medium text-stone-900" : ""}>
                  {crumb.label}
                </span>
              ) : (
                <Link to={crumb.to} className="hover:underline">
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
