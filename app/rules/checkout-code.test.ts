import { describe, expect, it } from "vitest";
import {
  asksForCode,
  CODE_LIMITS,
  codeLimitReached,
  isCheckoutCodeMode,
  newCode,
  secondsUntil,
  typedCode,
} from "./checkout-code";

const MINUTE = 60 * 1000;
const now = new Date("2026-11-29T10:00:00Z");
/** The instants `minutes` (each) before `now`. */
const ago = (...minutes: number[]) => minutes.map((m) => new Date(now.getTime() - m * MINUTE));

describe("checkout code rules", () => {
  it("asks every order, only phones without a delivered order, or never", () => {
    expect([asksForCode("every-order", true), asksForCode("every-order", false)]).toEqual([true, true]);
    expect([asksForCode("new-phones", true), asksForCode("new-phones", false)]).toEqual([false, true]);
    expect([asksForCode("off", true), asksForCode("off", false)]).toEqual([false, false]);
    expect(["off", "new-phones", "every-order", "always", ""].map(isCheckoutCodeMode)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it("makes 6-digit codes, leading zeros kept, spread over every digit", () => {
    const codes = Array.from({ length: 2000 }, newCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    // Every digit appears in every place over 2,000 codes (a chance of missing one is below 1e-80).
    for (let place = 0; place < 6; place++) {
      expect(new Set(codes.map((code) => code[place])).size).toBe(10);
    }
    expect(new Set(codes).size).toBeGreaterThan(1990);
  });

  it("reads a typed code in Bengali or ASCII digits, with spaces or a dash, and refuses anything else", () => {
    expect(typedCode("123456")).toBe("123456");
    expect(typedCode(" ১২৩ ৪৫৬ ")).toBe("123456");
    expect(typedCode("012-345")).toBe("012345");
    for (const typed of ["12345", "1234567", "12345a", "", "١٢٣٤٥٦"]) expect(typedCode(typed), typed).toBeNull();
  });

  it("allows 3 codes per phone in an hour, saying when the oldest of them leaves the hour", () => {
    expect(codeLimitReached(now, { byPhone: ago(50, 10), byAddress: [] })).toBeNull();
    expect(codeLimitReached(now, { byPhone: ago(50, 30, 10), byAddress: [] })).toEqual({
      scope: "phone",
      retryAt: new Date(now.getTime() + 10 * MINUTE),
    });
    // An older code no longer counts for the hour.
    expect(codeLimitReached(now, { byPhone: ago(61, 30, 10), byAddress: [] })).toBeNull();
  });

  it("allows 10 codes per phone in a day, and waits for the longer limit when both are reached", () => {
    const day = ago(23 * 60, 22 * 60, 20 * 60, 15 * 60, 12 * 60, 9 * 60, 6 * 60, 3 * 60, 90, 70);
    expect(codeLimitReached(now, { byPhone: day, byAddress: [] })).toEqual({
      scope: "phone",
      retryAt: new Date(now.getTime() + 60 * MINUTE),
    });
    const withHour = [...day.slice(2), ...ago(30, 20)];
    expect(codeLimitReached(now, { byPhone: withHour, byAddress: [] })).toEqual({
      scope: "phone",
      retryAt: new Date(now.getTime() + 4 * 60 * MINUTE),
    });
  });

  it("allows 10 codes per client address in an hour, whatever the phones", () => {
    const nine = ago(55, 50, 45, 40, 35, 30, 25, 20, 15);
    expect(codeLimitReached(now, { byPhone: [], byAddress: nine })).toBeNull();
    expect(codeLimitReached(now, { byPhone: [], byAddress: [...nine, ...ago(5)] })).toEqual({
      scope: "address",
      retryAt: new Date(now.getTime() + 5 * MINUTE),
    });
    expect(CODE_LIMITS.find((limit) => limit.scope === "address")?.count).toBe(10);
  });

  it("counts whole seconds until an instant, none once it passed", () => {
    expect(secondsUntil(new Date(now.getTime() + 59_001), now)).toBe(60);
    expect(secondsUntil(new Date(now.getTime() + 1), now)).toBe(1);
    expect(secondsUntil(ago(1)[0]!, now)).toBe(0);
  });
});
