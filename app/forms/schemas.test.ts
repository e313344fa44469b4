import { englishAdminT } from "~/i18n/admin";
import { describe, expect, it } from "vitest";
import { serverTranslator } from "~/server/i18n.server";

const t = serverTranslator("en");
import { checkoutSchema, loginSchema, orderStatusSchema } from "./schemas";

const valid = {
  name: "Rahima Akter",
  phone: "01712-345678",
  email: "",
  address: "House 12, Road 5",
  area: "Dhanmondi",
  district: "Dhaka",
  shippingMethod: "Inside Dhaka",
  checkoutToken: "abcdefghijklmnopqrstuvwx",
  expectedSubtotalPaisa: "45000",
};

function errorsOf(input: Record<string, unknown>) {
  const result = checkoutSchema(t).safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe("checkoutSchema", () => {
  it("accepts a valid form, normalising the phone and dropping an empty e-mail", () => {
    const result = checkoutSchema(t).parse(valid);
    expect(result.phone).toBe("01712345678");
    expect(result.email).toBeUndefined();
    expect(result.name).toBe("Rahima Akter");
  });
  it("accepts +880 numbers", () => {
    expect(checkoutSchema(t).parse({ ...valid, phone: "+880 1812 345678" }).phone).toBe("01812345678");
    expect(checkoutSchema(t).parse({ ...valid, phone: "০১৭১২-৩৪৫৬৭৮" }).phone).toBe("01712345678");
  });
  it("requires name, phone and address with the catalogue's messages", () => {
    expect(errorsOf({ ...valid, name: "  ", phone: "", address: "" })).toEqual({
      name: t("checkout.nameRequired"),
      phone: t("checkout.phoneRequired"),
      address: t("checkout.addressRequired"),
    });
  });
  it("rejects a malformed phone and e-mail", () => {
    expect(errorsOf({ ...valid, phone: "12345", email: "not-an-email" })).toEqual({
      phone: t("checkout.phoneInvalid"),
      email: t("checkout.emailInvalid"),
    });
  });
  it("reads the shown shipping method as absent when none was posted, and refuses an unknown one", () => {
    const { shippingMethod: _omitted, ...withoutMethod } = valid;
    expect(checkoutSchema(t).parse(withoutMethod).shippingMethod).toBeUndefined();
    expect(errorsOf({ ...valid, shippingMethod: "Mars" })).toEqual({ shippingMethod: t("checkout.shippingInvalid") });
  });
  it("limits lengths", () => {
    expect(errorsOf({ ...valid, address: "x".repeat(501) }).address).toBe(t("checkout.tooLong", { max: 500 }));
    expect(errorsOf({ ...valid, area: "x".repeat(101) }).area).toBe(t("checkout.tooLong", { max: 100 }));
    expect(checkoutSchema(t).parse({ ...valid, area: ` ${"মিরপুর ".repeat(14)}` }).area).toBe(
      "মিরপুর ".repeat(14).trim(),
    );
  });
  it("keeps the district's English name and the trimmed area", () => {
    const result = checkoutSchema(t).parse({ ...valid, district: " Cox's Bazar ", area: "  Kolatoli " });
    expect(result.district).toBe("Cox's Bazar");
    expect(result.area).toBe("Kolatoli");
  });
  it("requires the district and the area", () => {
    const { district: _district, area: _area, ...without } = valid;
    expect(errorsOf(without)).toEqual({
      district: t("checkout.districtRequired"),
      area: t("checkout.areaRequired"),
    });
    expect(errorsOf({ ...valid, district: " ", area: "  " })).toEqual({
      district: t("checkout.districtRequired"),
      area: t("checkout.areaRequired"),
    });
  });
  it("refuses a district that is not one of the 64, whatever it looks like", () => {
    for (const district of ["Atlantis", "dhaka", "ঢাকা", "Dhaka Division", "47"]) {
      expect(errorsOf({ ...valid, district }), district).toEqual({ district: t("checkout.districtUnknown") });
    }
  });
});

describe("other forms", () => {
  it("order status takes only the five values (pending, processing, shipped, delivered, cancelled)", () => {
    expect(orderStatusSchema.safeParse({ status: "shipped" }).success).toBe(true);
    expect(orderStatusSchema.safeParse({ status: "lost" }).success).toBe(false);
  });
  it("login needs an e-mail and a password", () => {
    expect(loginSchema(englishAdminT).safeParse({ email: "a@b.co", password: "x" }).success).toBe(true);
    expect(loginSchema(englishAdminT).safeParse({ email: "nope", password: "x" }).success).toBe(false);
    expect(loginSchema(englishAdminT).safeParse({ email: "a@b.co", password: "" }).success).toBe(false);
  });
});

describe("checkoutSchema, kept per language", () => {
  it("is built once per language and keeps each language's messages", () => {
    const bn = serverTranslator("bn");
    expect(checkoutSchema(serverTranslator("en"))).toBe(checkoutSchema(t));
    expect(checkoutSchema(bn)).toBe(checkoutSchema(serverTranslator("bn")));
    expect(checkoutSchema(bn)).not.toBe(checkoutSchema(t));
    const english = checkoutSchema(t).safeParse({ ...valid, name: "" });
    const bangla = checkoutSchema(bn).safeParse({ ...valid, name: "" });
    expect(english.success || english.error.issues[0]!.message).toBe(t("checkout.nameRequired"));
    expect(bangla.success || bangla.error.issues[0]!.message).toBe(bn("checkout.nameRequired"));
    expect(bn("checkout.nameRequired")).not.toBe(t("checkout.nameRequired"));
    // A refused parse leaves nothing behind: the next valid one succeeds.
    expect(checkoutSchema(t).safeParse(valid).success).toBe(true);
  });
});
