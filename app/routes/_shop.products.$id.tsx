import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { Price } from "~/components/price";
import { ResponsiveImage } from "~/components/responsive-image";
import { t } from "~/i18n";
import { getProductDetail } from "~/models/product.server";
import { MAX_LINE_QUANTITY } from "~/utils/cart";
import { discountPercent } from "~/utils/money";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [{ title: data.product.name }, { name: "description", content: data.product.description.slice(0, 160) }]
    : [{ title: t("product.notFound") }];

/**
 * The product page, spec section 2. A missing or non-numeric id is a 404 'Product not found'
 * (spec section 8); a database failure is a 500 'Failed to load product details'.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1) {
    throw new Response(t("product.notFound"), { status: 404 });
  }
  let product;
  try {
    product = await getProductDetail(id);
  } catch (error) {
    console.error(error);
    throw new Response(t("product.loadFailed"), { status: 500 });
  }
  if (!product) throw new Response(t("product.notFound"), { status: 404 });
  return { product };
}

export default function ProductPage() {
  const { product } = useLoaderData<typeof loader>();
  const percent = discountPercent(product.pricePaisa, product.discountedPricePaisa);
  return (
    <article className="mx-auto grid max-w-6xl gap-10 px-4 py-8 md:grid-cols-2">
      <div>
        {product.images.length === 0 ? (
          <div className="flex aspect-square items-center justify-center rounded-lg bg-stone-100 text-stone-500">
            {t("product.noImage")}
          </div>
        ) : (
          <ul className="flex snap-x snap-mandatory gap-3 overflow-x-auto" aria-label={product.name}>
            {product.images.map((image, index) => (
              <li key={image.key} id={`image-${index + 1}`} className="w-full shrink-0 snap-center">
                <a href={`/uploads/${image.key}/${image.variantWidths.at(-1)}.webp`}>
                  <ResponsiveImage
                    image={image}
                    priority={index === 0}
                    sizes="(min-width: 768px) 50vw, 100vw"
                    className="aspect-square w-full rounded-lg object-cover"
                    alt={t("product.imageOf", { index: index + 1, count: product.images.length, name: product.name })}
                  />
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div>
        {product.category ? (
          <p className="text-sm text-stone-600">
            <span className="sr-only">{t("product.category")}: </span>
            <Link to={`/products?category=${product.category.id}`} className="hover:underline">
              {product.category.name}
            </Link>
          </p>
        ) : null}
        <h1 className="mt-1 text-3xl font-semibold">{product.name}</h1>
        <div className="mt-4 flex items-center gap-3 text-2xl">
          <Price pricePaisa={product.pricePaisa} discountedPricePaisa={product.discountedPricePaisa} />
          {percent !== null ? (
            <span
              className="rounded-full bg-red-600 px-2.5 py-0.5 text-sm font-bold text-white"
              data-testid="discount-badge"
            >
              {t("product.off", { percent })}
            </span>
          ) : null}
        </div>
        <p className="mt-6 whitespace-pre-line text-stone-700">{product.description}</p>

        <Form method="post" action="/cart" className="mt-8 space-y-4">
          <input type="hidden" name="productId" value={product.id} />
          <input type="hidden" name="redirectTo" value={`/products/${product.id}`} />
          <div>
            <label htmlFor="quantity" className="block text-sm font-medium">
              {t("product.quantity")}
            </label>
            <input
              id="quantity"
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_LINE_QUANTITY}
              step={1}
              defaultValue={1}
              required
              className="mt-1 w-24 rounded-md border border-stone-300 px-3 py-2"
            />
          </div>
          <div className="flex flex-wrap gap-3">
            <button
              type="submit"
              name="intent"
              value="add"
              className="rounded-md border-2 border-amber-700 px-6 py-2.5 font-medium text-amber-800 hover:bg-amber-50"
            >
              {t("product.addToCart")}
            </button>
            <button
              type="submit"
              name="intent"
              value="buy-now"
              className="rounded-md bg-amber-700 px-6 py-2.5 font-medium text-white hover:bg-amber-800"
            >
              {t("product.buyNow")}
            </button>
          </div>
        </Form>
      </div>
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-semibold">{notFound ? t("product.notFound") : t("product.loadFailed")}</h1>
      <Link to="/products" className="mt-6 inline-block font-medium text-amber-800 underline">
        {t("product.backToProducts")}
      </Link>
    </div>
  );
}
