/**
 * The cart's campaign code (docs/decisions/060-campaign-codes.md): applying and removing it (plain
 * form posts to /cart with intent `apply-code` or `remove-code`, so they work without JavaScript),
 * and the code as the cart page shows it, checked and priced on the server for the cart as it is now.
 */
import { data, redirect } from "@remix-run/node";
import type { CartCode } from "~/components/cart/cart-contract";
import { localePath, type Lang } from "~/i18n";
import { quoteCode, type CodeLine } from "~/models/discounts/code-use.server";
import { normaliseCode } from "~/rules/discount-codes";
import { discountMessage, refusalMessage } from "~/rules/discount-refusal";
import type { LineItem, PricedVariant } from "~/rules/pricing";
import { commitAppliedCode } from "~/server/cart/code-cookie.server";

/** The answer to a refused `apply-code` (status 400): why, and the code as the shopper typed it. */
export type CodeActionData = { codeError: string; codeValue: string };

/** A priced cart's lines as the code rules read them. */
export function codeLinesOf(lineItems: readonly LineItem<PricedVariant & { productId: number }>[]): CodeLine[] {
  return lineItems.map((item) => ({
    variantId: item.variant.variantId,
    productId: item.variant.productId,
    subtotalPaisa: item.subtotalPaisa,
  }));
}

/**
 * The applied code `code` (null: none) on the priced cart `lineItems` (subtotal `subtotalPaisa`),
 * as the cart page shows it: its saving, or why it does not apply now (in `lang`), e.g. when the
 * cart fell below its minimum since it was applied.
 */
export async function cartCode(
  code: string | null,
  lineItems: readonly LineItem<PricedVariant & { productId: number }>[],
  subtotalPaisa: number,
  lang: Lang,
): Promise<CartCode | null> {
  if (code === null || lineItems.length === 0) return null;
  const quote = await quoteCode(code, codeLinesOf(lineItems), subtotalPaisa);
  if (!quote.ok) return { code, discountPaisa: 0, freeDelivery: false, refusal: refusalMessage(quote, code, lang) };
  return { code, discountPaisa: quote.discountPaisa, freeDelivery: quote.freeDelivery, refusal: null };
}

/**
 * Applies the code typed in `form` (field `code`) to the cart `lineItems` (subtotal `subtotalPaisa`):
 * a code that applies now is kept in the code cookie and the shopper is sent back to the cart
 * (post/redirect/get), which shows its saving; anything else answers 400 with CodeActionData (the
 * code's form keeps what was typed, the cookie is unchanged): a malformed code, or the rule's reason
 * ("This code starts on 10 April.", "Minimum order ৳1,000.00 for this code.") in `lang`.
 */
export async function applyCode(
  form: FormData,
  lineItems: readonly LineItem<PricedVariant & { productId: number }>[],
  subtotalPaisa: number,
  lang: Lang,
) {
  const typed = String(form.get("code") ?? "").slice(0, 100);
  const code = normaliseCode(typed);
  const refuse = (codeError: string) => data<CodeActionData>({ codeError, codeValue: typed }, { status: 400 });
  if (code === null) return refuse(discountMessage(lang, "code.invalid"));
  const quote = await quoteCode(code, codeLinesOf(lineItems), subtotalPaisa);
  if (!quote.ok) return refuse(refusalMessage(quote, code, lang));
  return redirect(localePath(lang, "/cart"), { headers: { "Set-Cookie": await commitAppliedCode(code) } });
}

/** Removes the applied code and sends the shopper back to the cart. */
export async function removeCode(lang: Lang) {
  return redirect(localePath(lang, "/cart"), { headers: { "Set-Cookie": await commitAppliedCode(null) } });
}
