import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ProductCard } from "~/components/product-card";
import { ResponsiveImage } from "~/components/responsive-image";
import { SearchBox } from "~/components/search-box";
import { useLocalePath, useT } from "~/hooks/use-t";
import { langOfRequest, localePath, registerMessages } from "~/i18n";
import { listingMessages } from "~/i18n/listing-messages";
import { chosenLanguage } from "~/server/language-cookie.server";
import { noteCatalogueAddress, noteRenderedInputs, noteShownProducts } from "~/server/http/page-cache/page-notes.server";
import { listCategories, type CategoryCard } from "~/models/catalogue/category.server";
import type { Lang } from "~/i18n/lang";
import { localText } from "~/rules/variants";
import { listFeaturedProducts } from "~/models/catalogue/product-listings.server";
import { getShopSettings, shopIdentity } from "~/models/settings.server";
import { seoContextFor } from "~/server/http/seo.server";
import { seoMeta, organizationJsonLd, websiteJsonLd } from "~/utils/seo";
import { skipRevalidationAfterCartChange } from "~/utils/revalidation";

// The listing pages' texts travel with their modules, in both languages (decision 023).
registerMessages("en", listingMessages.en);
registerMessages("bn", listingMessages.bn);

/** Head tags built by the loader (app/server/http/seo.server.ts). */
export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? [{ title: "haat" }];

/** See app/utils/revalidation.ts. */
export const shouldRevalidate = skipRevalidationAfterCartChange;

/** The categories with their names in `lang` (the Bangla name where one is given, else English). */
async function categoriesIn(lang: Lang): Promise<CategoryCard[]> {
  const categories = await listCategories();
  return categories.map((category) => ({ ...category, name: localText(category.name, category.nameBn, lang) }));
}

/**
 * The home page. `/` is the one address that does not say its language: a browser whose shopper
 * chose Bangla with the switch is sent on to `/bn`, and so is one that never chose when the shop's
 * default language is Bangla (docs/decisions/023-languages-in-the-url.md).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const settings = await getShopSettings();
  const chosen = await chosenLanguage(request);
  // The page cache stores this page only if it keyed it on the same language (decision 036).
  noteRenderedInputs(context, { language: chosen ?? "" });
  if (langOfRequest(request) === "en" && (chosen ?? settings.defaultLanguage) === "bn")
    throw redirect(localePath("bn", "/"));
  const lang = langOfRequest(request);
  const [categories, featured] = await Promise.all([categoriesIn(lang), listFeaturedProducts(lang)]);
  // The featured products are a list (which products are featured follows any product's change).
  noteShownProducts(context, { cards: featured.map((product) => product.id), lists: true });
  // One page per language: always kept once rendered.
  noteCatalogueAddress(context);
  const shop = shopIdentity(settings, lang);
  const seo = await seoContextFor(request);
  const meta = seoMeta(seo, {
    title: `${shop.name}: ${shop.tagline}`,
    description: shop.about,
    path: "/",
    image: seo.logo ?? null,
    jsonLd: [websiteJsonLd(seo), organizationJsonLd(seo)].filter((block) => block !== null),
  });
  return { categories, featured, shop, meta };
}

/** Home: hero with search, Shop by Category, Featured Products. */
export default function HomePage() {
  const t = useT();
  const href = useLocalePath();
  const { categories, featured, shop } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="bg-gradient-to-br from-amber-100 via-stone-100 to-amber-50">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
          <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-5xl">{shop.name}</h1>
          <p className="mt-3 max-w-xl text-lg text-stone-700">{shop.tagline}</p>
          <SearchBox id="home-search" className="mt-8 max-w-xl" />
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 pt-12" aria-labelledby="categories-heading">
        <h2 id="categories-heading" className="mb-6 text-2xl font-semibold">
          {t("home.shopByCategory")}
        </h2>
        {categories.length === 0 ? (
          <p className="text-stone-600">{t("home.noCategories")}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
            {categories.map((category, index) => (
              <li key={category.id}>
                <Link
                  to={href(`/products?category=${category.id}`)}
                  className="block overflow-hidden rounded-lg border border-stone-200 bg-white hover:shadow"
                >
                  <div className="aspect-square bg-stone-100">
                    {category.image ? (
                      <ResponsiveImage
                        image={category.image}
                        sizes="(min-width: 1024px) 16vw, (min-width: 640px) 33vw, 50vw"
                        // The first row on a phone (two columns) is on its first screen.
                        priority={index < 2}
                        className="h-full w-full object-cover"
                        alt=""
                      />
                    ) : null}
                  </div>
                  <span className="block px-3 py-2 text-center font-medium">{category.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="mx-auto max-w-6xl px-4 pt-12" aria-labelledby="featured-heading">
        <h2 id="featured-heading" className="mb-6 text-2xl font-semibold">
          {t("home.featured")}
        </h2>
        {featured.length === 0 ? (
          <p className="text-stone-600">{t("home.noFeatured")}</p>
        ) : (
          <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {featured.map((product) => (
              <ProductCard
                key={product.id}
                product={product}
                sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
              />
            ))}
          </div>
        )}
      </section>
    </>
  );
}
