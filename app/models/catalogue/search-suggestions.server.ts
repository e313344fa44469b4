/**
 * The search box's suggestions: the few products shown in the shop whose name or SKU matches what
 * is typed, with price and thumbnail (docs/decisions/008-search-suggestions-and-paging.md). Staff
 * adding a line to an order search with it too.
 */
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/models/db/client.server";
import { dialect } from "~/models/db/dialect.server";
import { variantUrl } from "~/utils/image-url";
import { prefixLikePattern, type ProductSuggestion } from "~/rules/search";
import type { Lang } from "~/i18n/lang";
import { cardSelect, nameContainsSql, toCard } from "./product-listings.server";

/**
 * Up to `limit` products matching `query` (`nameContainsSql`: English or Bangla name, or a SKU's
 * start; case-insensitive for Latin letters; `%`, `_` and `\` match literally), names starting
 * with the query first, then by name and id, named in `lang`: the suggestions of the search box.
 * `query` must already be normalised (app/rules/search.ts); an empty query, or a `limit` below 1,
 * returns [] without a query. `limit` is capped at 50. The price is the cheapest active variant's,
 * with `priceVaries` when the variants' prices differ.
 *
 * Bounded by design: the matching rows come from the full-text index of names (a query of one or
 * two characters: one pass over the covering `Product(name)` index), the best `limit` are kept,
 * then one small lookup of those rows' prices and first image. See
 * docs/decisions/008-search-suggestions-and-paging.md and 037-search-at-scale.md for measurements.
 *
 * Hidden products are never suggested; staff adding a product to an order search with this too, so
 * they are not offered there either (they are not for sale). Each match's row is read anyway, so
 * the condition is `+isPublished = 1` on it (the unary `+` keeps SQLite from reading the products
 * through the `Product(isPublished)` index instead: 21 ms against 13 ms for "lam" at 100,000
 * products); SHOWN_SQL, which suits an index walk, cost 3 ms more here.
 */
export async function searchProductSuggestions(
  query: string,
  limit: number,
  lang: Lang = "en",
): Promise<ProductSuggestion[]> {
  const take = Math.min(Math.floor(limit), 50);
  if (!query || !(take >= 1)) return [];
  const prefix = prefixLikePattern(query);
  const idRows = await prisma.$queryRaw<{ id: number | bigint }[]>`
    SELECT "id" FROM "Product"
    WHERE ${nameContainsSql(query)} AND ${dialect.notDriving(Prisma.sql`"isPublished"`)} = TRUE
    ORDER BY CASE WHEN ${dialect.likeSql('"name"', prefix)} OR ${dialect.likeSql('"nameBn"', prefix)} THEN 0 ELSE 1 END,
      lower("name") ASC, "id" ASC
    LIMIT ${take}`;
  const ids = idRows.map((row) => Number(row.id));
  if (ids.length === 0) return [];
  const rows = await prisma.product.findMany({ where: { id: { in: ids } }, select: cardSelect });
  const byId = new Map(
    rows.map((row): [number, ProductSuggestion] => {
      const card = toCard(row, lang);
      const info = card.image;
      const width = info ? (info.variantWidths[0] ?? info.width) : 0;
      return [
        row.id,
        {
          id: row.id,
          name: card.name,
          pricePaisa: card.pricePaisa,
          discountedPricePaisa: card.discountedPricePaisa,
          priceVaries: card.priceVaries,
          thumbnail: info
            ? {
                src: variantUrl(info.key, width),
                width,
                height: Math.max(1, Math.round((info.height * width) / info.width)),
                alt: info.alt,
              }
            : null,
        },
      ];
    }),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}
