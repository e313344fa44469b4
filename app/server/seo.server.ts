/**
 * The SEO context of a request, for loaders that build their page's head tags on the server
 * (app/utils/seo.ts `seoMeta`): the meta tags then travel as loader data, and the builders (JSON-LD,
 * Open Graph, alternates) never ship to the browser (the storefront budget, decision 016).
 */
import { getEnv, publicShopConfig } from "~/config/env.server";
import { langOfRequest, translator } from "~/i18n";
import { publicOrigin, type SeoContext } from "~/utils/seo";

/** The shop's name and description, the public origin and the page's language of `request`. */
export function seoContextFor(request: Request): SeoContext {
  const lang = langOfRequest(request);
  const shop = publicShopConfig();
  return {
    origin: publicOrigin(request, getEnv().PUBLIC_URL),
    shopName: shop.name,
    description: shop.about,
    lang,
    t: translator(lang),
  };
}
