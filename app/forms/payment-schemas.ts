/**
 * The zod schemas of the owner's payments page (/admin/payments) and of a bKash refund on an order's
 * page: the bKash merchant keys, the advance rule and the Send Money numbers
 * (docs/decisions/061-bkash-checkout.md, 062-advance-payment.md). Messages come from the staff
 * member's translator. Amounts are typed in taka (Bengali digits accepted) and kept as paisa; a
 * percentage is typed as % and kept as basis points (10% → 1000).
 */
import { z } from "zod";
import type { AdminTranslate } from "~/i18n/admin";
import { ADVANCE_FOR, ADVANCE_KINDS } from "~/rules/advance";
import { parsePercentToBasisPoints, parseTakaToPaisa } from "~/rules/money";
import { normalizeBdMobile, toAsciiDigits } from "~/rules/phone";

/** The most an advance or an order threshold may be, in paisa: ৳10 lakh. */
const MAX_ADVANCE_PAISA = 100_000_000;

/** One bKash key as pasted from bKash's onboarding e-mail: 1 to 300 characters, no spaces. */
const bkashKey = (t: AdminTranslate) =>
  z
    .string({ error: t("admin.payments.keyRequired") })
    .trim()
    .min(1, t("admin.payments.keyRequired"))
    .refine((value) => value.length <= 300 && !/\s/.test(value), t("admin.payments.keyInvalid"));

/**
 * The bKash account form: `intent=save` with the four keys (all required: a key is never shown
 * again) and the sandbox box (ticked: "on"), `intent=check`, or `intent=remove`.
 */
export const bkashAccountSchema = (t: AdminTranslate) =>
  z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("save"),
      username: bkashKey(t),
      password: bkashKey(t),
      appKey: bkashKey(t),
      appSecret: bkashKey(t),
      sandbox: z
        .literal("on")
        .optional()
        .transform((value) => value === "on"),
    }),
    z.object({ intent: z.literal("check") }),
    z.object({ intent: z.literal("remove") }),
  ]);

/** A taka amount as typed (empty: null), in paisa; `message` when it is not one within ৳10 lakh. */
const takaOrEmpty = (message: string) =>
  z
    .string()
    .trim()
    .default("")
    .transform((value, ctx) => {
      if (value === "") return null;
      const paisa = parseTakaToPaisa(value);
      if (paisa === null || paisa > MAX_ADVANCE_PAISA) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return paisa;
    });

/** A Send Money number as typed: empty (not offered) or a Bangladeshi mobile, stored as 01XXXXXXXXX. */
const sendMoneyNumber = (t: AdminTranslate) =>
  z
    .string()
    .trim()
    .default("")
    .transform((value, ctx) => {
      if (value === "") return "";
      const phone = normalizeBdMobile(value);
      if (!phone) {
        ctx.addIssue({ code: "custom", message: t("admin.payments.numberInvalid") });
        return z.NEVER;
      }
      return phone;
    });

/** The advance form's fields. */
export const ADVANCE_FIELDS = [
  "advanceKind",
  "advanceAmount",
  "advancePercent",
  "advanceFor",
  "advanceAbove",
  "advanceWindowMinutes",
  "bkashSendMoneyNumber",
  "nagadSendMoneyNumber",
] as const;

/**
 * The advance form (`intent=advance`): the kind, its amount (taka, for "fixed") or percentage (for
 * "percentage", 0.01 to 100), whom it is asked of (with the minimum total for "above"), the minutes
 * to pay (10 to 10,080) and the two Send Money numbers. Gives the ShopSettings columns.
 */
export const advanceSettingsSchema = (t: AdminTranslate) =>
  z
    .object({
      intent: z.literal("advance"),
      advanceKind: z.enum(ADVANCE_KINDS).catch("none"),
      advanceAmount: takaOrEmpty(t("admin.payments.amountInvalid")),
      advancePercent: z.string().trim().default(""),
      advanceFor: z.enum(ADVANCE_FOR).catch("all"),
      advanceAbove: takaOrEmpty(t("admin.payments.amountInvalid")),
      advanceWindowMinutes: z
        .string()
        .trim()
        .transform((value) => toAsciiDigits(value).replace(/,/g, ""))
        .pipe(
          z
            .string()
            .regex(/^\d{1,5}$/, t("admin.payments.windowInvalid"))
            .transform(Number)
            .pipe(z.number().min(10, t("admin.payments.windowInvalid")).max(10_080, t("admin.payments.windowInvalid"))),
        ),
      bkashSendMoneyNumber: sendMoneyNumber(t),
      nagadSendMoneyNumber: sendMoneyNumber(t),
    })
    .transform((form, ctx) => {
      let advanceValue = 0;
      if (form.advanceKind === "fixed") {
        if (!form.advanceAmount) {
          ctx.addIssue({ code: "custom", path: ["advanceAmount"], message: t("admin.payments.amountRequired") });
          return z.NEVER;
        }
        advanceValue = form.advanceAmount;
      }
      if (form.advanceKind === "percentage") {
        const basisPoints = parsePercentToBasisPoints(form.advancePercent);
        if (basisPoints === null) {
          ctx.addIssue({ code: "custom", path: ["advancePercent"], message: t("admin.payments.percentInvalid") });
          return z.NEVER;
        }
        advanceValue = basisPoints;
      }
      if (form.advanceFor === "above" && form.advanceAbove === null) {
        ctx.addIssue({ code: "custom", path: ["advanceAbove"], message: t("admin.payments.amountInvalid") });
        return z.NEVER;
      }
      return {
        advanceKind: form.advanceKind,
        advanceValue,
        advanceFor: form.advanceFor,
        advanceAbovePaisa: form.advanceFor === "above" ? (form.advanceAbove ?? 0) : 0,
        advanceWindowMinutes: form.advanceWindowMinutes,
        bkashSendMoneyNumber: form.bkashSendMoneyNumber,
        nagadSendMoneyNumber: form.nagadSendMoneyNumber,
      };
    });

/** A bKash refund on an order's page: the payment, the amount in taka (more than 0), a reason (at most 255). */
export const bkashRefundSchema = (t: AdminTranslate) =>
  z.object({
    paymentId: z.coerce.number().int().positive(),
    amount: takaOrEmpty(t("admin.payments.amountInvalid")).pipe(
      z.number({ error: t("admin.payments.amountInvalid") }).min(1, t("admin.payments.amountInvalid")),
    ),
    reason: z
      .string()
      .trim()
      .default("")
      .transform((value) => value.slice(0, 255)),
  });
