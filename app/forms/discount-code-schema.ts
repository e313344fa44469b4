/**
 * The owner's campaign code form (/admin/discounts/new and /admin/discounts/:id;
 * docs/decisions/060-campaign-codes.md): what was typed, kept as text to show again on a refusal,
 * and its schema, which turns it into the rules' units (basis points, paisa, instants in
 * Asia/Dhaka) with a message per field in the owner's language.
 */
import { z } from "zod";
import type { AdminTranslate } from "~/i18n/admin";
import { toAsciiDigits } from "~/rules/phone";
import { dhakaLocalToInstant } from "~/rules/dhaka-time";
import { DISCOUNT_KINDS, normaliseCode, type DiscountKind } from "~/rules/discount-codes";
import { parsePercentToBasisPoints, parseTakaToPaisa } from "~/rules/money";

/** The form's text fields. */
export const DISCOUNT_TEXT_FIELDS = [
  "code",
  "note",
  "kind",
  "value",
  "maxDiscount",
  "minSubtotal",
  "startsAt",
  "endsAt",
  "usageLimit",
  "perPhoneLimit",
  "appliesTo",
] as const;
export type DiscountField = (typeof DISCOUNT_TEXT_FIELDS)[number] | "targets";

/** What the form sent: its text fields as typed, its ticked targets and the active box. */
export type DiscountFormValues = Record<(typeof DISCOUNT_TEXT_FIELDS)[number], string> & {
  isActive: boolean;
  categoryIds: number[];
  productIds: number[];
  variantIds: number[];
};

/** Ids ticked in the checkboxes named `name` (unreadable ones left out). */
function idsOf(form: FormData, name: string): number[] {
  return form
    .getAll(name)
    .map((value) => Number(value))
    .filter((id) => Number.isSafeInteger(id) && id > 0);
}

/** The form's values as sent (`form`), for the schema and to show again. */
export function discountFormValues(form: FormData): DiscountFormValues {
  const text = Object.fromEntries(
    DISCOUNT_TEXT_FIELDS.map((field) => [field, String(form.get(field) ?? "").slice(0, 500)]),
  ) as Record<(typeof DISCOUNT_TEXT_FIELDS)[number], string>;
  return {
    ...text,
    isActive: form.get("isActive") === "on",
    categoryIds: idsOf(form, "categoryIds"),
    productIds: idsOf(form, "productIds"),
    variantIds: idsOf(form, "variantIds"),
  };
}

/** Largest amount a code's money fields accept, in paisa: ৳1 crore. */
const MAX_AMOUNT_PAISA = 1_000_000_000;

/** An optional taka amount ("" → null) in paisa, from ৳0.01 up to ৳1 crore. */
function optionalTaka(t: AdminTranslate) {
  return z.string().transform((value, ctx) => {
    if (value.trim() === "") return null;
    const paisa = parseTakaToPaisa(value);
    if (paisa === null || paisa <= 0 || paisa > MAX_AMOUNT_PAISA) {
      ctx.addIssue({ code: "custom", message: t("admin.discounts.amountInvalid") });
      return z.NEVER;
    }
    return paisa;
  });
}

/** An optional count of uses ("" → null), a whole number from 1 to 1,000,000. */
function optionalCount(t: AdminTranslate) {
  return z.string().transform((value, ctx) => {
    const typed = toAsciiDigits(value).trim();
    if (typed === "") return null;
    const count = /^\d{1,7}$/.test(typed) ? Number(typed) : 0;
    if (count < 1 || count > 1_000_000) {
      ctx.addIssue({ code: "custom", message: t("admin.discounts.countInvalid") });
      return z.NEVER;
    }
    return count;
  });
}

/** An optional Asia/Dhaka local date and time ("" → null) as an instant. */
function optionalDhakaTime(t: AdminTranslate) {
  return z.string().transform((value, ctx) => {
    if (value.trim() === "") return null;
    const instant = dhakaLocalToInstant(toAsciiDigits(value));
    if (!instant) {
      ctx.addIssue({ code: "custom", message: t("admin.discounts.dateInvalid") });
      return z.NEVER;
    }
    return instant;
  });
}

/**
 * The schema of `discountFormValues`: the code normalised (3–32 letters, digits, "-", "_"); the
 * value as its kind reads it (a percentage from 0.01 to 100, stored in basis points; a fixed amount
 * in taka, stored in paisa; nothing for free delivery); optional cap (percentage only), minimum,
 * start and end (the end after the start), total uses and uses per phone; and at least one target
 * for a code limited to selected items. Messages through `t`, the owner's language.
 */
export function discountCodeSchema(t: AdminTranslate) {
  return z
    .object({
      code: z.string().transform((value, ctx) => {
        const code = normaliseCode(value);
        if (code === null) {
          ctx.addIssue({ code: "custom", message: t("admin.discounts.codeInvalid") });
          return z.NEVER;
        }
        return code;
      }),
      note: z.string().trim().max(200, t("admin.discounts.noteTooLong")),
      kind: z.enum(DISCOUNT_KINDS, { error: t("admin.discounts.kindInvalid") }),
      value: z.string(),
      maxDiscount: optionalTaka(t),
      minSubtotal: optionalTaka(t),
      startsAt: optionalDhakaTime(t),
      endsAt: optionalDhakaTime(t),
      usageLimit: optionalCount(t),
      perPhoneLimit: optionalCount(t),
      appliesTo: z.enum(["all", "selected"]),
      isActive: z.boolean(),
      categoryIds: z.array(z.number().int()).max(500),
      productIds: z.array(z.number().int()).max(500),
      variantIds: z.array(z.number().int()).max(500),
    })
    .transform((input, ctx) => {
      const value = valueOf(input.kind, input.value);
      if (value === null) {
        ctx.addIssue({
          code: "custom",
          path: ["value"],
          message: t(input.kind === "percentage" ? "admin.discounts.percentInvalid" : "admin.discounts.amountInvalid"),
        });
      }
      if (input.startsAt && input.endsAt && input.endsAt <= input.startsAt) {
        ctx.addIssue({ code: "custom", path: ["endsAt"], message: t("admin.discounts.endBeforeStart") });
      }
      const targets = input.categoryIds.length + input.productIds.length + input.variantIds.length;
      if (input.appliesTo === "selected" && targets === 0) {
        ctx.addIssue({ code: "custom", path: ["targets"], message: t("admin.discounts.targetsRequired") });
      }
      if (value === null) return z.NEVER;
      const { value: _typed, maxDiscount, minSubtotal, ...rest } = input;
      return {
        ...rest,
        value,
        maxDiscountPaisa: input.kind === "percentage" ? maxDiscount : null,
        minSubtotalPaisa: minSubtotal,
      };
    });
}

/**
 * The stored value of a code of `kind` typed as `typed`: a percentage ("10", "12.5", up to 2
 * decimals, 0.01–100) in basis points; a fixed amount in taka in paisa (more than 0); 0 for free
 * delivery. Null when it is not one.
 */
function valueOf(kind: DiscountKind, typed: string): number | null {
  if (kind === "free-delivery") return 0;
  if (kind === "fixed") {
    const paisa = parseTakaToPaisa(typed);
    return paisa !== null && paisa > 0 && paisa <= MAX_AMOUNT_PAISA ? paisa : null;
  }
  return parsePercentToBasisPoints(typed);
}
