import { Form } from "@remix-run/react";
import type { CartCode } from "~/components/cart/cart-contract";
import { useLang, useT } from "~/hooks/use-t";
import { formatMoney } from "~/rules/money";
import { CODE_MAX_LENGTH } from "~/rules/discount-codes";

/**
 * The cart's campaign code box (docs/decisions/060-campaign-codes.md). Without a code: a field and
 * Apply, a plain form post (`intent=apply-code`) that works without JavaScript; a refusal from the
 * server (`error`) shows under the field, which keeps what was typed (`typed`). With a code: the
 * code and its saving ("EID10: −৳120.00"), or why it does not apply to the cart now, and Remove
 * (`intent=remove-code`). The server checks and prices the code; this only shows its answer.
 */
export function CartCodeForm({ code, error, typed }: { code: CartCode | null; error: string | null; typed: string }) {
  const t = useT();
  const lang = useLang();
  if (code) {
    const saving = code.freeDelivery
      ? t("cart.codeFreeDelivery", { code: code.code })
      : t("cart.codeApplied", { code: code.code, amount: formatMoney(code.discountPaisa, { lang }) });
    return (
      <Form
        method="post"
        className="mt-4 rounded-lg border border-stone-200 bg-white p-4"
        aria-label={t("cart.codeLabel")}
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="font-medium" data-testid="cart-code">
            {code.refusal === null ? saving : code.code}
          </p>
          <button
            type="submit"
            name="intent"
            value="remove-code"
            aria-label={t("cart.codeRemoveLabel", { code: code.code })}
            className="min-h-11 rounded-md border border-stone-300 px-4 py-2 text-sm font-medium hover:bg-stone-50"
          >
            {t("cart.codeRemove")}
          </button>
        </div>
        {code.refusal !== null ? (
          <p role="alert" className="mt-2 text-sm text-red-700" data-testid="cart-code-refusal">
            {code.refusal}
          </p>
        ) : null}
      </Form>
    );
  }
  return (
    <Form method="post" className="mt-4 rounded-lg border border-stone-200 bg-white p-4">
      <label htmlFor="cart-code" className="block text-sm font-medium">
        {t("cart.codeLabel")}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="cart-code"
          name="code"
          defaultValue={typed}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={CODE_MAX_LENGTH}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "cart-code-error" : undefined}
          className={`min-h-11 w-full min-w-0 rounded-md border px-3 py-2 uppercase ${error ? "border-red-500" : "border-stone-300"}`}
        />
        <button
          type="submit"
          name="intent"
          value="apply-code"
          className="min-h-11 shrink-0 rounded-md bg-stone-800 px-4 py-2 text-sm font-semibold text-white hover:bg-stone-900"
        >
          {t("cart.codeApply")}
        </button>
      </div>
      {error ? (
        <p id="cart-code-error" role="alert" className="mt-2 text-sm text-red-700" data-testid="cart-code-error">
          {error}
        </p>
      ) : null}
    </Form>
  );
}
