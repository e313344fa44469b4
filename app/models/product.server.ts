/**
 * Product reads for the storefront and the admin list (spec section 7). Prices are paisa.
 */
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";
import { ADMIN_PAGE_SIZE, paginate, STOREFRONT_PAGE_SIZE, type Page } from "~/utils/pagination";
import type { ImageInfo } from "~/utils/image-url";
import type { ProductSort } from "~/utils/product-sort";
import { imageSelect, toImageInfo, type ImageRow } from "./image.server";

const cardSelect = {
  id: true,
  name: true,
  slug: true,
  pricePaisa: true,
  discountedPricePaisa: true,
  images: { orderBy: { position: "asc" }, take: 1, select: { image: { select: imageSelect } } },
} as const;

/** What a product card shows. */
export type ProductCard = {
  id: number;
  name: string;
  slug: string;
  pricePaisa: number;
  discountedPricePaisa: number | null;
  image: ImageInfo | null;
};

type CardRow = {
  id: number;
  name: string;
  slug: string;
  pricePaisa: number;
  discountedPricePaisa: number | null;
  images: { image: ImageRow }[];
};

function toCard(row: CardRow): ProductCard {
  const first = row.images[0]?.image;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    pricePaisa: row.pricePaisa,
    discountedPricePaisa: row.discountedPricePaisa,
    image: first ? toImageInfo(first, row.name) : null,
  };
}

/** How many featured products the home page shows at most. */
export const FEATURED_LIMIT = 24;

/** Featured products for the home page, by name, at most FEATURED_LIMIT. */
export async function listFeaturedProducts(): Promise<ProductCard[]> {
  const rows = await prisma.product.findMany({
    where: { isFeatured: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    take: FEATURED_LIMIT,
    select: cardSelect,
  });
  return rows.map(toCard);
}

/** SQL for the price a shopper pays: the discounted price when it is lower (spec section 9). */
const CHARGED_PRICE_SQL = Prisma.raw(
  "CASE WHEN discountedPricePaisa IS NOT NULL AND discountedPricePaisa < pricePaisa THEN discountedPricePaisa ELSE pricePaisa END",
);

const ORDER_BY_SQL: Record<ProductSort, Prisma.Sql> = {
  name: Prisma.sql`name COLLATE NOCASE ASC, id ASC`,
  "price-asc": Prisma.sql`${CHARGED_PRICE_SQL} ASC, name COLLATE NOCASE ASC, id ASC`,
  "price-desc": Prisma.sql`${CHARGED_PRICE_SQL} DESC, name COLLATE NOCASE ASC, id ASC`,
};

/** Escapes LIKE wildcards so a search for "50%" matches the text "50%". */
function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of products for /products: optionally in one category and/or whose name contains
 * `query` (case-insensitive for Latin letters, spec section 7), in the chosen order. Price sorts
 * order by the price a shopper pays. The ordering and paging run in SQL (one indexed query for
 * the page's ids, one count), then the page's cards are loaded.
 */
export async function listProducts(options: {
  categoryId?: number | null;
  query?: string | null;
  sort?: ProductSort;
  page?: number;
  pageSize?: number;
}): Promise<Page<ProductCard>> {
  const page = options.page ?? 1;
  const pageSize = options.pageSize ?? STOREFRONT_PAGE_SIZE;
  const conditions: Prisma.Sql[] = [];
  if (options.categoryId) conditions.push(Prisma.sql`categoryId = ${options.categoryId}`);
  if (options.query) conditions.push(Prisma.sql`name LIKE ${likePattern(options.query)} ESCAPE '\\'`);
  const where = conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;
  const orderBy = ORDER_BY_SQL[options.sort ?? "name"];

  return paginate(
    page,
    pageSize,
    async () => {
      const rows = await prisma.$queryRaw<{ total: number | bigint }[]>`SELECT COUNT(*) AS total FROM Product ${where}`;
      return Number(rows[0]?.total ?? 0);
    },
    async ({ skip, take }) => {
      const idRows = await prisma.$queryRaw<
        { id: number | bigint }[]
      >`SELECT id FROM Product ${where} ORDER BY ${orderBy} LIMIT ${take} OFFSET ${skip}`;
      const ids = idRows.map((row) => Number(row.id));
      const rows = ids.length ? await prisma.product.findMany({ where: { id: { in: ids } }, select: cardSelect }) : [];
      const byId = new Map(rows.map((row) => [row.id, toCard(row)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
  );
}

/** Everything the product page shows, or null when there is no such product. */
export async function getProductDetail(id: number) {
  const row = await prisma.product.findUnique({
    where: { id },
    select: {
      id: true,
      name: true,
      slug: true,
      description: true,
      pricePaisa: true,
      discountedPricePaisa: true,
      category: { select: { id: true, name: true } },
      images: { orderBy: { position: "asc" }, select: { image: { select: imageSelect } } },
    },
  });
  if (!row) return null;
  return {
    ...row,
    images: row.images.map(({ image }) => toImageInfo(image, row.name)),
  };
}
export type ProductDetail = NonNullable<Awaited<ReturnType<typeof getProductDetail>>>;

/** Products by id for pricing a cart: price fields, name and first image. Missing ids are absent. */
export async function getProductsForCart(ids: number[]): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const rows = await prisma.product.findMany({ where: { id: { in: ids } }, select: cardSelect });
  return rows.map(toCard);
}

/** True when a product with this id exists. */
export async function productExists(id: number): Promise<boolean> {
  return (await prisma.product.count({ where: { id } })) > 0;
}

/** One page of the admin product list (Name, Price, Category), by name. */
export async function listProductsForAdmin(page: number) {
  return paginate(
    page,
    ADMIN_PAGE_SIZE,
    () => prisma.product.count(),
    (window) =>
      prisma.product.findMany({
        orderBy: [{ name: "asc" }, { id: "asc" }],
        ...window,
        select: {
          id: true,
          name: true,
          pricePaisa: true,
          discountedPricePaisa: true,
          isFeatured: true,
          category: { select: { name: true } },
        },
      }),
  );
}
