import { describe, expect, it } from "vitest";
import { shippingFeePaisa, SPEC_DELIVERY_FEES } from "./shipping";

describe("shippingFeePaisa", () => {
  it("charges the spec's fees by default: 60 taka inside Dhaka, 120 outside or for anything else", () => {
    expect(shippingFeePaisa("Inside Dhaka", 100000, SPEC_DELIVERY_FEES)).toBe(6000);
    expect(shippingFeePaisa("Outside Dhaka", 100000, SPEC_DELIVERY_FEES)).toBe(12000);
    expect(shippingFeePaisa("Chittagong", 100000, SPEC_DELIVERY_FEES)).toBe(12000);
  });
  it("charges the owner's fees", () => {
    const fees = { insideDhakaPaisa: 8000, outsideDhakaPaisa: 15050, freeFromPaisa: null };
    expect(shippingFeePaisa("Inside Dhaka", 1, fees)).toBe(8000);
    expect(shippingFeePaisa("Outside Dhaka", 1, fees)).toBe(15050);
  });
  it("ships free from the minimum subtotal on, not below it", () => {
    const fees = { ...SPEC_DELIVERY_FEES, freeFromPaisa: 500000 };
    expect(shippingFeePaisa("Outside Dhaka", 499999, fees)).toBe(12000);
    expect(shippingFeePaisa("Outside Dhaka", 500000, fees)).toBe(0);
    expect(shippingFeePaisa("Inside Dhaka", 900000, fees)).toBe(0);
  });
});
