/**
 * The SEO context of a request, for loaders that build their page's head tags on the server
 * (app/utils/seo.ts `seoMeta`): the meta tags then travel as loader data, and the builders (JSON-LD,
 * Open Graph, alternates) never ship to the browser (the storefront budget, decision 016).
 */
import { getEnv } from "~/config/env.server";
import { langOfRequest, translator } from "~/i18n";
import { getShopSettings, shopIdentity } from "~/models/settings.server";
import { publicOrigin, shareImage, type SeoContext } from "~/utils/seo";

/**
 * The shop's name, description and logo (its settings, in the page's language), the public origin
 * and the language of `request`.
 */
export async function seoContextFor(request: Request): Promise<SeoContext> {
  const lang = langOfRequest(request);
  const shop = shopIdentity(await getShopSettings(), lang);
  const origin = publicOrigin(request, getEnv().PUBLIC_URL);
  return {
    origin,
    logo: shop.logo ? shareImage(shop.logo, origin) : null,
    shopName: shop.name,
    description: shop.about,
    lang,
    t: translator(lang),
  };
}
