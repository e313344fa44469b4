import { useLang, useT } from "~/hooks/use-t";
import { formatMoney, unitPricePaisa } from "~/rules/money";

/**
 * A product's price: the charged price, and when discounted the original struck through
 * (the discounted price in red). Amounts are paisa.
 */
export function Price({
  pricePaisa,
  discountedPricePaisa,
  className = "",
}: {
  pricePaisa: number;
  discountedPricePaisa: number | null;
  className?: string;
}) {
  const t = useT();
  const lang = useLang();
  const charged = unitPricePaisa({ pricePaisa, discountedPricePaisa });
  const discounted = charged < pricePaisa;
  return (
    <span className={`inline-flex flex-wrap items-baseline gap-x-2 ${className}`}>
      <span className={discounted ? "font-semibold text-red-700" : "font-semibold"}>
        {formatMoney(charged, { lang })}
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
