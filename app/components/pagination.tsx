import { Link, useLocation } from "@remix-run/react";
import { t } from "~/i18n";

/**
 * Previous / next links for a paged list, keeping the other query parameters (filters, sort).
 * Plain links: they work without JavaScript. Renders nothing when there is one page.
 */
export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const href = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target <= 1) params.delete("page");
    else params.set("page", String(target));
    const qs = params.toString();
    return qs ? `${location.pathname}?${qs}` : location.pathname;
  };
  const linkClass = "rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-medium hover:bg-stone-50";
  return (
    <nav aria-label={t("pagination.label")} className="mt-8 flex items-center justify-center gap-4">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={linkClass}>
          {t("pagination.previous")}
        </Link>
      ) : null}
      <span className="text-sm text-stone-700" aria-current="page">
        {t("pagination.status", { page, pageCount })}
      </span>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className={linkClass}>
          {t("pagination.next")}
        </Link>
      ) : null}
    </nav>
  );
}
