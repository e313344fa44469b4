import { useLang, useT } from "~/hooks/use-t";
import { formatMoney, unitPricePaisa } from "~/rules/money";

/**
 * A product's price: the charged price, and when discounted the original struck through
 * (the discounted price in red). Amounts are paisa. `from`: the price is the lowest of several
 * (a product whose variants cost different amounts), so the charged price reads "from ৳X"
 * ("৳X থেকে" in Bangla); cards and search suggestions use it, the product page does not.
 */
export function Price({
  pricePaisa,
  discountedPricePaisa,
  from = false,
  className = "",
}: {
  pricePaisa: number;
  discountedPricePaisa: number | null;
  from?: boolean;
  className?: string;
}) {
  const t = useT();
  const lang = useLang();
  const charged = unitPricePaisa({ pricePaisa, discountedPricePaisa });
  const discounted = charged < pricePaisa;
  const shown = formatMoney(charged, { lang });
  return (
    <span className={`inline-flex flex-wrap items-baseline gap-x-2 ${className}`}>
      <span className={discounted ? "font-semibold text-red-700" : "font-semibold"} data-testid="price">
        {from ? t("product.from", { price: shown }) : shown}
      </span>
      {discounted ? (
        <s className="text-sm text-stone-500">
          <span className="sr-only">{t("product.originalPrice")}: </span>
          {formatMoney(pricePaisa, { lang })}
        </s>
      ) : null}
    </span>
  );
}
