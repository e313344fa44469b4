import { type RouteConfig, type RouteConfigEntry } from "@remix-run/route-config";
import { flatRoutes } from "@remix-run/fs-routes";

/**
 * The routes: Remix's flat file routes, plus every storefront page again under `/bn` for Bangla
 * (docs/decisions/023-languages-in-the-url.md). The Bangla copy uses the same modules under route
 * ids prefixed with "bn/", so a page is written once and its language comes from the URL
 * (`langFromPath`, app/i18n/index.ts); only the layout differs (_shop.bn.layout.tsx), because
 * it loads the Bangla catalogue.
 */
// `*.layout.tsx` files are route modules wired here, not by their file names.
const routes = await flatRoutes({ ignoredRouteFiles: ["**/*.layout.tsx"] });

/** The storefront's pathless layout; everything under it is a shopper's page. */
const SHOP_LAYOUT_ID = "routes/_shop";

/** `entry` and its children with ids prefixed by "bn/". */
function banglaCopy(entry: RouteConfigEntry): RouteConfigEntry {
  return {
    ...entry,
    id: `bn/${entry.id ?? entry.file}`,
    children: entry.children?.map(banglaCopy),
  };
}

const shop = routes.find((route) => route.id === SHOP_LAYOUT_ID);
if (!shop) throw new Error(`routes.ts: no ${SHOP_LAYOUT_ID} layout route`);

export default [
  ...routes,
  { ...banglaCopy(shop), path: "bn", file: "routes/_shop.bn.layout.tsx" },
] satisfies RouteConfig;
