import { describe, expect, it } from "vitest";
import {
  checkCode,
  discountedTotals,
  discountFor,
  eligibleSubtotalPaisa,
  normaliseCode,
  type DiscountCodeRule,
  type DiscountLine,
} from "./discount-codes";
import { dhakaLocalToInstant, instantToDhakaLocal } from "./dhaka-time";

const code = (fields: Partial<DiscountCodeRule> = {}): DiscountCodeRule => ({
  id: 1,
  code: "EID10",
  kind: "percentage",
  value: 1000,
  maxDiscountPaisa: null,
  minSubtotalPaisa: null,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perPhoneLimit: null,
  usedCount: 0,
  appliesTo: "all",
  isActive: true,
  targets: { categoryIds: [], productIds: [], variantIds: [] },
  ...fields,
});

const lamp: DiscountLine = { variantId: 11, productId: 1, categoryId: 100, subtotalPaisa: 120_000 };
const fan: DiscountLine = { variantId: 21, productId: 2, categoryId: 200, subtotalPaisa: 80_000 };
const rug: DiscountLine = { variantId: 31, productId: 3, categoryId: null, subtotalPaisa: 33_333 };
const lines = [lamp, fan];
const now = new Date("2026-04-15T06:00:00Z");
const at = { now, phoneUses: 0 };

describe("normaliseCode", () => {
  it("trims and capitalises what the shopper typed", () => {
    expect(normaliseCode("  eid10 ")).toBe("EID10");
    expect(normaliseCode("free-delivery_2026")).toBe("FREE-DELIVERY_2026");
  });
  it("refuses codes too short, too long, or with other signs", () => {
    expect(normaliseCode("ab")).toBeNull();
    expect(normaliseCode("A".repeat(33))).toBeNull();
    expect(normaliseCode("A".repeat(32))).toBe("A".repeat(32));
    expect(normaliseCode("EID 10")).toBeNull();
    expect(normaliseCode("EID10%")).toBeNull();
    expect(normaliseCode("ঈদ১০")).toBeNull();
    expect(normaliseCode("")).toBeNull();
  });
});

describe("checkCode refusals", () => {
  it("refuses a code that does not exist or is switched off", () => {
    expect(checkCode(null, lines, 200_000, at)).toEqual({ ok: false, reason: "unknown" });
    expect(checkCode(code({ isActive: false }), lines, 200_000, at)).toEqual({ ok: false, reason: "inactive" });
  });
  it("refuses before its start and from its end on, with the date", () => {
    const startsAt = new Date("2026-04-15T06:00:01Z");
    expect(checkCode(code({ startsAt }), lines, 200_000, at)).toEqual({ ok: false, reason: "not-started", startsAt });
    expect(checkCode(code({ startsAt: now }), lines, 200_000, at).ok).toBe(true);
    expect(checkCode(code({ endsAt: now }), lines, 200_000, at)).toEqual({ ok: false, reason: "ended", endsAt: now });
    expect(checkCode(code({ endsAt: new Date(now.getTime() + 1) }), lines, 200_000, at).ok).toBe(true);
  });
  it("refuses a subtotal below the minimum, with the minimum", () => {
    expect(checkCode(code({ minSubtotalPaisa: 200_001 }), lines, 200_000, at)).toEqual({
      ok: false,
      reason: "minimum",
      minSubtotalPaisa: 200_001,
    });
    expect(checkCode(code({ minSubtotalPaisa: 200_000 }), lines, 200_000, at).ok).toBe(true);
  });
  it("refuses a code used up, in all or for the phone", () => {
    expect(checkCode(code({ usageLimit: 5, usedCount: 5 }), lines, 200_000, at)).toEqual({
      ok: false,
      reason: "used-up",
    });
    expect(checkCode(code({ usageLimit: 5, usedCount: 4 }), lines, 200_000, at).ok).toBe(true);
    expect(checkCode(code({ perPhoneLimit: 1 }), lines, 200_000, { now, phoneUses: 1 })).toEqual({
      ok: false,
      reason: "used-up-for-phone",
    });
    expect(checkCode(code({ perPhoneLimit: 2 }), lines, 200_000, { now, phoneUses: 1 }).ok).toBe(true);
  });
  it("does not count the phone's uses before the phone is known (the cart)", () => {
    expect(checkCode(code({ perPhoneLimit: 1 }), lines, 200_000, { now, phoneUses: null }).ok).toBe(true);
  });
  it("refuses a selected code that targets none of the items", () => {
    const selected = code({ appliesTo: "selected", targets: { categoryIds: [999], productIds: [], variantIds: [] } });
    expect(checkCode(selected, lines, 200_000, at)).toEqual({ ok: false, reason: "no-items" });
    expect(checkCode(code({ appliesTo: "selected" }), lines, 200_000, at)).toEqual({ ok: false, reason: "no-items" });
  });
});

describe("the saving", () => {
  it("takes a percentage of the whole cart", () => {
    expect(checkCode(code(), lines, 200_000, at)).toEqual({ ok: true, discountPaisa: 20_000, freeDelivery: false });
  });
  it("rounds a percentage down to whole paisa", () => {
    expect(discountFor(code({ value: 1250 }), 33_333)).toEqual({ discountPaisa: 4166, freeDelivery: false });
  });
  it("caps a percentage by its largest saving", () => {
    expect(discountFor(code({ value: 5000, maxDiscountPaisa: 15_000 }), 200_000).discountPaisa).toBe(15_000);
  });
  it("never takes more than the eligible subtotal", () => {
    expect(discountFor(code({ kind: "fixed", value: 500_000 }), 200_000).discountPaisa).toBe(200_000);
    expect(discountFor(code({ kind: "percentage", value: 20_000 }), 200_000).discountPaisa).toBe(200_000);
  });
  it("takes a fixed amount off", () => {
    expect(discountFor(code({ kind: "fixed", value: 12_000 }), 200_000)).toEqual({
      discountPaisa: 12_000,
      freeDelivery: false,
    });
  });
  it("waives the fee for free delivery and takes nothing off the items", () => {
    const saving = discountFor(code({ kind: "free-delivery", value: 0 }), 200_000);
    expect(saving).toEqual({ discountPaisa: 0, freeDelivery: true });
    expect(discountedTotals(200_000, 12_000, saving)).toEqual({
      discountPaisa: 0,
      shippingFeePaisa: 0,
      shippingDiscountPaisa: 12_000,
      totalPaisa: 200_000,
    });
  });
  it("totals subtotal − discount + fee", () => {
    expect(discountedTotals(200_000, 6_000, { discountPaisa: 20_000, freeDelivery: false })).toEqual({
      discountPaisa: 20_000,
      shippingFeePaisa: 6_000,
      shippingDiscountPaisa: 0,
      totalPaisa: 186_000,
    });
    expect(discountedTotals(200_000, 6_000, null).totalPaisa).toBe(206_000);
  });
  it("counts only the targeted lines of a selected code, by category, product or variant", () => {
    const targets = (t: Partial<DiscountCodeRule["targets"]>) =>
      code({ appliesTo: "selected", targets: { categoryIds: [], productIds: [], variantIds: [], ...t } });
    const all = [lamp, fan, rug];
    expect(eligibleSubtotalPaisa(targets({ categoryIds: [100] }), all)).toBe(120_000);
    expect(eligibleSubtotalPaisa(targets({ productIds: [2] }), all)).toBe(80_000);
    expect(eligibleSubtotalPaisa(targets({ variantIds: [31, 11] }), all)).toBe(153_333);
    expect(eligibleSubtotalPaisa(code(), all)).toBe(233_333);
    expect(checkCode(targets({ categoryIds: [200] }), all, 233_333, at)).toEqual({
      ok: true,
      discountPaisa: 8_000,
      freeDelivery: false,
    });
  });
  it("caps a fixed selected code by the targeted lines' subtotal", () => {
    const selected = code({
      kind: "fixed",
      value: 100_000,
      appliesTo: "selected",
      targets: { categoryIds: [200], productIds: [], variantIds: [] },
    });
    expect(checkCode(selected, lines, 200_000, at)).toMatchObject({ ok: true, discountPaisa: 80_000 });
  });
});

describe("Asia/Dhaka times", () => {
  it("reads the owner's local date and time as Dhaka time (UTC+6)", () => {
    expect(dhakaLocalToInstant("2026-04-10T00:00")?.toISOString()).toBe("2026-04-09T18:00:00.000Z");
    expect(instantToDhakaLocal(new Date("2026-04-09T18:00:00Z"))).toBe("2026-04-10T00:00");
    expect(instantToDhakaLocal(null)).toBe("");
  });
  it("refuses what is not a date and time", () => {
    expect(dhakaLocalToInstant("2026-04-31T00:00")).toBeNull();
    expect(dhakaLocalToInstant("10 April")).toBeNull();
    expect(dhakaLocalToInstant("2026-13-01T00:00")).toBeNull();
  });
});

describe("refusalMessage", () => {
  it("says when a code starts, in Dhaka's day, in English and Bangla", async () => {
    const { refusalMessage } = await import("./discount-refusal");
    // 9 April 19:00 UTC is 10 April 01:00 in Dhaka.
    const startsAt = new Date("2026-04-09T19:00:00Z");
    expect(refusalMessage({ reason: "not-started", startsAt }, "EID10", "en")).toBe("This code starts on 10 April.");
    expect(refusalMessage({ reason: "not-started", startsAt }, "EID10", "bn")).toBe("এই কোডটি ১০ এপ্রিল থেকে চালু হবে।");
  });
  it("gives the minimum order in the page's digits", async () => {
    const { refusalMessage } = await import("./discount-refusal");
    expect(refusalMessage({ reason: "minimum", minSubtotalPaisa: 100_000 }, "EID10", "en")).toBe(
      "Minimum order ৳1,000.00 for this code.",
    );
    expect(refusalMessage({ reason: "minimum", minSubtotalPaisa: 100_000 }, "EID10", "bn")).toBe(
      "এই কোডের জন্য সর্বনিম্ন অর্ডার ৳১,০০০.০০।",
    );
  });
});

describe("orderSavingLines", () => {
  it("lists what came off the items and the delivery charge waived, nothing without a code", async () => {
    const { orderSavingLines } = await import("./discount-codes");
    expect(
      orderSavingLines({ discountCode: null, discountReason: null, discountPaisa: 0, shippingDiscountPaisa: 0 }),
    ).toEqual([]);
    expect(
      orderSavingLines({
        discountCode: "EID10",
        discountReason: null,
        discountPaisa: 12_000,
        shippingDiscountPaisa: 0,
      }),
    ).toEqual([{ kind: "items", code: "EID10", paisa: 12_000 }]);
    expect(
      orderSavingLines({ discountCode: "FREE", discountReason: null, discountPaisa: 0, shippingDiscountPaisa: 6000 }),
    ).toEqual([{ kind: "delivery", code: "FREE", paisa: 6000 }]);
  });

  it("names a discount staff gave without a code by its reason", async () => {
    const { orderSavingLines } = await import("./discount-codes");
    expect(
      orderSavingLines({
        discountCode: null,
        discountReason: "Eid gift",
        discountPaisa: 10_000,
        shippingDiscountPaisa: 0,
      }),
    ).toEqual([{ kind: "items", code: "Eid gift", paisa: 10_000 }]);
  });
});
