import type { LoaderFunctionArgs } from "@remix-run/node";
import { getEnv } from "~/config/env.server";
import { feedResponse } from "~/server/catalogue/product-feeds.server";
import { publicOrigin } from "~/utils/seo";

/**
 * GET /feeds/facebook.csv[?lang=bn]: the product feed for Meta Commerce Manager (Facebook and
 * Instagram shops), public (app/server/catalogue/product-feeds.server.ts).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return feedResponse(request, "meta", publicOrigin(request, getEnv().PUBLIC_URL));
}
