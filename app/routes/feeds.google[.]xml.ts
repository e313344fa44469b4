import type { LoaderFunctionArgs } from "@remix-run/node";
import { getEnv } from "~/config/env.server";
import { feedResponse } from "~/server/catalogue/product-feeds.server";
import { publicOrigin } from "~/utils/seo";

/**
 * GET /feeds/google.xml[?lang=bn]: the product feed for Google Merchant Center, public
 * (app/server/catalogue/product-feeds.server.ts).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return feedResponse(request, "google", publicOrigin(request, getEnv().PUBLIC_URL));
}
