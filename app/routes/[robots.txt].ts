import { getEnv } from "~/config/env.server";
import { absoluteUrl, publicOrigin } from "~/utils/seo";
import { robotsTxt, SITEMAP_CACHE_CONTROL } from "~/utils/seo-sitemap";
import type { LoaderFunctionArgs } from "@remix-run/node";

/** GET /robots.txt: keeps crawlers out of /admin, /cart and /order-success; names the sitemap. */
export function loader({ request }: LoaderFunctionArgs) {
  const origin = publicOrigin(request, getEnv().PUBLIC_URL);
  return new Response(robotsTxt(absoluteUrl(origin, "/sitemap.xml")), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": SITEMAP_CACHE_CONTROL },
  });
}
