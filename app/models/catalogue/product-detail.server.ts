/**
 * The product page's read (/products/:id): a product shown in the shop with its texts in the
 * page's language, its pictures, options and active variants (prices in paisa, the units a
 * shopper may buy now).
 */
import { prisma } from "~/models/db/client.server";
import { availableQuantity } from "~/rules/stock";
import type { Lang } from "~/i18n/lang";
import { localText, variantLabel } from "~/rules/variants";
import { displayOrder, optionValueSelect, productTextsSelect, valuesOf } from "./product-selects.server";
import { imageSelect, toImageInfo } from "./image.server";

/** A variant as the product page offers it; prices in paisa. */
export type ProductPageVariant = {
  id: number;
  /** The chosen value of each option, by option position. */
  valueIds: number[];
  /** "56″ / Brown" in the page's language; "" for a product without options. */
  label: string;
  sku: string | null;
  pricePaisa: number;
  discountedPricePaisa: number | null;
  /** Units a shopper may buy now; null when the product does not track stock. */
  available: number | null;
  /** Index in the product's `images` of this variant's picture; null: the product's first one. */
  imageIndex: number | null;
};

/** An option as the product page offers it, in the page's language, with its values in order. */
export type ProductPageOption = { position: number; name: string; values: { id: number; value: string }[] };

/**
 * Everything the product page shows, in `lang` (Bangla texts where they are given, else English),
 * or null when there is no such product or it is hidden (not shown in the shop: its page is a 404
 * like a missing one's). `variants` are the active ones in display order; a product without
 * options has one. `nameEn` is the English name (the slug comes from it).
 */
export async function getProductDetail(id: number, lang: Lang = "en") {
  const row = await prisma.product.findUnique({
    where: { id, isPublished: true },
    select: {
      ...productTextsSelect,
      trackStock: true,
      category: { select: { id: true, name: true, nameBn: true } },
      images: { orderBy: { position: "asc" }, select: { image: { select: { id: true, ...imageSelect } } } },
      options: {
        orderBy: { position: "asc" },
        select: {
          position: true,
          name: true,
          nameBn: true,
          values: { orderBy: displayOrder, select: { id: true, value: true, valueBn: true } },
        },
      },
      variants: {
        where: { isActive: true },
        orderBy: displayOrder,
        select: {
          id: true,
          sku: true,
          pricePaisa: true,
          discountedPricePaisa: true,
          stockQuantity: true,
          imageId: true,
          option1Value: optionValueSelect,
          option2Value: optionValueSelect,
          option3Value: optionValueSelect,
        },
      },
    },
  });
  if (!row) return null;
  const name = localText(row.name, row.nameBn, lang);
  const imageIds = row.images.map(({ image }) => image.id);
  return {
    id: row.id,
    name,
    nameEn: row.name,
    slug: row.slug,
    description: localText(row.description, row.descriptionBn, lang),
    /** The brand or maker; "" when none is set. */
    brand: row.brand,
    category: row.category
      ? { id: row.category.id, name: localText(row.category.name, row.category.nameBn, lang) }
      : null,
    images: row.images.map(({ image }) => toImageInfo(image, name)),
    options: row.options.map((option): ProductPageOption => ({
      position: option.position,
      name: localText(option.name, option.nameBn, lang),
      values: option.values.map((value) => ({ id: value.id, value: localText(value.value, value.valueBn, lang) })),
    })),
    variants: row.variants.map((variant): ProductPageVariant => {
      const values = valuesOf(variant);
      const imageIndex = variant.imageId === null ? -1 : imageIds.indexOf(variant.imageId);
      return {
        id: variant.id,
        valueIds: values.map((value) => value.id),
        label: variantLabel(values.map((value) => localText(value.value, value.valueBn, lang))),
        sku: variant.sku,
        pricePaisa: variant.pricePaisa,
        discountedPricePaisa: variant.discountedPricePaisa,
        available: availableQuantity({ trackStock: row.trackStock, stockQuantity: variant.stockQuantity }),
        imageIndex: imageIndex >= 0 ? imageIndex : null,
      };
    }),
  };
}
