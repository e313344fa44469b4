/**
 * The zod schemas of the back office's forms, kept apart from app/forms/schemas.ts so
 * that the storefront's JavaScript never carries them or the admin message catalogue.
 * Error messages come from app/i18n/admin.ts, in the staff member's language: each schema is made
 * with their translator (`productFormSchema(t)`).
 */
import { CHECKOUT_CODE_MODES } from "~/rules/checkout-code";
import { ADVANCE_STATES } from "~/rules/advance";
import { z } from "zod";
import type { AdminTranslate } from "~/i18n/admin";
import { withoutControlCharacters } from "~/rules/control-characters";
import { parseTakaToPaisa } from "~/rules/money";
import { ORDER_STATUSES } from "~/rules/order-status";
import { ORDER_SOURCES } from "~/rules/order-source";
import { PAYOUT_COURIERS } from "~/rules/payout-csv";
import { parseId } from "~/utils/params";
import { normalizeBdMobile, toAsciiDigits } from "~/rules/phone";
import { MAX_STOCK_QUANTITY } from "~/rules/stock";
import { MAX_SKU_LENGTH, normaliseSku } from "~/rules/variants";
import { checkoutSchema, trimmed } from "./schemas";

/**
 * Query string of the admin orders list (GET /admin/orders): `status` one of the five statuses
 * (anything else, or absent, means all), `advance` the advance's state (the same), `source` where the
 * order came from (the same) and `q` a search text (trimmed, at most 100 characters).
 * Never fails: a bad value is dropped, so a hand-edited URL still shows a list.
 */
export const orderListQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  advance: z.enum(ADVANCE_STATES).optional().catch(undefined),
  source: z.enum(ORDER_SOURCES).optional().catch(undefined),
  q: z
    .string()
    .catch("")
    .default("")
    .transform((v) => v.trim().slice(0, 100)),
});

// ---- Admin catalogue: product and category forms ----

/** Highest price accepted, in paisa: ৳1 crore, well inside the 32-bit `Int` columns. */
const MAX_PRICE_PAISA = 1_000_000_000;

/**
 * Converts a taka amount typed by staff (a decimal, minimum 0) into paisa, at most
 * ৳1 crore, adding the field's message to `ctx` when it is not one.
 */
function takaToPaisa(value: string, ctx: z.RefinementCtx, t: AdminTranslate): number {
  if (/^-/.test(value)) {
    ctx.addIssue({ code: "custom", message: t("admin.productForm.priceNegative") });
    return z.NEVER;
  }
  const paisa = parseTakaToPaisa(value);
  if (paisa === null) {
    ctx.addIssue({ code: "custom", message: t("admin.productForm.priceInvalid") });
    return z.NEVER;
  }
  if (paisa > MAX_PRICE_PAISA) {
    ctx.addIssue({ code: "custom", message: t("admin.productForm.priceTooHigh") });
    return z.NEVER;
  }
  return paisa;
}

/** The characters a SKU may have: English letters, digits and - _ . /, starting with a letter or digit. */
const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/**
 * An optional SKU as staff type it: trimmed; blank is none (null); otherwise at most
 * MAX_SKU_LENGTH characters of English letters, digits and - _ . / (no spaces), starting with a
 * letter or digit. Whether another variant has it (case-insensitively) is checked when saving.
 */
const skuField = (t: AdminTranslate) =>
  z
    .string()
    .trim()
    .default("")
    .superRefine((value, ctx) => {
      if (value.length > MAX_SKU_LENGTH)
        ctx.addIssue({ code: "custom", message: t("admin.productForm.skuTooLong", { max: MAX_SKU_LENGTH }) });
      else if (value !== "" && !SKU_PATTERN.test(value))
        ctx.addIssue({ code: "custom", message: t("admin.productForm.skuInvalid") });
    })
    .transform((value) => normaliseSku(value));

/** The longest brand a product may have, in characters. */
const MAX_BRAND_LENGTH = 80;

/**
 * The product form: name required (Bangla name optional); description required (Bangla
 * description optional); category required (a positive integer id); brand optional (trimmed, at
 * most MAX_BRAND_LENGTH characters; null when the form has no such field, so the stored one is
 * kept; its control characters removed, as the texts' are, `trimmed`); featured a checkbox ("on" when ticked); "shown in the shop" a checkbox, which a browser
 * sends only when ticked, so it is read only beside the hidden field `publishedBox` the form sends
 * with it (`isPublished` null without that field: a form rendered before the box existed keeps
 * the stored flag, true for a new product, instead of hiding the product); "track stock" a
 * checkbox (docs/decisions/027-stock.md). Images are handled by app/server/media/uploads.server.ts.
 *
 * A product without options (`hasOptions` false, the default) also has its default variant's
 * fields: SKU optional (`skuField`); price required, a decimal taka amount ≥ 0, stored as paisa (at
 * most ৳1 crore); discounted price optional (empty = none), same rules, with no check that it is
 * below the price; when tracking stock, the quantity on hand a whole number of units from 0 to
 * 1,000,000 (empty: 0), and `stockSeen` the count the form was shown (hidden; null when none).
 * A product with options (`hasOptions` true: the server says so from the stored product, never
 * the form) has those per variant: the price, discounted price, SKU and stock fields are not read
 * and come out as null / 0.
 */
export const productFormSchema = (t: AdminTranslate, { hasOptions = false }: { hasOptions?: boolean } = {}) =>
  z
    .object({
      name: trimmed(200, t("admin.productForm.nameRequired"), t),
      nameBn: optionalText(200, t),
      description: trimmed(5000, t("admin.productForm.descriptionRequired"), t),
      descriptionBn: optionalText(5000, t),
      categoryId: z.coerce
        .number({ error: t("admin.productForm.categoryRequired") })
        .int(t("admin.productForm.categoryRequired"))
        .positive(t("admin.productForm.categoryRequired")),
      brand: z
        .string()
        .overwrite(withoutControlCharacters)
        .trim()
        .max(MAX_BRAND_LENGTH, t("checkout.tooLong", { max: MAX_BRAND_LENGTH }))
        .nullish(),
      isFeatured: z
        .string()
        .optional()
        .transform((v) => v === "on"),
      isPublished: z.string().optional(),
      publishedBox: z.string().optional(),
      trackStock: z
        .string()
        .optional()
        .transform((v) => v === "on"),
      ...variantFields(t, hasOptions),
    })
    .transform(({ publishedBox, isPublished, brand, ...form }, ctx) => {
      const read = {
        ...form,
        brand: brand ?? null,
        isPublished: publishedBox === undefined ? null : isPublished === "on",
      };
      if (!form.trackStock || hasOptions) return { ...read, stockQuantity: 0 };
      const typed = form.stockQuantity.trim() === "" ? "0" : form.stockQuantity;
      const parsed = wholeNumber(MAX_STOCK_QUANTITY, t("admin.productForm.stockInvalid")).safeParse(typed);
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", path: ["stockQuantity"], message: t("admin.productForm.stockInvalid") });
        return z.NEVER;
      }
      return { ...read, stockQuantity: parsed.data };
    });

/**
 * The default variant's fields of the product form: read for a product without options; for one
 * with options whatever is sent is ignored (null prices and SKU, no stock count).
 */
const variantFields = (t: AdminTranslate, hasOptions: boolean) => ({
  sku: hasOptions
    ? z
        .unknown()
        .optional()
        .transform((): string | null => null)
    : skuField(t),
  price: z
    .string()
    .optional()
    .transform((v, ctx): number | null => {
      if (hasOptions) return null;
      const value = v?.trim() ?? "";
      if (value === "") {
        ctx.addIssue({ code: "custom", message: t("admin.productForm.priceRequired") });
        return z.NEVER;
      }
      return takaToPaisa(value, ctx, t);
    }),
  discountedPrice: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const value = v?.trim() ?? "";
      return value === "" || hasOptions ? null : takaToPaisa(value, ctx, t);
    }),
  // Read only when trackStock is on (see the refinement above); an empty field then means 0.
  stockQuantity: z.string().optional().default(""),
  stockSeen: z
    .string()
    .optional()
    .transform((v) => {
      const n = Number(v);
      return !hasOptions && v !== undefined && /^\d{1,9}$/.test(v) ? n : null;
    }),
});

/** The text fields of the product form as typed, kept to refill the form after an error. */
export type ProductFormValues = Partial<
  Record<
    | "name"
    | "nameBn"
    | "sku"
    | "price"
    | "discountedPrice"
    | "categoryId"
    | "description"
    | "descriptionBn"
    | "brand"
    | "isFeatured"
    | "isPublished"
    | "publishedBox"
    | "trackStock"
    | "stockQuantity"
    | "stockSeen",
    string
  >
>;

/**
 * A whole number typed by staff, from 0 to `max`: ASCII or Bengali digits, surrounding spaces
 * ignored; anything else (a sign, a decimal point, grouping commas) gets `message`.
 */
function wholeNumber(max: number, message: string) {
  return z.string({ error: message }).transform((value, ctx) => {
    const digits = toAsciiDigits(value.trim());
    const n = /^\d{1,9}$/.test(digits) ? Number(digits) : NaN;
    if (!(n <= max)) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return n;
  });
}

/** The category form: name required, Bangla name optional (the image is handled by uploads.server.ts). */
export const categoryFormSchema = (t: AdminTranslate) =>
  z.object({
    name: trimmed(100, t("admin.categoryForm.nameRequired"), t),
    nameBn: optionalText(100, t),
    removeImage: z
      .string()
      .optional()
      .transform((v) => v === "on"),
  });
export type CategoryFormValues = Partial<Record<"name" | "nameBn", string>>;

/** The delete forms of the admin lists: one record id, read as every id in a URL is (`parseId`). */
export const deleteSchema = z.object({
  intent: z.literal("delete"),
  id: z
    .string()
    .transform((value) => parseId(value))
    .pipe(z.number()),
});

// ---- Shop settings ----

/** An optional text field: control characters removed, trimmed, at most `max` characters; empty stays "". */
const optionalText = (max: number, t: AdminTranslate) =>
  z.string().overwrite(withoutControlCharacters).trim().max(max, t("checkout.tooLong", { max })).default("");

/** A fee in taka typed by the owner: required, at least 0, at most ৳10,000, stored as paisa. */
const feeTaka = (t: AdminTranslate) =>
  z
    .string({ error: t("admin.settings.feeRequired") })
    .trim()
    .min(1, t("admin.settings.feeRequired"))
    .transform((value, ctx) => {
      const paisa = /^-/.test(value) ? null : parseTakaToPaisa(value);
      if (paisa === null || paisa > MAX_FEE_PAISA) {
        ctx.addIssue({ code: "custom", message: t("admin.settings.feeInvalid") });
        return z.NEVER;
      }
      return paisa;
    });

/** Highest delivery fee accepted, in paisa: ৳10,000. */
const MAX_FEE_PAISA = 1_000_000;

/**
 * The shop settings form (/admin/settings): name, tagline, about, e-mail, phone and address
 * required (the storefront shows them everywhere); their Bangla versions optional; the two fees
 * required, decimal taka from 0 to ৳10,000, stored as paisa; the free-delivery minimum optional
 * (empty: never free), a taka amount up to ৳1 crore; the default language "en" or "bn"; the trade
 * licence and BIN optional; the low-stock threshold a whole number of units from 0 to 10,000; the
 * checkout limits (orders per phone and per address in 24 hours) whole numbers from 0 (no limit) to 1,000;
 * the checkout code one of CHECKOUT_CODE_MODES (app/rules/checkout-code.ts).
 */
export const shopSettingsSchema = (t: AdminTranslate) =>
  z.object({
    name: trimmed(100, t("admin.settings.nameRequired"), t),
    nameBn: optionalText(100, t),
    tagline: trimmed(200, t("admin.settings.taglineRequired"), t),
    taglineBn: optionalText(200, t),
    about: trimmed(1000, t("admin.settings.aboutRequired"), t),
    aboutBn: optionalText(1000, t),
    email: z.email(t("admin.settings.emailInvalid")).max(254),
    phone: trimmed(40, t("admin.settings.phoneRequired"), t),
    address: trimmed(300, t("admin.settings.addressRequired"), t),
    addressBn: optionalText(300, t),
    insideDhakaFeePaisa: feeTaka(t),
    outsideDhakaFeePaisa: feeTaka(t),
    freeDeliveryMinPaisa: z
      .string()
      .trim()
      .default("")
      .transform((value, ctx) => {
        if (value === "") return null;
        const paisa = /^-/.test(value) ? null : parseTakaToPaisa(value);
        if (paisa === null || paisa > MAX_PRICE_PAISA) {
          ctx.addIssue({ code: "custom", message: t("admin.settings.freeFromInvalid") });
          return z.NEVER;
        }
        return paisa;
      }),
    defaultLanguage: z.enum(["en", "bn"], { error: t("admin.settings.languageInvalid") }),
    tradeLicence: optionalText(60, t),
    bin: optionalText(30, t),
    lowStockThreshold: wholeNumber(MAX_LOW_STOCK_THRESHOLD, t("admin.settings.lowStockInvalid")),
    phoneOrderLimit: wholeNumber(MAX_ORDER_LIMIT, t("admin.settings.orderLimitInvalid")),
    addressOrderLimit: wholeNumber(MAX_ORDER_LIMIT, t("admin.settings.orderLimitInvalid")),
    checkoutCode: z.enum(CHECKOUT_CODE_MODES, { error: t("admin.settings.checkoutCodeInvalid") }),
    // A checkbox: "on" when ticked, absent otherwise.
    requireOwnerTwoFactor: z
      .string()
      .optional()
      .transform((value) => value === "on"),
  });

/** Highest checkout limit accepted, in orders per 24 hours. */
const MAX_ORDER_LIMIT = 1000;

/** Highest low-stock threshold accepted, in units. */
const MAX_LOW_STOCK_THRESHOLD = 10_000;

/** The settings form's fields, as typed, to refill the form after an error. */
export type ShopSettingsValues = Partial<Record<keyof z.input<ReturnType<typeof shopSettingsSchema>>, string>>;

// ---- Blocklist ----

/**
 * The blocklist forms (/admin/blocklist; docs/decisions/028-checkout-limits-and-blocklist.md):
 * `block` a Bangladeshi mobile number (any spelling checkout accepts, stored as 01XXXXXXXXX) with an
 * optional note of at most 200 characters; `unblock` an entry by id. `back` is where to go after
 * (a local admin path; checked by the route).
 */
export const blocklistFormSchema = (t: AdminTranslate) =>
  z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("block"),
      phone: z.string({ error: t("admin.blocklist.phoneInvalid") }).transform((value, ctx) => {
        const phone = normalizeBdMobile(value);
        if (phone === null) {
          ctx.addIssue({ code: "custom", message: t("admin.blocklist.phoneInvalid") });
          return z.NEVER;
        }
        return phone;
      }),
      note: optionalText(200, t),
    }),
    z.object({
      intent: z.literal("unblock"),
      id: z
        .string()
        .transform((value) => parseId(value))
        .pipe(z.number()),
    }),
  ]);

/** The block form's fields as typed, to refill it after a refusal. */
export type BlocklistFormValues = Partial<Record<"phone" | "note", string>>;

/** An internal note on an order: required, at most 1,000 characters (trimmed). */
export const orderNoteSchema = (t: AdminTranslate) => z.object({ body: trimmed(1000, t("admin.notes.required"), t) });

// ---- The courier hand-off (docs/decisions/029-courier-hand-off.md) ----

/** One courier key as pasted from the courier's portal: 8 to 200 characters, no spaces inside. */
const courierKey = (t: AdminTranslate) =>
  z
    .string({ error: t("admin.courier.keyRequired") })
    .trim()
    .min(1, t("admin.courier.keyRequired"))
    .refine((value) => value.length >= 8 && value.length <= 200 && !/\s/.test(value), t("admin.courier.keyInvalid"));

/**
 * The courier account form (/admin/courier): `intent=save` with the API key and the secret key
 * (both required: a key is never shown again, so it is never half-kept), `intent=remove`, or
 * `intent=check` (a harmless call with the saved keys).
 */
export const courierAccountSchema = (t: AdminTranslate) =>
  z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("save"), apiKey: courierKey(t), secretKey: courierKey(t) }),
    z.object({ intent: z.literal("remove") }),
    z.object({ intent: z.literal("check") }),
  ]);

/**
 * The payout import's courier (/admin/payouts/import): "auto" (told from the file's headings; also
 * when the form sends none) or the courier whose headings the file is read with. Anything else
 * fails with the staff member's message.
 */
export const payoutCourierChoiceSchema = (t: AdminTranslate) =>
  z.enum(["auto", ...PAYOUT_COURIERS], { error: t("admin.payouts.courierInvalid") }).default("auto");

/** The most orders one hand-off or export takes (Steadfast's bulk limit). */
const MAX_SELECTED_ORDERS = 500;

/**
 * The orders ticked in the list: every `order` value of the form, as ids (duplicates and
 * non-ids dropped). Fails when none is left or there are more than MAX_SELECTED_ORDERS.
 */
export const orderSelectionSchema = (t: AdminTranslate) =>
  z
    .array(z.string())
    .transform((values) => [...new Set(values.map((value) => parseId(value)).filter((id) => id !== null))])
    .pipe(
      z
        .array(z.number())
        .min(1, t("admin.courier.noneSelected"))
        .max(MAX_SELECTED_ORDERS, t("admin.courier.tooMany", { max: MAX_SELECTED_ORDERS })),
    );

// ---- Order edits before shipping (docs/decisions/031-order-edits.md) ----

/** A line quantity as typed: whole number 0 to 999, Bengali digits accepted. */
const lineQuantity = (t: AdminTranslate, min: number) =>
  z
    .string()
    .trim()
    .transform((value) => toAsciiDigits(value))
    .pipe(
      z
        .string()
        .regex(/^\d{1,3}$/, t("admin.edit.quantityInvalid"))
        .transform(Number)
        .pipe(z.number().min(min, t("admin.edit.quantityInvalid"))),
    );

/**
 * The order edit form (`intent=save`): each line's quantity (`quantity-<line id>`, gathered by the
 * route into `quantities`; 0 removes), the delivery address, area and district with checkout's
 * rules and messages (the shipping method follows the district), and `version` (the order's updatedAt in ms when it was shown).
 */
export const orderEditSchema = (t: AdminTranslate) =>
  checkoutSchema(t)
    .pick({ address: true, area: true, district: true })
    .extend({
      version: z.coerce.number().int().min(0),
      quantities: z.record(z.string().regex(/^\d+$/), lineQuantity(t, 0)),
    });

/** The add-a-product form of the order edit page (`intent=add`): the variant, 1 to 999 units, and `version`. */
export const orderAddSchema = (t: AdminTranslate) =>
  z.object({
    variantId: z
      .string()
      .transform((value) => parseId(value))
      .pipe(z.number({ error: t("admin.edit.productMissing") })),
    quantity: lineQuantity(t, 1),
    version: z.coerce.number().int().min(0),
  });

// ---- Staff accounts (docs/decisions/033-staff-roles.md) ----

/** A password field as typed: required, at most 1024 characters (the policy checks the rest on the server). */
const passwordField = (t: AdminTranslate) =>
  z
    .string({ error: t("admin.password.required") })
    .min(1, t("admin.password.required"))
    .max(1024, t("admin.password.tooLong"));

/**
 * The owner's forms at /admin/staff: `add` an account (e-mail, role, a first password the person
 * must change), `disable` or `enable` one by id, or `reset-two-factor` (a lost phone; with the owner's
 * own password).
 */
export const staffFormSchema = (t: AdminTranslate) =>
  z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("add"),
      email: z
        .string({ error: t("admin.staff.emailInvalid") })
        .trim()
        .toLowerCase()
        .pipe(z.email(t("admin.staff.emailInvalid")).max(254, t("admin.staff.emailInvalid"))),
      role: z.enum(["owner", "staff"], { error: t("admin.staff.roleInvalid") }),
      password: passwordField(t),
    }),
    z.object({
      intent: z.enum(["disable", "enable"]),
      id: z
        .string()
        .transform((value) => parseId(value))
        .pipe(z.number()),
    }),
    // Resetting someone's two-factor sign-in asks for the owner's own password: a stolen session
    // alone must not strip another account's second factor.
    z.object({
      intent: z.literal("reset-two-factor"),
      id: z
        .string()
        .transform((value) => parseId(value))
        .pipe(z.number()),
      currentPassword: z.string().default(""),
    }),
  ]);

/** The add form's fields as typed (never the password), to refill it after a refusal. */
export type StaffFormValues = Partial<Record<"email" | "role", string>>;

/**
 * The forms of /admin/account: `password` (the current one, the new one twice; the two must match),
 * `revoke` a session by its handle ("others": every session but this one), and two-factor sign-in's.
 */
export const accountFormSchema = (t: AdminTranslate) =>
  z.discriminatedUnion("intent", [
    z
      .object({
        intent: z.literal("password"),
        currentPassword: passwordField(t),
        newPassword: passwordField(t),
        confirmPassword: z.string().default(""),
      })
      .refine((form) => form.newPassword === form.confirmPassword, {
        path: ["confirmPassword"],
        message: t("admin.password.mismatch"),
      }),
    z.object({ intent: z.literal("revoke"), session: z.string().regex(/^(others|[0-9a-f]{16})$/) }),
    // Two-factor sign-in (docs/decisions/034-two-factor-sign-in.md): start setting it up, confirm
    // with a code from the app and the password, make new recovery codes or turn it off (both with
    // the password). The set-up's empty password is answered beside its code, which is kept.
    z.object({ intent: z.literal("two-factor-start") }),
    z.object({
      intent: z.literal("two-factor-confirm"),
      code: z.string().trim().max(20).default(""),
      currentPassword: z.string().max(1024).default(""),
    }),
    z.object({ intent: z.enum(["two-factor-codes", "two-factor-off"]), currentPassword: passwordField(t) }),
  ]);
