import { Link } from "@remix-run/react";
import type { CartProduct } from "~/components/cart/cart-contract";
import { CartLineForm } from "~/components/cart/cart-line-form";
import { Price } from "~/components/price";
import { ResponsiveImage } from "~/components/responsive-image";
import { useLang, useLocalePath, useT } from "~/hooks/use-t";
import { formatMoney } from "~/rules/money";
import { exceedsStock } from "~/rules/stock";
import { lineItemName } from "~/rules/variants";

/**
 * One line of the cart page: image, name linking to the product, unit price, the
 * quantity form with Update and Remove, and the line total. `quantity` and `subtotalPaisa` are the
 * optimistic values with JavaScript, the server's without. A line the stock cannot fill says so
 * (out of stock, or how many are left): checkout refuses it until it is changed.
 */
export function CartLine({
  product,
  quantity,
  subtotalPaisa,
}: {
  product: CartProduct;
  quantity: number;
  subtotalPaisa: number;
}) {
  const t = useT();
  const lang = useLang();
  const href = useLocalePath();
  const stockNote = !exceedsStock(quantity, product.available)
    ? null
    : product.available === 0
      ? t("cart.stockOut")
      : t("cart.stockShort", { count: product.available ?? 0 });
  const noteId = `stock-note-${product.variantId}`;
  return (
    <li className="flex flex-wrap items-center gap-4 p-4" data-testid="cart-line">
      <div className="h-20 w-20 shrink-0 overflow-hidden rounded-md bg-stone-100">
        {product.image ? (
          <ResponsiveImage image={product.image} sizes="80px" className="h-full w-full object-cover" alt="" />
        ) : null}
      </div>
      <div className="min-w-40 flex-1">
        <Link
          to={href(
            product.label
              ? `/products/${product.productId}?variant=${product.variantId}`
              : `/products/${product.productId}`,
          )}
          className="font-medium hover:underline"
        >
          {product.name}
        </Link>
        {product.label ? (
          <p className="text-sm text-stone-600" data-testid="variant-label">
            {product.label}
          </p>
        ) : null}
        <div className="text-sm">
          <span className="sr-only">{t("cart.price")}: </span>
          <Price pricePaisa={product.pricePaisa} discountedPricePaisa={product.discountedPricePaisa} />
        </div>
        {stockNote ? (
          <p id={noteId} className="mt-1 text-sm font-medium text-red-700" data-testid="stock-note">
            {stockNote}
          </p>
        ) : null}
      </div>
      <CartLineForm
        variantId={product.variantId}
        productName={lineItemName(product.name, product.label)}
        quantity={quantity}
      />
      <p className="ml-auto w-28 text-right font-semibold" data-testid="line-total">
        <span className="sr-only">{t("cart.lineTotal")}: </span>
        {formatMoney(subtotalPaisa, { lang })}
      </p>
    </li>
  );
}
