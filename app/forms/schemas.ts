/**
 * The zod schema of each form, one per form, shared by the server (which always validates) and
 * any client code that wants the same rules. Error messages come from the message catalogue, in the
 * language of the page that posted: a storefront form's schema is made with that page's translator.
 */
import { z } from "zod";
import type { ServerTranslate } from "~/i18n";
import type { AdminTranslate } from "~/i18n/admin";
import { withoutControlCharacters } from "~/rules/control-characters";
import { findDistrict } from "~/rules/districts";
import { ORDER_STATUSES } from "~/rules/order-status";
import { normalizeBdMobile } from "~/rules/phone";
import { SHIPPING_METHODS } from "~/rules/shipping";

/**
 * A required text field: control characters removed (rules/control-characters.ts; tabs and line
 * breaks kept), trimmed, at least one character, at most `max` characters; messages through `t`.
 */
export const trimmed = (
  max: number,
  requiredMessage: string,
  t: (key: "checkout.tooLong", params: { max: number }) => string,
) =>
  z
    .string({ error: requiredMessage })
    .overwrite(withoutControlCharacters)
    .trim()
    .min(1, requiredMessage)
    .max(max, t("checkout.tooLong", { max }));

/**
 * Checkout form: name, phone and delivery address required; e-mail optional but an e-mail when
 * given; shipping method "Inside Dhaka" or "Outside Dhaka" (Inside Dhaka when absent; any other
 * value is refused rather than guessed). The courier's address: the district, required and one of
 * the 64 (its English name as the form posts it, rules/districts.ts; anything else is refused, never
 * guessed), and the area or thana, required text of at most 100 characters. The district does not
 * decide the shipping method: the shopper's chosen method is what is charged.
 * Phone numbers are normalised to 01XXXXXXXXX (rules/phone.ts: Bengali digits, +880, spaces, dashes).
 * Messages come from `t`, the translator of the page's language.
 *
 * Building the schema costs more than parsing with it (zod 4 compiles it): it is built once per
 * translator (the server keeps one per language) and reused; a schema holds no state between parses.
 */
export const checkoutSchema = (t: ServerTranslate): CheckoutSchema => {
  let schema = checkoutSchemas.get(t);
  if (!schema) {
    schema = buildCheckoutSchema(t);
    checkoutSchemas.set(t, schema);
  }
  return schema;
};

type CheckoutSchema = ReturnType<typeof buildCheckoutSchema>;
const checkoutSchemas = new WeakMap<ServerTranslate, CheckoutSchema>();

function buildCheckoutSchema(t: ServerTranslate) {
  return z.object({
    name: trimmed(100, t("checkout.nameRequired"), t),
    phone: z
      .string({ error: t("checkout.phoneRequired") })
      .trim()
      .min(1, t("checkout.phoneRequired"))
      .transform((v, ctx) => {
        const phone = normalizeBdMobile(v);
        if (phone === null) {
          ctx.addIssue({ code: "custom", message: t("checkout.phoneInvalid") });
          return z.NEVER;
        }
        return phone;
      }),
    email: z
      .string()
      .trim()
      .max(254, t("checkout.tooLong", { max: 254 }))
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(z.email(t("checkout.emailInvalid")).optional()),
    address: trimmed(500, t("checkout.addressRequired"), t),
    area: trimmed(100, t("checkout.areaRequired"), t),
    district: z
      .string({ error: t("checkout.districtRequired") })
      .trim()
      .min(1, t("checkout.districtRequired"))
      .transform((v, ctx) => {
        const district = findDistrict(v);
        if (!district) {
          ctx.addIssue({ code: "custom", message: t("checkout.districtUnknown") });
          return z.NEVER;
        }
        return district.name;
      }),
    /**
     * The shipping method the form showed ticked, absent when none was posted. It is not what the
     * order is charged: the district decides that (checkout.server.ts asks the shopper to confirm
     * the fee when the two differ).
     */
    shippingMethod: z.enum(SHIPPING_METHODS, { error: t("checkout.shippingInvalid") }).optional(),
    checkoutToken: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
    /** The subtotal the page showed, in paisa: the order is refused if prices changed since. */
    expectedSubtotalPaisa: z.coerce.number().int().min(0),
  });
}
export type CheckoutInput = z.output<CheckoutSchema>;

/** The values of the checkout form as typed, kept to refill the form after an error. */
export type CheckoutValues = Partial<
  Record<"name" | "phone" | "email" | "address" | "area" | "district" | "shippingMethod", string>
>;

/**
 * Admin sign-in: an e-mail and a password, both required; messages through `t`, the sign-in page's
 * translator.
 */
export const loginSchema = (t: AdminTranslate) =>
  z.object({
    email: z.email(t("admin.login.emailInvalid")).max(254),
    password: z.string().min(1, t("admin.login.passwordRequired")).max(1024),
    redirectTo: z.string().optional(),
  });

/** The order status form on /admin/orders/view/:id. */
export const orderStatusSchema = z.object({ status: z.enum(ORDER_STATUSES) });
