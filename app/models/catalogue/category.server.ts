/** Categories: the storefront's reads, and the back office's list, reads and writes. */
import { prisma } from "~/models/db/client.server";
import type { ImageInfo } from "~/utils/image-url";
import { ADMIN_PAGE_SIZE, paginate } from "~/rules/pagination";
import { deleteOrphanImages, imageData, imageSelect, toImageInfo, type ImageRow, type NewImage } from "./image.server";

/** A category as the storefront lists it: `nameBn` is "" when it has no Bangla name. */
export type CategoryCard = { id: number; name: string; nameBn: string; slug: string; image: ImageInfo | null };

/** What a category card reads (`toCategoryCard`); the back office's reads add the product count. */
const cardSelect = { id: true, name: true, nameBn: true, slug: true, image: { select: imageSelect } } as const;

/** A category card from its `cardSelect` row, the picture's alternative text being the name. */
function toCategoryCard(row: {
  id: number;
  name: string;
  nameBn: string;
  slug: string;
  image: ImageRow | null;
}): CategoryCard {
  return {
    id: row.id,
    name: row.name,
    nameBn: row.nameBn,
    slug: row.slug,
    image: row.image ? toImageInfo(row.image, row.name) : null,
  };
}

/** `cardSelect` with the count of the category's products, as the back office's list and edit form read it. */
const adminSelect = { ...cardSelect, _count: { select: { products: true } } } as const;

/** A category card with `productCount`, from its `adminSelect` row. */
function toAdminCategory(row: Parameters<typeof toCategoryCard>[0] & { _count: { products: number } }) {
  return { ...toCategoryCard(row), productCount: row._count.products };
}

/** All categories by (English) name, with their Bangla names and images (empty list when there are none). */
export async function listCategories(): Promise<CategoryCard[]> {
  const rows = await prisma.category.findMany({ orderBy: { name: "asc" }, select: cardSelect });
  return rows.map(toCategoryCard);
}

// ---- Admin catalogue: category writes and admin reads ----

/** Most categories offered in the product form's select (a shop has far fewer). */
const MAX_CATEGORY_OPTIONS = 500;

/** Categories for the product form's select: id, name and Bangla name ("" for none), by name. */
export async function listCategoryOptions(): Promise<{ id: number; name: string; nameBn: string }[]> {
  return prisma.category.findMany({
    orderBy: [{ name: "asc" }, { id: "asc" }],
    take: MAX_CATEGORY_OPTIONS,
    select: { id: true, name: true, nameBn: true },
  });
}

/** One page of the admin category list (Name, Bangla name, Slug, Image, product count), by name. */
export async function listCategoriesForAdmin(page: number) {
  return paginate(
    page,
    ADMIN_PAGE_SIZE,
    () => prisma.category.count(),
    async (window) => {
      const rows = await prisma.category.findMany({
        orderBy: [{ name: "asc" }, { id: "asc" }],
        ...window,
        select: adminSelect,
      });
      return rows.map(toAdminCategory);
    },
  );
}

/** A category for the edit form (or the delete step), or null when there is none. */
export async function getCategoryForEdit(id: number) {
  const row = await prisma.category.findUnique({ where: { id }, select: adminSelect });
  return row ? toAdminCategory(row) : null;
}

/** Thrown when a category's slug is already used by another category (Category.slug is unique). */
export class SlugTakenError extends Error {
  constructor(readonly slug: string) {
    super(`The slug ${slug} is taken`);
    this.name = "SlugTakenError";
  }
}

/**
 * Creates a category (names as typed, `nameBn` "" for none; its slug made by the caller from the
 * English name, on create only) with
 * an optional image already stored on disk, in one transaction.
 *
 * @returns the new category's id.
 * @throws {SlugTakenError} when another category has this slug; Prisma's error when a write fails.
 */
export async function createCategoryWithImage(
  category: { name: string; nameBn: string; slug: string },
  image: NewImage | null,
): Promise<number> {
  return prisma.$transaction(async (tx) => {
    if (await tx.category.findUnique({ where: { slug: category.slug }, select: { id: true } })) {
      throw new SlugTakenError(category.slug);
    }
    const imageRow = image ? await tx.image.create({ data: imageData(image), select: { id: true } }) : null;
    try {
      const created = await tx.category.create({
        data: { name: category.name, nameBn: category.nameBn, slug: category.slug, imageId: imageRow?.id ?? null },
        select: { id: true },
      });
      return created.id;
    } catch (error) {
      // Another request took the slug between the check and the insert.
      if ((error as { code?: string }).code === "P2002") throw new SlugTakenError(category.slug);
      throw error;
    }
  });
}

/**
 * Updates a category's names (`nameBn` "" for none; the slug stays as it was made on create) and image: a new image replaces the
 * old one, `removeImage` drops it. A replaced image nothing else links to is deleted.
 *
 * @returns null when there is no such category, else the keys of images whose files to remove.
 * @throws Prisma's error when a write fails (nothing is changed then).
 */
export async function updateCategoryWithImage(
  id: number,
  names: { name: string; nameBn: string },
  image: NewImage | null,
  removeImage: boolean,
): Promise<{ removedKeys: string[] } | null> {
  return prisma.$transaction(async (tx) => {
    const current = await tx.category.findUnique({ where: { id }, select: { imageId: true } });
    if (!current) return null;
    let imageId = current.imageId;
    if (image) imageId = (await tx.image.create({ data: imageData(image), select: { id: true } })).id;
    else if (removeImage) imageId = null;
    await tx.category.update({ where: { id }, data: { name: names.name, nameBn: names.nameBn, imageId } });
    const removedKeys =
      imageId !== current.imageId
        ? await deleteOrphanImages(tx, current.imageId === null ? [] : [current.imageId])
        : [];
    return { removedKeys };
  });
}

/**
 * Deletes a category unless products are still in it (decision 014).
 *
 * @returns `{ status: "missing" }`, `{ status: "blocked", name, productCount }` (nothing deleted),
 *   or `{ status: "deleted", name, removedKeys }` with the keys of image files to remove.
 */
export async function deleteCategoryIfEmpty(
  id: number,
): Promise<
  | { status: "missing" }
  | { status: "blocked"; name: string; productCount: number }
  | { status: "deleted"; name: string; removedKeys: string[] }
> {
  return prisma.$transaction(async (tx) => {
    const category = await tx.category.findUnique({
      where: { id },
      select: { name: true, imageId: true, _count: { select: { products: true } } },
    });
    if (!category) return { status: "missing" as const };
    if (category._count.products > 0) {
      return { status: "blocked" as const, name: category.name, productCount: category._count.products };
    }
    await tx.category.delete({ where: { id } });
    return {
      status: "deleted" as const,
      name: category.name,
      removedKeys: await deleteOrphanImages(tx, category.imageId === null ? [] : [category.imageId]),
    };
  });
}
