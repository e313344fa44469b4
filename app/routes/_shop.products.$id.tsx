import { useState } from "react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { AddToCartForm } from "~/components/cart/cart-forms";
import { Price } from "~/components/price";
import { ProductGallery } from "~/components/product-gallery";
import { QuantityStepper } from "~/components/quantity-stepper";
import { useHydrated } from "~/hooks/use-hydrated";
import { useLang, useLocalePath, useT } from "~/hooks/use-t";
import { localDigits } from "~/i18n/format";
import { langFromPath, langOfRequest, translator } from "~/i18n";
import { requestTranslator } from "~/server/i18n.server";
import { seoContextFor } from "~/server/http/seo.server";
import { getProductDetail, type ProductPageVariant } from "~/models/catalogue/product-detail.server";
import { VariantPicker, variantOf } from "~/components/variant-picker";
import { CHIPS_UP_TO_VALUES, lineItemName } from "~/rules/variants";
import { getShopSettings } from "~/models/settings.server";
import { shownUnits, stockLevel, type StockLevel } from "~/rules/stock";
import { MAX_LINE_QUANTITY } from "~/rules/cart";
import { discountPercent, unitPricePaisa } from "~/rules/money";
import {
  breadcrumbJsonLd,
  pageTitle,
  pageUrl,
  productGroupJsonLd,
  productJsonLd,
  productsCanonicalPath,
  seoMeta,
  shareImage,
} from "~/utils/seo";
import { notFound, parseId } from "~/utils/params";
import { skipRevalidationAfterCartChange } from "~/utils/revalidation";
import { log } from "~/server/log.server";
import { absentOrOneOf, noteCatalogueAddress, noteShownProducts } from "~/server/http/page-cache/page-notes.server";

/** Head tags built by the loader (`productMeta`). */
export const meta: MetaFunction<typeof loader> = ({ data, location }) =>
  data?.meta ?? [{ title: translator(langFromPath(location.pathname))("product.notFound") }];

/**
 * Title, description, canonical URL (the product's, whatever variant is shown), share preview
 * (first image, 1024 px variant) and JSON-LD: a `Product` (price charged, in BDT) for a product
 * without options, a `ProductGroup` of its active variants for one with options; and a
 * `BreadcrumbList` (Home › Category › Product). Built on the server so that their builders stay
 * out of the page's JavaScript.
 */
async function productMeta(
  request: Request,
  product: NonNullable<Awaited<ReturnType<typeof getProductDetail>>>,
  variant: ProductPageVariant | undefined,
) {
  const seo = await seoContextFor(request);
  const path = `/products/${product.id}`;
  const url = pageUrl(seo, path);
  const trail = [{ name: seo.t("seo.home"), url: pageUrl(seo, "/") }];
  if (product.category) {
    trail.push({
      name: product.category.name,
      url: pageUrl(seo, productsCanonicalPath({ category: product.category.id })),
    });
  }
  trail.push({ name: product.name, url });
  const images = product.images.map((image) => shareImage(image, seo.origin).url);
  const first = product.images[0];
  const common = {
    id: product.id,
    name: product.name,
    description: product.description,
    images,
    url,
    category: product.category?.name,
    shopName: seo.shopName,
    brand: product.brand,
  };
  return seoMeta(seo, {
    title: pageTitle(product.name, seo),
    description: product.description || product.name,
    path,
    type: "product",
    image: first ? shareImage(first, seo.origin) : null,
    jsonLd: [
      product.options.length > 0
        ? productGroupJsonLd({
            ...common,
            optionNames: product.options.map((option) => option.name),
            variants: product.variants.map((each) => ({
              id: each.id,
              name: lineItemName(product.name, each.label),
              sku: each.sku,
              pricePaisa: unitPricePaisa(each),
              inStock: each.available !== 0,
              image: images[each.imageIndex ?? 0] ?? null,
            })),
          })
        : productJsonLd({
            ...common,
            pricePaisa: variant ? unitPricePaisa(variant) : 0,
            sku: variant?.sku,
            inStock: variant !== undefined && variant.available !== 0,
          }),
      breadcrumbJsonLd(trail),
    ],
  });
}

/**
 * The product page. An id that is not a plain positive integer, or names no
 * product, is a 404 'Product not found'; a database failure is a 500
 * 'Failed to load product details' (logged).
 */
/** See app/utils/revalidation.ts. */
export const shouldRevalidate = skipRevalidationAfterCartChange;

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const t = requestTranslator(request);
  const id = parseId(params.id);
  if (id === null) throw notFound(t("product.notFound"));
  let product;
  try {
    product = await getProductDetail(id, langOfRequest(request));
  } catch (error) {
    log.error({ err: error }, "Loading a product failed");
    throw new Response(t("product.loadFailed"), { status: 500 });
  }
  if (!product) throw notFound(t("product.notFound"));
  // The page cache drops this page when this product changes in what it shows (decision 051).
  noteShownProducts(context, { products: [product.id] });
  const { lowStockThreshold } = await getShopSettings();
  const { searchParams } = new URL(request.url);
  const shown = defaultVariant(product.variants, searchParams.get("variant"));
  // The picker's values without JavaScript (its GET form), by option position.
  const picked = [searchParams.get("o1"), searchParams.get("o2"), searchParams.get("o3")];
  const choice = chosenValues(product.options, shown, picked);
  // The variant shown: the one the chosen values make (none: 'not available'); the page derives
  // it again from `choice` as the shopper picks.
  const variant = (product.options.length > 0 ? variantOf(product.variants, choice) : shown) ?? null;
  // The product's page, of one of its variants, or of values of its options: a page of the
  // catalogue, always kept. A made-up variant or value passes the cache's doorkeeper.
  const picks = ["o1", "o2", "o3"].map((name, index) =>
    absentOrOneOf(searchParams, name, product.options[index]?.values.map((value) => String(value.id)) ?? []),
  );
  if (
    absentOrOneOf(
      searchParams,
      "variant",
      product.variants.map((each) => String(each.id)),
    ) &&
    !picks.includes(false)
  )
    noteCatalogueAddress(context);
  const stock = variant ? stockLevel(variant.available, lowStockThreshold) : "out";
  const meta = await productMeta(request, product, shown);
  // What the page's script needs of the product (not its English name or slug), and each
  // variant's stock level, so that the page derives everything from the chosen values. Each
  // variant's units are those the page names (`shownUnits`: "Only N left", or 0), never the count
  // on hand, so an order that leaves the page's words as they were leaves the page as it was and
  // the page cache keeps it; the cart checks a quantity against the real count.
  const { nameEn: _nameEn, slug: _slug, ...page } = product;
  const variants = product.variants.map((each) => ({
    ...each,
    available: shownUnits(each.available, lowStockThreshold),
    stock: stockLevel(each.available, lowStockThreshold),
  }));
  return {
    product: { ...page, variants },
    variant: variant && { ...variant, available: shownUnits(variant.available, lowStockThreshold) },
    stock,
    choice,
    chipsUpTo: CHIPS_UP_TO_VALUES,
    meta,
  };
}

/**
 * The variant a page without picked values shows: the one `?variant=` names when it is one of this
 * product's active variants, else the first that can be bought, else the first; undefined when
 * none is active.
 */
function defaultVariant(variants: ProductPageVariant[], asked: string | null): ProductPageVariant | undefined {
  const id = parseId(asked ?? undefined);
  return (
    variants.find((variant) => variant.id === id) ?? variants.find((variant) => variant.available !== 0) ?? variants[0]
  );
}

/**
 * The chosen value id of each option (in option order; [] without options): the picked one
 * (`o1`–`o3`) where it is a value of that option, else the shown variant's, else the option's
 * first value. The page shows the variant these values make, or 'not available' when none does.
 */
function chosenValues(
  options: { values: { id: number }[] }[],
  shown: ProductPageVariant | undefined,
  picked: (string | null)[],
): number[] {
  return options.map((option, index) => {
    const id = parseId(picked[index] ?? undefined);
    if (option.values.some((value) => value.id === id)) return id!;
    return shown?.valueIds[index] ?? option.values[0]?.id ?? 0;
  });
}

/**
 * Rendered width of the gallery: the full width less the page padding on phones; one of two
 * columns (max-w-6xl, px-4, gap-10) from the md breakpoint.
 */
const GALLERY_SIZES = "(min-width: 1152px) 540px, (min-width: 768px) calc(50vw - 36px), calc(100vw - 32px)";

export default function ProductPage() {
  const data = useLoaderData<typeof loader>();
  // A new product starts afresh (gallery at the first image, quantity 1, the loader's choice).
  return <ProductView key={data.product.id} product={data.product} choice={data.choice} chipsUpTo={data.chipsUpTo} />;
}

type ProductData = ReturnType<typeof useLoaderData<typeof loader>>;

function ProductView({
  product,
  choice: loaderChoice,
  chipsUpTo,
}: Pick<ProductData, "product" | "choice" | "chipsUpTo">) {
  const t = useT();
  const lang = useLang();
  const href = useLocalePath();
  const hydrated = useHydrated();
  const [quantity, setQuantity] = useState(() => localDigits("1", lang));
  // The chosen values: the loader's, then the shopper's picks (shown at once, no request).
  const [choice, setChoice] = useState(loaderChoice);
  const variant = variantOf(product.variants, choice);
  const hasOptions = product.options.length > 0;
  const stock = variant ? variant.stock : "out";
  const soldOut = stock === "out" || !variant;
  const pricePaisa = variant?.pricePaisa ?? 0;
  const discountedPricePaisa = variant?.discountedPricePaisa ?? null;
  // null: the product does not count stock (no limit); a missing variant has nothing to sell.
  const available = variant ? variant.available : 0;
  const percent = discountPercent(pricePaisa, discountedPricePaisa);
  const productPath = href(`/products/${product.id}`);
  const variantPath = hasOptions && variant ? `${productPath}?variant=${variant.id}` : productPath;

  const choose = (index: number, valueId: number) => {
    const next = choice.map((id, at) => (at === index ? valueId : id));
    setChoice(next);
    const found = variantOf(product.variants, next);
    // The address names the variant (to share or reload) without running the loader again.
    if (found) window.history.replaceState(window.history.state, "", `${productPath}?variant=${found.id}`);
  };

  const crumbs = [
    { label: t("breadcrumbs.home"), to: "/" },
    product.category
      ? { label: product.category.name, to: href(`/products?category=${product.category.id}`) }
      : { label: t("breadcrumbs.products"), to: href("/products") },
    { label: product.name },
  ];
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Breadcrumbs crumbs={crumbs} />
      <article className="mt-6 grid gap-10 md:grid-cols-2">
        <ProductGallery
          images={product.images}
          name={product.name}
          sizes={GALLERY_SIZES}
          start={variant?.imageIndex ?? 0}
        />

        <div>
          {product.category ? (
            <p className="text-sm text-stone-600">
              <span className="sr-only">{t("product.category")}: </span>
              <Link
                to={href(`/products?category=${product.category.id}`)}
                className="inline-flex min-h-11 items-center hover:underline"
              >
                {product.category.name}
              </Link>
            </p>
          ) : null}
          <h1 className="mt-1 text-3xl font-semibold">{product.name}</h1>
          {variant ? (
            <div className="mt-4 flex items-center gap-3 text-2xl">
              <Price pricePaisa={pricePaisa} discountedPricePaisa={discountedPricePaisa} />
              {percent !== null ? (
                <span
                  className="rounded-full bg-red-700 px-2.5 py-0.5 text-sm font-bold text-white"
                  data-testid="discount-badge"
                >
                  {t("product.off", { percent })}
                </span>
              ) : null}
            </div>
          ) : null}
          {variant?.label || variant?.sku ? (
            <p className="mt-2 text-stone-700" data-testid="variant-label">
              {variant.label}
              {variant.sku ? (
                <span className="ml-2 text-sm text-stone-500" translate="no" data-testid="variant-sku">
                  {t("product.sku", { sku: variant.sku })}
                </span>
              ) : null}
            </p>
          ) : null}
          {variant || !hasOptions ? (
            <StockStatus level={stock} available={available} />
          ) : (
            <p className="mt-3 font-semibold text-red-700" data-testid="stock-status" role="status">
              {t("product.unavailable")}
            </p>
          )}
          {hasOptions ? (
            <VariantPicker
              options={product.options}
              variants={product.variants}
              choice={choice}
              chipsUpTo={chipsUpTo}
              action={productPath}
              hydrated={hydrated}
              onChoose={choose}
            />
          ) : null}
          <p className="mt-6 whitespace-pre-line text-stone-700">{product.description}</p>

          {/*
            Add to Cart posts this form. Buy Now must end in a full page load of
            /cart: without JavaScript every post is one, so it is a second submit button of this
            form; with JavaScript it submits the separate reloadDocument form below instead, which
            carries the stepper's quantity.
          */}
          <AddToCartForm
            productName={variant?.label ? `${product.name} — ${variant.label}` : product.name}
            className="mt-8 space-y-4"
          >
            <input type="hidden" name="variantId" value={variant?.id ?? ""} />
            <input type="hidden" name="redirectTo" value={variantPath} />
            <QuantityStepper
              id="quantity"
              name="quantity"
              label={t("product.quantity")}
              value={quantity}
              onChange={setQuantity}
              max={Math.max(1, Math.min(MAX_LINE_QUANTITY, available ?? MAX_LINE_QUANTITY))}
            />
            <div className="flex flex-wrap gap-3">
              <button
                type="submit"
                name="intent"
                value="add"
                disabled={soldOut}
                className="rounded-full border-2 border-amber-700 px-6 py-2.5 font-medium text-amber-800 hover:bg-amber-50 disabled:cursor-not-allowed disabled:opacity-50"
              >
                {t("product.addToCart")}
              </button>
              <button
                type="submit"
                name="intent"
                value="buy-now"
                form={hydrated ? "buy-now-form" : undefined}
                disabled={soldOut}
                className="rounded-full bg-amber-700 px-6 py-2.5 font-medium text-white hover:bg-amber-800 disabled:cursor-not-allowed disabled:opacity-50"
              >
                {t("product.buyNow")}
              </button>
            </div>
          </AddToCartForm>
          {hydrated ? (
            <Form method="post" action={href("/cart")} id="buy-now-form" reloadDocument hidden>
              <input type="hidden" name="variantId" value={variant?.id ?? ""} />
              <input type="hidden" name="quantity" value={quantity} />
            </Form>
          ) : null}
        </div>
      </article>
    </div>
  );
}

/**
 * What the stock lets a shopper buy, beside the price: "Out of stock", "Only N left" at the shop's
 * low-stock threshold or below, else "In stock"; nothing for a product that does not track stock.
 */
function StockStatus({ level, available }: { level: StockLevel; available: number | null }) {
  const t = useT();
  if (level === "untracked") return null;
  const text =
    level === "out" ? t("stock.out") : level === "low" ? t("stock.low", { count: available ?? 0 }) : t("stock.in");
  const tone = level === "out" ? "text-red-700" : level === "low" ? "text-amber-800" : "text-green-800";
  return (
    <p className={`mt-3 font-semibold ${tone}`} data-testid="stock-status">
      {text}
    </p>
  );
}

export function ErrorBoundary() {
  const t = useT();
  const href = useLocalePath();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-semibold">{notFound ? t("product.notFound") : t("product.loadFailed")}</h1>
      <Link to={href("/products")} className="mt-6 inline-block font-medium text-amber-800 underline">
        {t("product.backToProducts")}
      </Link>
    </div>
  );
}
