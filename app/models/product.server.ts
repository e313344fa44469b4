/**
 * Product reads for the storefront and the admin list (spec section 7). Prices are paisa.
 */
import { prisma } from "~/utils/db.server";
import { parseVariantWidths, type ImageInfo } from "~/utils/image-url";

import type { ProductSort } from "~/utils/product-sort";

const imageSelect = { key: true, width: true, height: true, variantWidths: true, alt: true } as const;

type ImageRow = { key: string; width: number; height: number; variantWidths: string; alt: string };

/** Converts an Image row to the browser-safe ImageInfo. */
export function toImageInfo(row: ImageRow, fallbackAlt: string): ImageInfo {
  return {
    key: row.key,
    width: row.width,
    height: row.height,
    variantWidths: parseVariantWidths(row.variantWidths),
    alt: row.alt || fallbackAlt,
  };
}

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

/** Featured products for the home page, by name. */
export async function listFeaturedProducts(): Promise<ProductCard[]> {
  const rows = await prisma.product.findMany({
    where: { isFeatured: true },
    orderBy: { name: "asc" },
    select: cardSelect,
  });
  return rows.map(toCard);
}

/**
 * Products for /products: optionally in one category and/or whose name contains `query`
 * (case-insensitive for ASCII letters, spec section 7), in the chosen order.
 * Price sorts order by the price a shopper pays (discounted when present), then by name.
 */
export async function listProducts(options: {
  categoryId?: number | null;
  query?: string | null;
  sort?: ProductSort;
}): Promise<ProductCard[]> {
  const rows = await prisma.product.findMany({
    where: {
      ...(options.categoryId ? { categoryId: options.categoryId } : {}),
      ...(options.query ? { name: { contains: options.query } } : {}),
    },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: cardSelect,
  });
  const cards = rows.map(toCard);
  if (options.sort === "price-asc" || options.sort === "price-desc") {
    const direction = options.sort === "price-asc" ? 1 : -1;
    const charged = (p: ProductCard) => p.discountedPricePaisa ?? p.pricePaisa;
    cards.sort((a, b) => direction * (charged(a) - charged(b)) || a.name.localeCompare(b.name));
  }
  return cards;
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

/** The admin product list (Name, Price, Category), by name. */
export async function listProductsForAdmin() {
  return prisma.product.findMany({
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: {
      id: true,
      name: true,
      pricePaisa: true,
      discountedPricePaisa: true,
      isFeatured: true,
      category: { select: { name: true } },
    },
  });
}
