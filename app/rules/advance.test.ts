import { describe, expect, it } from "vitest";
import {
  advanceFor,
  advanceRuleOf,
  asksPhoneHistory,
  isAdvanceLapse,
  NO_ADVANCE,
  normalizeTrxId,
  type AdvanceRule,
} from "./advance";

const order = { totalPaisa: 123_450, shippingFeePaisa: 6000 };
const rule = (overrides: Partial<AdvanceRule>): AdvanceRule => ({ ...NO_ADVANCE, kind: "delivery", ...overrides });

describe("advanceFor", () => {
  it("asks nothing without a rule", () => {
    expect(advanceFor(NO_ADVANCE, order, false)).toBe(0);
  });

  it("asks the delivery charge, and nothing when delivery is free", () => {
    expect(advanceFor(rule({ kind: "delivery" }), order, false)).toBe(6000);
    expect(advanceFor(rule({ kind: "delivery" }), { totalPaisa: 150_000, shippingFeePaisa: 0 }, false)).toBe(0);
  });

  it("asks a fixed amount, never more than the total", () => {
    expect(advanceFor(rule({ kind: "fixed", value: 20_000 }), order, false)).toBe(20_000);
    expect(
      advanceFor(rule({ kind: "fixed", value: 20_000 }), { totalPaisa: 15_000, shippingFeePaisa: 6000 }, false),
    ).toBe(15_000);
  });

  it("asks a percentage of the total rounded up to whole taka", () => {
    // 10% of ৳1,234.50 is ৳123.45: asked ৳124.
    expect(advanceFor(rule({ kind: "percentage", value: 1000 }), order, false)).toBe(12_400);
    // A whole figure stays as it is.
    expect(
      advanceFor(rule({ kind: "percentage", value: 2500 }), { totalPaisa: 100_000, shippingFeePaisa: 0 }, false),
    ).toBe(25_000);
    // 100% is the total (already whole taka here), never more.
    expect(
      advanceFor(rule({ kind: "percentage", value: 10_000 }), { totalPaisa: 100_050, shippingFeePaisa: 0 }, false),
    ).toBe(100_050);
  });

  it("asks orders from an amount only when their total reaches it", () => {
    const above = rule({ kind: "delivery", for: "above", abovePaisa: 200_000 });
    expect(advanceFor(above, order, false)).toBe(0);
    expect(advanceFor(above, { totalPaisa: 200_000, shippingFeePaisa: 12_000 }, false)).toBe(12_000);
  });

  it("asks only phones without a delivered order when the rule says new phones", () => {
    const newPhones = rule({ kind: "fixed", value: 10_000, for: "new-phones" });
    expect(advanceFor(newPhones, order, false)).toBe(10_000);
    expect(advanceFor(newPhones, order, true)).toBe(0);
    // Other scopes ignore the phone's history.
    expect(advanceFor(rule({ kind: "fixed", value: 10_000 }), order, true)).toBe(10_000);
  });
});

describe("advanceRuleOf", () => {
  it("reads the settings' fields", () => {
    expect(
      advanceRuleOf({ advanceKind: "percentage", advanceValue: 1000, advanceFor: "above", advanceAbovePaisa: 500_000 }),
    ).toEqual({ kind: "percentage", value: 1000, for: "above", abovePaisa: 500_000 });
  });

  it("reads an unknown kind or scope, or a negative value, as no advance", () => {
    const base = { advanceKind: "fixed", advanceValue: 100, advanceFor: "all", advanceAbovePaisa: 0 };
    expect(advanceRuleOf({ ...base, advanceKind: "half" })).toEqual(NO_ADVANCE);
    expect(advanceRuleOf({ ...base, advanceFor: "some" })).toEqual(NO_ADVANCE);
    expect(advanceRuleOf({ ...base, advanceValue: -1 })).toEqual(NO_ADVANCE);
  });

  it("needs the phone's history only for new phones", () => {
    expect(asksPhoneHistory(rule({ for: "new-phones" }))).toBe(true);
    expect(asksPhoneHistory(rule({ for: "all" }))).toBe(false);
    expect(asksPhoneHistory({ ...NO_ADVANCE, for: "new-phones" })).toBe(false);
  });
});

describe("normalizeTrxId", () => {
  it("accepts bKash's 10 letters and digits, in any case and with spaces", () => {
    expect(normalizeTrxId("bkash", "9ABC1DEF2G")).toBe("9ABC1DEF2G");
    expect(normalizeTrxId("bkash", " 9abc 1def2g ")).toBe("9ABC1DEF2G");
    expect(normalizeTrxId("bkash", "৯ABC১DEF২G")).toBe("9ABC1DEF2G");
  });

  it("accepts Nagad's 8", () => {
    expect(normalizeTrxId("nagad", "7kx3b2qa")).toBe("7KX3B2QA");
  });

  it("refuses another length or other characters", () => {
    expect(normalizeTrxId("bkash", "7KX3B2QA")).toBeNull();
    expect(normalizeTrxId("nagad", "9ABC1DEF2G")).toBeNull();
    expect(normalizeTrxId("bkash", "9ABC-DEF2G")).toBeNull();
    expect(normalizeTrxId("bkash", "")).toBeNull();
  });
});

describe("isAdvanceLapse", () => {
  const change = { fromStatus: "pending", toStatus: "cancelled", changedByEmail: null, courier: null };

  it("is a cancellation by neither staff nor a courier", () => {
    expect(isAdvanceLapse(change)).toBe(true);
  });

  it("is not staff's or a courier's cancellation, another status, or the order being placed", () => {
    expect(isAdvanceLapse({ ...change, changedByEmail: "staff@haat.example" })).toBe(false);
    expect(isAdvanceLapse({ ...change, courier: "steadfast" })).toBe(false);
    expect(isAdvanceLapse({ ...change, toStatus: "processing" })).toBe(false);
    expect(isAdvanceLapse({ ...change, fromStatus: null })).toBe(false);
  });
});
