/** Category reads for the storefront (spec section 7). */
import { prisma } from "~/utils/db.server";
import type { ImageInfo } from "~/utils/image-url";
import { imageSelect, toImageInfo } from "./image.server";

export type CategoryCard = { id: number; name: string; slug: string; image: ImageInfo | null };

/** All categories by name, with their images (empty list when there are none). */
export async function listCategories(): Promise<CategoryCard[]> {
  const rows = await prisma.category.findMany({
    orderBy: { name: "asc" },
    select: {
      id: true,
      name: true,
      slug: true,
      image: { select: imageSelect },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    image: row.image ? toImageInfo(row.image, row.name) : null,
  }));
}
