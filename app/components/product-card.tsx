import { Form, Link, useLocation } from "@remix-run/react";
import { useLocalePath, useT } from "~/hooks/use-t";
import type { ImageInfo } from "~/utils/image-url";
import { AddToCartForm } from "~/components/cart/cart-forms";
import { Price } from "./price";
import { ResponsiveImage } from "./responsive-image";

/** What a card shows of a product (prices in paisa); the catalogue reads return this shape. */
type ProductCardData = {
  id: number;
  name: string;
  pricePaisa: number;
  discountedPricePaisa: number | null;
  /** The active variants differ in price: the price shown is the lowest, as "from ৳X". */
  priceVaries: boolean;
  /** The one active variant the card's forms post; null when there are several (the shopper chooses on the product page). */
  variantId: number | null;
  /** Nothing of it can be bought now (out of stock, or no variant on sale). */
  soldOut: boolean;
  image: ImageInfo | null;
};

/**
 * A product in a grid: image and name link to the product; the price (of its cheapest active
 * variant, "from ৳X" when its variants' prices differ); two round buttons, Add to Cart and Buy now
 * (quantity 1) of its one variant, each a POST form to /cart that works without JavaScript. A
 * product with several active variants has a "Choose options" link to its page instead, where the
 * shopper picks one. A product out of stock says so, and its buttons are disabled (the server
 * refuses it anyway).
 * Headings run in order for screen readers and Lighthouse: the name is an h3 under a section's
 * h2 (home), or an h2 straight under the page's h1 (/products).
 */
export function ProductCard({
  product,
  sizes,
  headingLevel = 3,
  imagePriority = false,
}: {
  product: ProductCardData;
  sizes: string;
  /** The level of the name's heading: one below the heading the grid sits under (2 under the page's h1). */
  headingLevel?: 2 | 3;
  /** Load the picture at once with high priority: for the cards a phone shows without scrolling. */
  imagePriority?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const t = useT();
  const localePath = useLocalePath();
  const href = localePath(`/products/${product.id}`);
  const { soldOut } = product;
  return (
    <article className="group flex flex-col overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm">
      <Link to={href} className="block aspect-square overflow-hidden bg-stone-100" tabIndex={-1} aria-hidden="true">
        {product.image ? (
          <ResponsiveImage
            image={product.image}
            sizes={sizes}
            priority={imagePriority}
            className="h-full w-full object-cover"
            alt=""
          />
        ) : (
          <span className="flex h-full items-center justify-center text-sm text-stone-600">{t("product.noImage")}</span>
        )}
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <Heading className="text-base font-medium leading-snug">
          {/* 44 px tall for a thumb (the padding), in the card's old line height (the margin). */}
          <Link to={href} className="-my-[11px] block py-[11px] hover:underline">
            {product.name}
          </Link>
        </Heading>
        <Price
          pricePaisa={product.pricePaisa}
          discountedPricePaisa={product.discountedPricePaisa}
          from={product.priceVaries}
        />
        {soldOut ? (
          <p className="text-sm font-semibold text-red-700" data-testid="out-of-stock">
            {t("stock.out")}
          </p>
        ) : null}
        <div className="mt-auto flex gap-2 pt-1">
          {product.variantId === null ? (
            // Nothing to choose when nothing can be bought (every variant sold out or switched off):
            // the card says "Out of stock", and its name and picture still lead to the page.
            soldOut ? null : (
              <Link
                to={href}
                aria-label={t("card.chooseOptionsLabel", { name: product.name })}
                className="inline-flex min-h-11 items-center rounded-full border border-amber-700 px-3 text-sm font-medium text-amber-800 hover:bg-amber-50"
                data-testid="choose-options"
              >
                {t("product.chooseOptions")}
              </Link>
            )
          ) : (
            <>
              <CartButton
                variantId={product.variantId}
                productName={product.name}
                intent="add"
                label={t("card.addToCartLabel", { name: product.name })}
                disabled={soldOut}
              >
                {t("card.addToCart")}
              </CartButton>
              <CartButton
                variantId={product.variantId}
                productName={product.name}
                intent="buy-now"
                label={t("card.buyNowLabel", { name: product.name })}
                disabled={soldOut}
              >
                {t("card.buyNow")}
              </CartButton>
            </>
          )}
        </div>
      </div>
    </article>
  );
}

/**
 * One of the card's round buttons in its own POST form to /cart. Add to Cart goes through a
 * fetcher once JavaScript runs (optimistic badge; the button reads 'Added' briefly, see
 * cart-forms.tsx); Buy now always loads /cart as a full page.
 */
function CartButton({
  variantId,
  productName,
  intent,
  label,
  disabled,
  children,
}: {
  variantId: number;
  productName: string;
  intent: "add" | "buy-now";
  label: string;
  disabled: boolean;
  children: string;
}) {
  const t = useT();
  const localePath = useLocalePath();
  const primary = intent === "buy-now";
  const location = useLocation();
  const fields = (
    <>
      <input type="hidden" name="variantId" value={variantId} />
      <input type="hidden" name="quantity" value={1} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
    </>
  );
  const button = (text: string, ariaLabel: string) => (
    <button
      type="submit"
      name="intent"
      value={intent}
      aria-label={ariaLabel}
      disabled={disabled}
      className={`min-h-11 rounded-full px-3 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50 ${
        primary
          ? "bg-amber-700 text-white hover:bg-amber-800"
          : "border border-amber-700 text-amber-800 hover:bg-amber-50"
      }`}
    >
      {text}
    </button>
  );
  if (intent === "add") {
    return (
      <AddToCartForm productName={productName} className="contents">
        {({ added }) => (
          <>
            {fields}
            {added
              ? button(t("cartJs.addedButton"), t("cartJs.addedLabel", { name: productName }))
              : button(children, label)}
          </>
        )}
      </AddToCartForm>
    );
  }
  return (
    <Form method="post" action={localePath("/cart")} className="contents" reloadDocument>
      {fields}
      {button(children, label)}
    </Form>
  );
}
