/**
 * The catalogue as the product feeds read it (app/server/catalogue/product-feeds.server.ts): the
 * products shown in the shop, each with its texts in both languages, its pictures, its options and
 * its sold variants (active, not retired), in id order, read in chunks with keyset paging so that a
 * catalogue of any size is listed with bounded memory.
 */
import type { Prisma } from "~/generated/prisma/client";
import { displayOrder, soldVariants } from "./product-selects.server";
import { prisma } from "../db/client.server";
import { imageSelect } from "./image.server";

/** Products read per query. */
const FEED_CHUNK = 200;

/** Pictures of a product a feed names at most: its main one and ten more (Google's and Meta's limit). */
const FEED_PICTURES = 11;

const feedSelect = {
  id: true,
  handle: true,
  name: true,
  nameBn: true,
  description: true,
  descriptionBn: true,
  brand: true,
  trackStock: true,
  images: {
    orderBy: displayOrder,
    take: FEED_PICTURES,
    select: { imageId: true, image: { select: imageSelect } },
  },
  options: {
    orderBy: { position: "asc" },
    select: { values: { select: { id: true, value: true, valueBn: true } } },
  },
  variants: {
    where: soldVariants,
    orderBy: displayOrder,
    select: {
      id: true,
      sku: true,
      option1ValueId: true,
      option2ValueId: true,
      option3ValueId: true,
      pricePaisa: true,
      discountedPricePaisa: true,
      stockQuantity: true,
      image: { select: imageSelect },
    },
  },
} satisfies Prisma.ProductSelect;

/** One product as a feed reads it. */
export type FeedProduct = Prisma.ProductGetPayload<{ select: typeof feedSelect }>;

/** The products shown in the shop, in id order, FEED_CHUNK at a time. */
export async function* productsForFeed(): AsyncGenerator<FeedProduct[]> {
  let cursor = 0;
  for (;;) {
    const rows = await prisma.product.findMany({
      where: { id: { gt: cursor }, isPublished: true },
      orderBy: { id: "asc" },
      take: FEED_CHUNK,
      select: feedSelect,
    });
    if (rows.length === 0) return;
    yield rows;
    cursor = rows.at(-1)!.id;
    if (rows.length < FEED_CHUNK) return;
  }
}
