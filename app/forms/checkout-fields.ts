/**
 * Whether one field of the checkout form, as typed, would pass the server's check
 * (`checkoutSchema` in ./schemas.ts): the browser's copy of those rules, so that an error shown
 * after a refused submit clears as soon as its field is put right. Client-safe and without zod
 * (the cart page carries no schema library). The server still decides: this only hides messages.
 * checkout-fields.test.ts holds it to the schema's answers.
 */
import { findDistrict } from "~/rules/districts";
import { normalizeBdMobile } from "~/rules/phone";
import { SHIPPING_METHODS } from "~/rules/shipping";
import type { CheckoutValues } from "./schemas";

/** The longest text, in characters after trimming, the schema accepts for each typed field. */
const MAX_LENGTH = { name: 100, address: 500, area: 100, email: 254 } as const;

/** zod's `z.email()` pattern (zod 4), which the schema checks an e-mail with. */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/**
 * Whether `value`, typed into the checkout field `field`, is valid by the server's rules: name,
 * address and area required (not blank, within their length); phone a Bangladeshi mobile number
 * (rules/phone.ts); e-mail empty or an e-mail; district one of the 64 (rules/districts.ts);
 * shipping method one of the two.
 */
export function checkoutFieldValid(field: keyof CheckoutValues, value: string): boolean {
  const text = value.trim();
  switch (field) {
    case "name":
    case "address":
    case "area":
      return text.length >= 1 && text.length <= MAX_LENGTH[field];
    case "email":
      return text === "" || (text.length <= MAX_LENGTH.email && EMAIL.test(text));
    case "phone":
      return normalizeBdMobile(text) !== null;
    case "district":
      return text !== "" && findDistrict(text) !== undefined;
    case "shippingMethod":
      return (SHIPPING_METHODS as readonly string[]).includes(value);
  }
}
