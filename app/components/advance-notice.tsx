import { useLang, useT } from "~/hooks/use-t";
import { formatDecimal } from "~/i18n/format";
import { advanceFor, type AdvanceRule } from "~/rules/advance";
import { formatMoney } from "~/rules/money";

/**
 * What the checkout tells the shopper BEFORE they order about the shop's advance
 * (docs/decisions/062-advance-payment.md): nothing when no shown total is asked one; otherwise what
 * is asked, with its amount when every shown total (`totals`: the chosen zone's with JavaScript,
 * both zones' without) is asked the same, else the rule in words ("the delivery charge", "10% of the
 * total"); for "new-phones" the condition (the checkout never says whether a phone has ordered).
 * The server computes the advance again when the order is placed.
 */
export function AdvanceNotice({
  rule,
  totals,
}: {
  rule: AdvanceRule;
  totals: { totalPaisa: number; shippingFeePaisa: number }[];
}) {
  const t = useT();
  const lang = useLang();
  const amounts = totals.map((order) => advanceFor(rule, order, false));
  const asked = amounts.filter((amount) => amount > 0);
  if (asked.length === 0) return null;
  const amount = asked.length === amounts.length && asked.every((value) => value === asked[0]) ? asked[0] : undefined;
  const money = amount === undefined ? "" : formatMoney(amount, { lang });
  const percent = formatDecimal(rule.value / 100, lang, rule.value % 100 === 0 ? 0 : 2);
  const what =
    rule.kind === "delivery"
      ? amount === undefined
        ? t("advance.whatDelivery")
        : t("advance.whatDeliveryAmount", { amount: money })
      : rule.kind === "percentage"
        ? amount === undefined
          ? t("advance.whatPercent", { percent })
          : t("advance.whatPercentAmount", { percent, amount: money })
        : formatMoney(rule.value, { lang });
  const text =
    rule.for === "new-phones"
      ? t("advance.checkoutNewPhone", { what })
      : rule.for === "above" && asked.length < amounts.length
        ? t("advance.checkoutAbove", { what, above: formatMoney(rule.abovePaisa, { lang }) })
        : t("advance.checkout", { what });
  return (
    <section
      aria-labelledby="checkout-advance-title"
      className="rounded-md border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-950"
      data-testid="checkout-advance"
    >
      <h3 id="checkout-advance-title" className="font-semibold">
        {t("advance.checkoutTitle")}
      </h3>
      <p className="mt-1">{text}</p>
    </section>
  );
}
