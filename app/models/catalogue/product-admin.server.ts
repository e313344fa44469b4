/**
 * The back office's reads of products: the product list (/admin/products, with prices, variant
 * counts and stock), a product's names for the delete step, and everything the product edit form
 * shows. Prices are paisa. The writes are in product-writes.server.ts.
 */
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/models/db/client.server";
import { dialect } from "~/models/db/dialect.server";
import { ADMIN_PAGE_SIZE, paginate } from "~/rules/pagination";
import type { ImageInfo } from "~/utils/image-url";
import {
  displayOrder,
  liveVariants,
  liveVariantsSelect,
  optionsForEditing,
  picturesForEditing,
  productTextsSelect,
} from "./product-selects.server";
import { toImageInfo } from "./image.server";

/**
 * One page of the admin product list, by name: each product with its price range (the lowest and
 * highest price a shopper pays, in paisa), the regular price of a product with one variant, its
 * variant count and total stock (retired variants left out; stock null when it does not track
 * stock) and whether the shop shows it (hidden products are listed too); optionally only products
 * whose English or Bangla name contains `query` or with a variant whose SKU starts with it
 * (case-insensitive for Latin letters, LIKE wildcards escaped).
 */
export async function listProductsForAdmin(page: number, query: string | null = null) {
  const where: Prisma.ProductWhereInput = query
    ? {
        OR: [
          { name: { contains: query, ...dialect.insensitive } },
          { nameBn: { contains: query, ...dialect.insensitive } },
          { variants: { some: { sku: { startsWith: query, ...dialect.insensitive } } } },
        ],
      }
    : {};
  const result = await paginate(
    page,
    ADMIN_PAGE_SIZE,
    () => prisma.product.count({ where }),
    (window) =>
      prisma.product.findMany({
        where,
        orderBy: [{ name: "asc" }, { id: "asc" }],
        ...window,
        select: {
          id: true,
          name: true,
          nameBn: true,
          minPricePaisa: true,
          maxPricePaisa: true,
          isFeatured: true,
          isPublished: true,
          trackStock: true,
          category: { select: { name: true, nameBn: true } },
          variants: {
            where: liveVariants,
            orderBy: displayOrder,
            select: { pricePaisa: true, discountedPricePaisa: true, stockQuantity: true, isActive: true },
          },
        },
      }),
  );
  return {
    ...result,
    items: result.items.map(({ variants, ...product }) => {
      const active = variants.filter((variant) => variant.isActive);
      const only = variants.length === 1 ? variants[0] : undefined;
      return {
        ...product,
        variantCount: variants.length,
        /** The regular and discounted price of a product with one variant; null with several. */
        single: only ? { pricePaisa: only.pricePaisa, discountedPricePaisa: only.discountedPricePaisa } : null,
        totalStock: product.trackStock ? active.reduce((sum, variant) => sum + variant.stockQuantity, 0) : null,
      };
    }),
  };
}

/** A product's id and names (English and Bangla, "" for none), or null: for the delete confirmation step. */
export async function getProductName(id: number): Promise<{ id: number; name: string; nameBn: string } | null> {
  return prisma.product.findUnique({ where: { id }, select: { id: true, name: true, nameBn: true } });
}

/** A stored image of a product as the edit form shows it: the Image row id and the image. */
export type ProductFormImage = { imageId: number; image: ImageInfo };

/**
 * Everything the product edit form needs, or null when there is no such product (a hidden one is
 * read too): its texts in both languages, its brand, whether the shop shows it, its options (with
 * values) and its variants in display order, each with its option
 * value ids, SKU, prices in paisa, stock, picture and active flag, and whether an order names it
 * (retired variants, kept only for their orders and ledger, are left out).
 * `defaultVariant` is the variant of a product without options (null when it has options).
 */
export async function getProductForEdit(id: number) {
  const row = await prisma.product.findUnique({
    where: { id },
    select: {
      ...productTextsSelect,
      categoryId: true,
      isFeatured: true,
      isPublished: true,
      trackStock: true,
      images: picturesForEditing,
      options: optionsForEditing,
      variants: {
        ...liveVariantsSelect,
        select: {
          ...liveVariantsSelect.select,
          combinationKey: true,
          position: true,
          _count: { select: { orderItems: true } },
        },
      },
    },
  });
  if (!row) return null;
  const { variants, ...product } = row;
  const editVariants = variants.map(({ _count, ...variant }) => ({ ...variant, hasOrders: _count.orderItems > 0 }));
  return {
    ...product,
    images: row.images.map(({ imageId, image }): ProductFormImage => ({
      imageId,
      image: toImageInfo(image, row.name),
    })),
    variants: editVariants,
    defaultVariant:
      row.options.length === 0 ? (editVariants.find((variant) => variant.combinationKey === "") ?? null) : null,
  };
}
