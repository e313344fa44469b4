import { Link, useLocation } from "@remix-run/react";
import { useLang, useT } from "~/hooks/use-t";
import { formatInteger } from "~/i18n/format";
import { pageWindow } from "~/rules/page-window";

/**
 * Page links for a paged list: Previous, the first and last page, the current page and its
 * neighbours (see pageWindow), Next, and "Page X of Y". Every link keeps the other query
 * parameters (filters, search, sort) and drops `page` for page 1, so page 1 has one URL.
 * Plain links: they work without JavaScript. Renders nothing when there is one page.
 */
export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const t = useT();
  const location = useLocation();
  if (pageCount <= 1) return null;
  const href = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target <= 1) params.delete("page");
    else params.set("page", String(target));
    const qs = params.toString();
    return qs ? `${location.pathname}?${qs}` : location.pathname;
  };
  const linkClass =
    "inline-flex min-h-11 items-center rounded-md border border-stone-300 bg-white px-4 text-sm font-medium hover:bg-stone-50";
  const numberClass = "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border px-3 text-sm";
  return (
    <nav aria-label={t("pagination.label")} className="mt-8 flex flex-col items-center gap-3">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 ? (
          <li>
            <Link to={href(page - 1)} rel="prev" className={linkClass}>
              {t("pagination.previous")}
            </Link>
          </li>
        ) : null}
        {pageWindow(page, pageCount).map((entry, index) =>
          entry === "gap" ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-stone-500">
              …
            </li>
          ) : (
            <li key={entry}>
              {entry === page ? (
                <span
                  aria-current="page"
                  className={`${numberClass} border-amber-700 bg-amber-700 font-semibold text-white`}
                >
                  <PageLabel page={entry} />
                </span>
              ) : (
                <Link to={href(entry)} className={`${numberClass} border-stone-300 bg-white hover:bg-stone-50`}>
                  <PageLabel page={entry} />
                </Link>
              )}
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link to={href(page + 1)} rel="next" className={linkClass}>
              {t("pagination.next")}
            </Link>
          </li>
        ) : null}
      </ul>
      <p className="text-sm text-stone-700" data-testid="pagination-status">
        {t("pagination.status", { page, pageCount })}
      </p>
    </nav>
  );
}

/** "3" on screen ("৩" in Bangla), "Page 3" to a screen reader. */
function PageLabel({ page }: { page: number }) {
  const t = useT();
  const lang = useLang();
  const [before, after] = t("search.pageLink", { page: "\u0000" }).split("\u0000");
  return (
    <>
      {before ? <span className="sr-only">{before}</span> : null}
      {formatInteger(page, lang)}
      {after ? <span className="sr-only">{after}</span> : null}
    </>
  );
}
