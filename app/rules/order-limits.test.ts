import { describe, expect, it } from "vitest";
import { addressKey, limitReached } from "./order-limits";

describe("addressKey", () => {
  it("compares two spellings of one address as equal", () => {
    expect(addressKey("House 4, Road 2", "Mirpur 10", "Dhaka")).toBe(
      addressKey("house-4  road 2.", "MIRPUR-10", "dhaka"),
    );
    expect(addressKey("বাড়ি ৪, রোড ২", "মিরপুর ১০", "Dhaka")).toBe(addressKey("বাড়ি 4 রোড 2", "মিরপুর 10", "Dhaka"));
  });

  it("keeps different houses, areas and districts apart", () => {
    const home = addressKey("House 4, Road 2", "Mirpur 10", "Dhaka");
    expect(addressKey("House 40, Road 2", "Mirpur 10", "Dhaka")).not.toBe(home);
    expect(addressKey("House 4, Road 2", "Mirpur 11", "Dhaka")).not.toBe(home);
    expect(addressKey("House 4, Road 2", "Mirpur 10", "Gazipur")).not.toBe(home);
    // The parts are kept apart: text cannot slide from the address into the area.
    expect(addressKey("House 4 Road", "2 Mirpur 10", "Dhaka")).not.toBe(home);
  });
});

describe("limitReached", () => {
  it("refuses the order that would go over the phone's or the address's limit", () => {
    const limits = { perPhone: 3, perAddress: 5 };
    expect(limitReached(limits, { byPhone: 2, byAddress: 4 })).toBeNull();
    expect(limitReached(limits, { byPhone: 3, byAddress: 0 })).toBe("phone");
    expect(limitReached(limits, { byPhone: 0, byAddress: 5 })).toBe("address");
  });

  it("has no limit at 0", () => {
    expect(limitReached({ perPhone: 0, perAddress: 0 }, { byPhone: 500, byAddress: 500 })).toBeNull();
  });
});
