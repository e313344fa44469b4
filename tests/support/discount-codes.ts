/**
 * Campaign codes for tests (docs/decisions/060-campaign-codes.md): a code's form input as the
 * owner's page saves it, 10% off every item without limits unless `fields` say otherwise.
 */
import type { DiscountCodeInput } from "~/models/discounts/discount-admin.server";

/** A code named `code` (capitals), 10% off everything, no dates or limits, active; `fields` override. */
export function discountCodeInput(code: string, fields: Partial<DiscountCodeInput> = {}): DiscountCodeInput {
  return {
    code,
    note: "",
    kind: "percentage",
    value: 1000,
    maxDiscountPaisa: null,
    minSubtotalPaisa: null,
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    perPhoneLimit: null,
    appliesTo: "all",
    isActive: true,
    categoryIds: [],
    productIds: [],
    variantIds: [],
    ...fields,
  };
}
