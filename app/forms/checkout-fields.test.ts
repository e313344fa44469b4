import { describe, expect, it } from "vitest";
import { serverTranslator } from "~/server/i18n.server";
import { checkoutFieldValid } from "./checkout-fields";
import { checkoutSchema, type CheckoutValues } from "./schemas";

const valid = {
  name: "Rahima Akter",
  phone: "01712345678",
  email: "",
  address: "House 12, Road 5",
  area: "Dhanmondi",
  district: "Dhaka",
  shippingMethod: "Inside Dhaka",
  checkoutToken: "abcdefghijklmnopqrstuvwx",
  expectedSubtotalPaisa: "45000",
};

/** Whether the server's schema finds nothing wrong with `field` when it holds `value`. */
function serverAccepts(field: keyof CheckoutValues, value: string): boolean {
  const result = checkoutSchema(serverTranslator("en")).safeParse({ ...valid, [field]: value });
  return result.success || !result.error.issues.some((issue) => issue.path[0] === field);
}

const SAMPLES: Record<keyof CheckoutValues, string[]> = {
  name: ["", "   ", "K", " Karim Uddin ", "ক".repeat(100), "a".repeat(101)],
  phone: ["", "12345", "01712-345678", "+880 1812 345678", "০১৭১২৩৪৫৬৭৮", "01212345678", "017123456789"],
  email: [
    "",
    "  ",
    "karim@example.com",
    " karim@example.com ",
    "not-an-email",
    "karim@example",
    "karim@@example.com",
    ".karim@example.com",
    "karim.@example.com",
    "k.a+r_i'm@mail.example.co",
    "karim@-example.com",
    `${"a".repeat(250)}@x.com`,
  ],
  address: ["", " ", "House 7, Road 2", "x".repeat(500), "x".repeat(501)],
  area: ["", "Tongi", "x".repeat(100), "x".repeat(101)],
  district: ["", "Gazipur", " Gazipur ", "gazipur", "Nowhere", "Dhaka"],
  shippingMethod: ["Inside Dhaka", "Outside Dhaka", "inside dhaka", "Mars"],
};

describe("checkoutFieldValid", () => {
  for (const [field, samples] of Object.entries(SAMPLES) as [keyof CheckoutValues, string[]][]) {
    it(`agrees with the server's schema on the ${field} field`, () => {
      const answers = samples.map((value) => [value, checkoutFieldValid(field, value)]);
      expect(answers).toEqual(samples.map((value) => [value, serverAccepts(field, value)]));
      // Each field's samples hold both a valid and an invalid value, so the comparison means something.
      expect(new Set(answers.map(([, ok]) => ok))).toEqual(new Set([true, false]));
    });
  }
});
