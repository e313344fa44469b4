import { describe, expect, it } from "vitest";
import { langFromPath, localePath, stripLangPrefix, translator } from "./index";

describe("translator", () => {
  const t = translator("en");
  it("returns the spec's strings verbatim", () => {
    expect(t("cart.empty")).toBe("Your cart is empty");
    expect(t("checkout.placeOrder")).toBe("Place Order (Cash on Delivery)");
    expect(t("checkout.insideDhakaFee", { fee: 60 })).toBe("(60 ৳ shipping charge)");
  });
  it("fills placeholders and leaves unknown ones visible", () => {
    expect(t("success.orderNumber", { id: 42 })).toBe("Your order number is #42.");
    expect(t("success.orderNumber")).toBe("Your order number is #{id}.");
  });
  it("has the root's messages in each language", () => {
    expect(t("error.notFoundTitle")).toBe("Page not found");
    expect(translator("bn")("error.notFoundTitle")).toBe("পেজটি পাওয়া যায়নি");
  });
});

describe("language in the URL", () => {
  it("reads Bangla from the /bn prefix and English from everything else", () => {
    expect(langFromPath("/bn")).toBe("bn");
    expect(langFromPath("/bn/products/7")).toBe("bn");
    expect(langFromPath("/bn.data")).toBe("bn");
    expect(langFromPath("/")).toBe("en");
    expect(langFromPath("/bnx")).toBe("en");
    expect(langFromPath("/products/bn")).toBe("en");
  });
  it("puts paths in a language and takes them out again", () => {
    expect(localePath("bn", "/")).toBe("/bn");
    expect(localePath("bn", "/products?q=fan")).toBe("/bn/products?q=fan");
    expect(localePath("en", "/cart")).toBe("/cart");
    expect(stripLangPrefix("/bn")).toBe("/");
    expect(stripLangPrefix("/bn/cart")).toBe("/cart");
    expect(stripLangPrefix("/bnx")).toBe("/bnx");
  });
});

describe("numbers in messages", () => {
  it("are written in Bengali digits in Bangla, ungrouped", () => {
    expect(translator("bn")("footer.rights", { year: 2026, shop: "Haat 2" })).toContain("২০২৬");
    expect(translator("bn")("footer.rights", { year: 2026, shop: "Haat 2" })).toContain("Haat 2");
    expect(translator("en")("footer.rights", { year: 2026, shop: "Haat" })).toBe("© 2026 Haat. All rights reserved");
  });
});
