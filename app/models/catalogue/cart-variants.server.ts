/**
 * The variants as the cart, checkout and the order edit read them: names and labels in both
 * languages, prices in paisa, the units a shopper may buy now and the picture; the default variant
 * of an old cart cookie's product; a variant's availability for a cart change. A variant of a
 * product hidden from the shop is never among them.
 */
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/models/db/client.server";
import type { ImageInfo } from "~/utils/image-url";
import { availableQuantity } from "~/rules/stock";
import { lineItemName, localText, variantLabel } from "~/rules/variants";
import { displayOrder, optionValueSelect, valuesOf, type VariantValues } from "./product-selects.server";
import { imageSelect, toImageInfo } from "./image.server";

/** A variant's label in English and Bangla ("56″ / Brown", "৫৬″ / বাদামি"); "" without options. */
function labelsOf(variant: VariantValues): { label: string; labelBn: string } {
  const values = valuesOf(variant);
  return {
    label: variantLabel(values.map((value) => value.value)),
    labelBn: variantLabel(values.map((value) => localText(value.value, value.valueBn, "bn"))),
  };
}

/**
 * A variant as the cart and checkout read it: its product's name and its label in both languages
 * (the order keeps both), its SKU, prices in paisa, the units a shopper may buy now (null: not
 * tracked) and its picture (the variant's own, else the product's first).
 */
export type CartVariant = {
  variantId: number;
  productId: number;
  name: string;
  nameBn: string;
  label: string;
  labelBn: string;
  sku: string | null;
  pricePaisa: number;
  discountedPricePaisa: number | null;
  available: number | null;
  image: ImageInfo | null;
};

/**
 * The active variants with these ids, for pricing a cart. Missing ids (a deleted or switched-off
 * variant, or one of a product hidden from the shop) are absent, so the cart drops such a line with
 * its notice, checkout refuses it, and adding it is refused as for a product no longer sold. `db`:
 * the caller's transaction when it reads inside one.
 */
export async function getVariantsForCart(ids: number[], db: Prisma.TransactionClient = prisma): Promise<CartVariant[]> {
  if (ids.length === 0) return [];
  const rows = await db.productVariant.findMany({
    where: { id: { in: ids }, isActive: true },
    select: {
      id: true,
      productId: true,
      sku: true,
      pricePaisa: true,
      discountedPricePaisa: true,
      stockQuantity: true,
      image: { select: imageSelect },
      option1Value: optionValueSelect,
      option2Value: optionValueSelect,
      option3Value: optionValueSelect,
      product: {
        select: {
          name: true,
          nameBn: true,
          trackStock: true,
          isPublished: true,
          images: { orderBy: { position: "asc" }, take: 1, select: { image: { select: imageSelect } } },
        },
      },
    },
  });
  // A hidden product's variants are read like any other (the flag comes with the product's fields)
  // and left out here: the cart's lines are few.
  return rows
    .filter((row) => row.product.isPublished)
    .map((row) => {
      const picture = row.image ?? row.product.images[0]?.image;
      return {
        variantId: row.id,
        productId: row.productId,
        name: row.product.name,
        nameBn: row.product.nameBn,
        ...labelsOf(row),
        sku: row.sku,
        pricePaisa: row.pricePaisa,
        discountedPricePaisa: row.discountedPricePaisa,
        available: availableQuantity({ trackStock: row.product.trackStock, stockQuantity: row.stockQuantity }),
        image: picture ? toImageInfo(picture, row.product.name) : null,
      };
    });
}

/**
 * The variant that stands for each of these products where a product id is all there is (a cart
 * cookie written before products had variants): its first active variant by position, which for a
 * product without options is its default variant. Products that are gone, hidden from the shop or
 * have no active variant are absent from the map (product id → variant id).
 */
export async function getDefaultVariantIds(productIds: number[]): Promise<Map<number, number>> {
  const variants = await prisma.productVariant.findMany({
    where: { productId: { in: productIds }, isActive: true },
    orderBy: displayOrder,
    select: { id: true, productId: true, product: { select: { isPublished: true } } },
  });
  const first = new Map<number, number>();
  for (const variant of variants) {
    if (variant.product.isPublished && !first.has(variant.productId)) first.set(variant.productId, variant.id);
  }
  return first;
}

/**
 * The active variants of these products, each product's in display order, the products in the
 * order of `productIds`: what staff choose from when they add a line to an order. A product hidden
 * from the shop is left out (`getVariantsForCart`): it is not for sale, so staff cannot add it to an
 * order either, and the order edit refuses it as a product no longer sold.
 */
export async function getActiveVariantsOfProducts(productIds: number[]): Promise<CartVariant[]> {
  if (productIds.length === 0) return [];
  const rows = await prisma.productVariant.findMany({
    where: { productId: { in: productIds }, isActive: true },
    orderBy: displayOrder,
    select: { id: true },
  });
  const variants = await getVariantsForCart(rows.map((row) => row.id));
  const rank = new Map(rows.map((row, index) => [row.id, index]));
  return variants.sort(
    (a, b) =>
      productIds.indexOf(a.productId) - productIds.indexOf(b.productId) ||
      (rank.get(a.variantId) ?? 0) - (rank.get(b.variantId) ?? 0),
  );
}

/**
 * What a cart change needs of a variant: its line item name in English ("Fan — 56″ / Brown") and
 * Bangla, and the units a shopper may buy now (null: not tracked); null when there is no such
 * active variant.
 */
export async function getVariantAvailability(
  id: number,
): Promise<{ name: string; nameBn: string; available: number | null } | null> {
  const [variant] = await getVariantsForCart([id]);
  if (!variant) return null;
  return {
    name: lineItemName(variant.name, variant.label),
    nameBn: lineItemName(localText(variant.name, variant.nameBn, "bn"), variant.labelBn),
    available: variant.available,
  };
}
