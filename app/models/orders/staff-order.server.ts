/**
 * What the staff order form (/admin/orders/new; docs/decisions/063-staff-orders.md) reads and
 * writes besides drafts: the products staff may add (by name or SKU, each variant with its price
 * and stock), the lines priced from the catalogue, the shopper's last order by phone, and the
 * placement itself, through the shopper's `placeOrder` with the shop's limits and advance rule.
 */
import { prisma } from "~/models/db/client.server";
import {
  getActiveVariantsOfProducts,
  getVariantsForCart,
  type CartVariant,
} from "~/models/catalogue/cart-variants.server";
import { searchProductSuggestions } from "~/models/catalogue/search-suggestions.server";
import { deliveryFees, getShopSettings } from "~/models/settings.server";
import { advanceRuleOf, type AdvanceRule } from "~/rules/advance";
import type { CartLine } from "~/rules/cart";
import type { OrderLimits } from "~/rules/order-limits";
import { priceCart } from "~/rules/pricing";
import type { DeliveryFees } from "~/rules/shipping";
import { lineItemName, localText } from "~/rules/variants";
import { placeOrder, type PlaceOrderResult, type StaffTerms } from "./place-order.server";
import type { Lang } from "~/i18n/lang";
import type { CheckoutInput } from "~/forms/schemas";

/** Products a search offers staff: a few, the best matches. */
const SEARCH_PRODUCTS = 8;

/**
 * The variants staff may add for the search `query` (already normalised; app/rules/search.ts):
 * the active variants of the products whose name (English or Bangla) contains it or with a variant
 * whose SKU starts with it, best matches first. Hidden products and switched-off variants are never
 * offered; a variant with no stock is (`available` 0) for the form to show it disabled.
 */
export async function searchVariantsForStaff(query: string): Promise<CartVariant[]> {
  if (!query) return [];
  const found = await searchProductSuggestions(query, SEARCH_PRODUCTS);
  return getActiveVariantsOfProducts(found.map((product) => product.id));
}

/**
 * The lines as the form shows them: each line's variant (null: deleted, switched off or its
 * product hidden meanwhile, with `name`, its product's name in `lang` when the variant still
 * exists), in the lines' order.
 */
export async function describeLines(
  lines: CartLine[],
  lang: Lang = "en",
): Promise<{ line: CartLine; variant: CartVariant | null; name: string }[]> {
  const variants = await getVariantsForCart(lines.map((line) => line.variantId));
  const byId = new Map(variants.map((variant) => [variant.variantId, variant]));
  const missing = lines.filter((line) => !byId.has(line.variantId)).map((line) => line.variantId);
  const gone =
    missing.length === 0
      ? []
      : await prisma.productVariant.findMany({
          where: { id: { in: missing } },
          select: { id: true, product: { select: { name: true, nameBn: true } } },
        });
  const goneNames = new Map(gone.map((row) => [row.id, localText(row.product.name, row.product.nameBn, lang)]));
  return lines.map((line) => {
    const variant = byId.get(line.variantId) ?? null;
    const name = variant
      ? lineItemName(variant.name, variant.label)
      : (goneNames.get(line.variantId) ?? `#${line.variantId}`);
    return { line, variant, name };
  });
}

/**
 * The name, address, area and district of the last order placed from `phone` (01XXXXXXXXX), with
 * its id and date, or null when the phone has none.
 */
export async function lastOrderOfPhone(phone: string) {
  return prisma.order.findFirst({
    where: { customerPhone: phone },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: {
      id: true,
      createdAt: true,
      customerName: true,
      customerEmail: true,
      customerAddress: true,
      area: true,
      district: true,
      language: true,
    },
  });
}

/** What the shop's settings say about an order staff take: its fees, limits and advance rule. */
export async function staffOrderSettings(): Promise<{ fees: DeliveryFees; limits: OrderLimits; advance: AdvanceRule }> {
  const settings = await getShopSettings();
  return {
    fees: deliveryFees(settings),
    limits: { perPhone: settings.phoneOrderLimit, perAddress: settings.addressOrderLimit },
    advance: advanceRuleOf(settings),
  };
}

/** Whether phone `phone` (01XXXXXXXXX) has an order delivered (the advance rule "new-phones" asks). */
export async function hasDeliveredOrder(phone: string): Promise<boolean> {
  return (await prisma.order.count({ where: { customerPhone: phone, status: "delivered" }, take: 1 })) > 0;
}

/**
 * Places an order staff took: `lines` priced from the catalogue now, and `placeOrder` with `staff`
 * and the shop's current fees, checkout limits and advance rule, exactly as a shopper's checkout
 * (app/routes/_shop.cart/checkout.server.ts), in the shopper's `language`. A line whose variant is
 * no longer for sale refuses the order (`hidden`, with the lines' names in `staffLang`, the staff
 * member's language) before anything is written; otherwise placeOrder's result.
 */
export async function placeStaffOrder(
  input: Omit<CheckoutInput, "shippingMethod" | "expectedSubtotalPaisa">,
  lines: CartLine[],
  language: Lang,
  staff: StaffTerms,
  staffLang: Lang = "en",
): Promise<PlaceOrderResult | { ok: false; reason: "hidden"; names: string[] }> {
  const described = await describeLines(lines, staffLang);
  const hidden = described.filter((entry) => entry.variant === null).map((entry) => entry.name);
  if (hidden.length > 0) return { ok: false, reason: "hidden", names: hidden };
  const cart = priceCart(
    lines,
    described.flatMap((entry) => (entry.variant ? [entry.variant] : [])),
  );
  const settings = await getShopSettings();
  return placeOrder({ ...input, expectedSubtotalPaisa: cart.subtotalPaisa }, cart, deliveryFees(settings), {
    language,
    limits: { perPhone: settings.phoneOrderLimit, perAddress: settings.addressOrderLimit },
    advance: { rule: advanceRuleOf(settings), windowMinutes: settings.advanceWindowMinutes },
    staff,
  });
}

/** The total in paisa of order `id` (0 when there is none). */
export async function orderTotalPaisa(id: number): Promise<number> {
  const order = await prisma.order.findUnique({ where: { id }, select: { totalPaisa: true } });
  return order?.totalPaisa ?? 0;
}
