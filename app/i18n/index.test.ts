import { describe, expect, it } from "vitest";
import { t } from "./index";

describe("t", () => {
  it("returns the spec's strings verbatim", () => {
    expect(t("cart.empty")).toBe("Your cart is empty");
    expect(t("checkout.placeOrder")).toBe("Place Order (Cash on Delivery)");
    expect(t("checkout.insideDhakaFee")).toBe("(60 ৳ shipping charge)");
  });
  it("fills placeholders and leaves unknown ones visible", () => {
    expect(t("success.orderNumber", { id: 42 })).toBe("Your order number is #42.");
    expect(t("success.orderNumber")).toBe("Your order number is #{id}.");
  });
});
