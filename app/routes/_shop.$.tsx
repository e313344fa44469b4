import type { MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { SearchBox } from "~/components/search-box";
import { useLocalePath, useT } from "~/hooks/use-t";
import { langFromPath, registerMessages, translator } from "~/i18n";
import { listingMessages } from "~/i18n/listing-messages";
import { notFound } from "~/utils/params";

// The search box's texts travel with the routes that show it (docs/decisions/023-languages-in-the-url.md).
registerMessages("en", listingMessages.en);
registerMessages("bn", listingMessages.bn);

/** "Page not found" in the address's language; not for search engines. */
export const meta: MetaFunction = ({ location }) => [
  { title: translator(langFromPath(location.pathname))("error.notFoundTitle") },
  { name: "robots", content: "noindex" },
];

/**
 * Every storefront address no page answers, in English and (its copy under /bn) Bangla: a 404,
 * which this route's ErrorBoundary shows inside the shop's layout (header, footer), in the
 * address's language. Addresses outside the storefront (/admin/…) have their own.
 */
export function loader(): never {
  throw notFound();
}

/** Never rendered: the loader always throws. */
export default function NotFoundPage() {
  return null;
}

/**
 * The storefront's "Page not found" (status 404) inside the shop's layout: what happened, the
 * search box, and links to the home page and to all products; any other failure says so, with the
 * same ways on. Works without JavaScript (the search is a GET form).
 */
export function ErrorBoundary() {
  const t = useT();
  const href = useLocalePath();
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="not-found">
      <h1 className="text-2xl font-semibold">{missing ? t("error.notFoundTitle") : t("error.generic")}</h1>
      {missing ? (
        <p className="mt-2 text-stone-600">
          {t("error.notFoundBody")} {t("notFound.help")}
        </p>
      ) : null}
      <SearchBox id="not-found-search" className="mt-8 text-left" />
      <p className="mt-6 flex flex-wrap justify-center gap-3">
        <Link
          to={href("/")}
          className="inline-flex min-h-11 items-center rounded-md bg-amber-700 px-4 py-2 font-medium text-white hover:bg-amber-800"
        >
          {t("error.backHome")}
        </Link>
        <Link
          to={href("/products")}
          className="inline-flex min-h-11 items-center rounded-md border border-stone-300 bg-white px-4 py-2 font-medium hover:bg-stone-100"
        >
          {t("notFound.allProducts")}
        </Link>
      </p>
    </div>
  );
}
