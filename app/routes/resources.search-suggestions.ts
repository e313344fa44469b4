import type { LoaderFunctionArgs } from "@remix-run/node";
import { searchProductSuggestions } from "~/models/catalogue/search-suggestions.server";
import {
  normalizeSearchQuery,
  SUGGESTION_LIMIT,
  type ProductSuggestion,
  type SearchSuggestionsResponse,
} from "~/rules/search";
import { log } from "~/server/log.server";
import { noteShownProducts } from "~/server/http/page-cache/page-notes.server";
import type { Lang } from "~/i18n/lang";

/**
 * Search suggestions for the search box:
 * GET /resources/search-suggestions?q=<text>&lang=<en|bn> answers JSON `{ query, suggestions }` with
 * at most SUGGESTION_LIMIT products whose English or Bangla name contains the normalised text, or
 * with a SKU starting with it (see searchProductSuggestions), named in `lang` (the page's language;
 * anything but "bn" is English), each with its lowest price and whether its variants' prices differ.
 * A blank or whitespace-only `q` answers an empty list without touching the database.
 *
 * The answer holds only public catalogue data (no cart, no session), so shared caches may keep
 * it briefly: `public, max-age=60`. A database failure is logged and answered 500 with an empty
 * list (a failed search leaves the suggestions empty, with no message).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { searchParams } = new URL(request.url);
  const query = normalizeSearchQuery(searchParams.get("q"));
  const lang: Lang = searchParams.get("lang") === "bn" ? "bn" : "en";
  const headers = { "Cache-Control": "public, max-age=60", "X-Content-Type-Options": "nosniff" };
  let suggestions: ProductSuggestion[];
  try {
    suggestions = await searchProductSuggestions(query, SUGGESTION_LIMIT, lang);
  } catch (error) {
    log.error({ err: error }, "Search suggestions failed");
    return Response.json({ query, suggestions: [] } satisfies SearchSuggestionsResponse, {
      status: 500,
      headers: { "Cache-Control": "no-store" },
    });
  }
  // Names and prices of a list of products, no stock: the page cache drops it when a product changes.
  noteShownProducts(context, { lists: true });
  return Response.json({ query, suggestions } satisfies SearchSuggestionsResponse, { headers });
}
