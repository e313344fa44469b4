import type { LoaderFunctionArgs } from "@remix-run/node";
import { getEnv } from "~/config/env.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { productCsvDownload } from "~/server/catalogue/product-export.server";
import { parseId } from "~/utils/params";
import { publicOrigin } from "~/utils/seo";

/**
 * GET /admin/products/export.csv[?category=N]: the catalogue, or one category's products, as a
 * product CSV download (app/server/catalogue/product-export.server.ts). Any staff member.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const category = parseId(new URL(request.url).searchParams.get("category"));
  return productCsvDownload(category, publicOrigin(request, getEnv().PUBLIC_URL));
}
