import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { recordSuccessfulLogin, takeLoginAttempt } from "./sign-in-limits.server";

/**
 * The limiters live in memory for the whole file: every test uses addresses, e-mails and devices
 * no other test uses. Time is Vitest's fake Date (timers stay real), moved on with `later`.
 */
let counter = 0;
const newAddress = () => `203.0.113.${++counter}`;
const newEmail = () => `staff${++counter}@haat.example`;
const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

/** An attempt from an unknown browser. */
const take = (address: string, email: string) => takeLoginAttempt({ address, email, device: null });
const allowed = { allowed: true, viaDevice: false };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("sign-in throttling per address", () => {
  it("never locks out an address whose sign-ins succeed (regression: the 51st staff sign-in was refused)", async () => {
    const address = newAddress();
    for (let i = 0; i < 120; i++) {
      const attempt = { address, email: `staff${i % 7}@haat.example`, device: null };
      const verdict = await takeLoginAttempt(attempt);
      expect(verdict).toEqual(allowed);
      await recordSuccessfulLogin(attempt, { viaDevice: false });
    }
  });

  it("still stops an address after 50 failed attempts, whichever e-mails they name", async () => {
    const address = newAddress();
    for (let i = 0; i < 50; i++) expect(await take(address, newEmail())).toEqual(allowed);
    const verdict = await take(address, newEmail());
    expect(verdict).toEqual({ allowed: false, waitMs: expect.any(Number), limit: "address" });
    expect(!verdict.allowed && verdict.waitMs).toBeGreaterThan(14 * 60_000);
  });

  it("a success does not wipe the address's earlier failures", async () => {
    const address = newAddress();
    for (let i = 0; i < 49; i++) expect(await take(address, newEmail())).toEqual(allowed);
    const staff = { address, email: newEmail(), device: null };
    expect(await takeLoginAttempt(staff)).toEqual(allowed);
    await recordSuccessfulLogin(staff, { viaDevice: false });
    // 49 failures stand: one more attempt is allowed, the next is refused.
    expect(await take(address, newEmail())).toEqual(allowed);
    expect(await take(address, newEmail())).toMatchObject({ allowed: false, limit: "address" });
  });

  it("stops an address + e-mail after 10 attempts, and a success gives them back", async () => {
    const address = newAddress();
    const email = newEmail();
    for (let i = 0; i < 10; i++) {
      // The account-wide back-off asks for waits from the 6th attempt on: wait them out.
      const verdict = await take(address, i === 9 ? ` ${email.toUpperCase()} ` : email); // the same account
      expect(verdict).toEqual(allowed);
      later(60_000);
    }
    expect(await take(address, email)).toMatchObject({ allowed: false, limit: "address+email" });
    await recordSuccessfulLogin({ address, email, device: null }, { viaDevice: false });
    expect(await take(address, email)).toEqual(allowed);
  });

  it("counts an IPv6 address by its /64: rotating within it does not escape, another /64 is its own", async () => {
    const net = `2001:db8:${++counter}:7`;
    for (let i = 0; i < 50; i++) {
      // Every attempt from a new address of one /64, written in its various forms.
      const address = i % 2 === 0 ? `${net}::${i.toString(16)}` : `${net}:0:0:0:${i.toString(16)}`;
      expect(await take(address, newEmail())).toEqual(allowed);
    }
    expect(await take(`${net}:ffff:1:2:3`, newEmail())).toMatchObject({ allowed: false, limit: "address" });
    expect(await take(`2001:db8:${counter}:8::1`, newEmail())).toEqual(allowed);
    // An IPv4 address written as IPv6 is that IPv4 address.
    const v4 = newAddress();
    for (let i = 0; i < 50; i++) expect(await take(i % 2 ? v4 : `::ffff:${v4}`, newEmail())).toEqual(allowed);
    expect(await take(v4, newEmail())).toMatchObject({ allowed: false, limit: "address" });
  });

  it("counts an address + e-mail by the address's /64 too", async () => {
    const net = `2001:db8:${++counter}:9`;
    const email = newEmail();
    for (let i = 0; i < 10; i++) {
      expect(await take(`${net}::${i + 1}`, email)).toEqual(allowed);
      later(60_000);
    }
    expect(await take(`${net}::ff`, email)).toMatchObject({ allowed: false, limit: "address+email" });
  });
});

describe("the account-wide back-off", () => {
  it("refuses the 6th failure in a row for 1 s, from whichever address it comes", async () => {
    const email = newEmail();
    for (let i = 0; i < 5; i++) expect(await take(newAddress(), email)).toEqual(allowed);
    const address = newAddress();
    expect(await take(address, email)).toEqual({ allowed: false, waitMs: 1000, limit: "account" });
    later(999);
    expect(await take(newAddress(), email)).toEqual({ allowed: false, waitMs: 1, limit: "account" });
    later(1);
    expect(await take(newAddress(), email)).toEqual(allowed);
    // Another account is not affected.
    expect(await take(address, newEmail())).toEqual(allowed);
  });

  it("doubles the wait with each further failure, up to 15 minutes", async () => {
    const email = newEmail();
    for (let i = 0; i < 5; i++) expect(await take(newAddress(), email)).toEqual(allowed);
    const waits: number[] = [];
    for (let i = 0; i < 13; i++) {
      const verdict = await take(newAddress(), email);
      if (verdict.allowed) throw new Error("expected a wait");
      waits.push(verdict.waitMs);
      later(verdict.waitMs);
      expect(await take(newAddress(), email)).toEqual(allowed);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900].map((s) => s * 1000));
  });

  it("a refused attempt costs its address nothing", async () => {
    const email = newEmail();
    const address = newAddress();
    for (let i = 0; i < 5; i++) expect(await take(address, email)).toEqual(allowed);
    for (let i = 0; i < 100; i++) expect(await take(address, email)).toMatchObject({ limit: "account" });
    later(1000);
    // Only the 6 attempts that went ahead count: 44 more from this address, and its 50 are used.
    expect(await take(address, email)).toEqual(allowed);
    for (let i = 0; i < 44; i++) expect(await take(address, newEmail())).toEqual(allowed);
    expect(await take(address, newEmail())).toMatchObject({ allowed: false, limit: "address" });
  });

  it("cannot be beaten by parallel attempts", async () => {
    const email = newEmail();
    const verdicts = await Promise.all(Array.from({ length: 20 }, () => take(newAddress(), email)));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
    expect(verdicts.filter((v) => !v.allowed && v.limit === "account")).toHaveLength(15);
  });

  it("a success resets it", async () => {
    const email = newEmail();
    for (let i = 0; i < 5; i++) expect(await take(newAddress(), email)).toEqual(allowed);
    later(1000);
    const staff = { address: newAddress(), email, device: null };
    expect(await takeLoginAttempt(staff)).toEqual(allowed);
    await recordSuccessfulLogin(staff, { viaDevice: false });
    // Five failures in a row again before the first wait.
    for (let i = 0; i < 5; i++) expect(await take(newAddress(), email)).toEqual(allowed);
    expect(await take(newAddress(), email)).toEqual({ allowed: false, waitMs: 1000, limit: "account" });
  });

  it("forgets an account's failures after a day without attempts", async () => {
    const email = newEmail();
    for (let i = 0; i < 8; i++) {
      expect(await take(newAddress(), email)).toEqual(allowed);
      later(60_000);
    }
    later(24 * 60 * 60 * 1000);
    for (let i = 0; i < 5; i++) expect(await take(newAddress(), email)).toEqual(allowed);
    expect(await take(newAddress(), email)).toEqual({ allowed: false, waitMs: 1000, limit: "account" });
  });
});

describe("a device cookie", () => {
  it("exempts its account's attempts from the address limits and the back-off", async () => {
    const address = newAddress();
    const email = newEmail();
    // The account backs off, and the address has used its 50 attempts.
    for (let i = 0; i < 5; i++) expect(await take(address, email)).toEqual(allowed);
    for (let i = 0; i < 45; i++) expect(await take(address, newEmail())).toEqual(allowed);
    expect(await take(address, email)).toMatchObject({ allowed: false, limit: "account" });
    expect(await take(newAddress(), email)).toMatchObject({ allowed: false, limit: "account" });
    later(1000);
    expect(await take(address, email)).toMatchObject({ allowed: false, limit: "address" });

    const staff = { address, email, device: "device-a" };
    expect(await takeLoginAttempt(staff)).toEqual({ allowed: true, viaDevice: true });
    await recordSuccessfulLogin(staff, { viaDevice: true });
    // The success reset the account's back-off for everyone, but not the address's failures.
    expect(await take(newAddress(), email)).toEqual(allowed);
    expect(await take(address, newEmail())).toMatchObject({ allowed: false, limit: "address" });
  });

  it("allows its own 10 attempts in 15 minutes, then loses the exemption; a success gives them back", async () => {
    const address = newAddress();
    const email = newEmail();
    const device = { address, email, device: "device-b" };
    for (let i = 0; i < 10; i++) expect(await takeLoginAttempt(device)).toEqual({ allowed: true, viaDevice: true });
    // Its failures did not feed the account's back-off: the account has its 5 free failures.
    for (let i = 0; i < 5; i++) expect(await take(newAddress(), email)).toEqual(allowed);
    // Past its limit, the device is an unknown browser: the back-off applies to it.
    expect(await takeLoginAttempt(device)).toEqual({ allowed: false, waitMs: 1000, limit: "account" });
    later(1000);
    expect(await takeLoginAttempt(device)).toEqual(allowed);
    await recordSuccessfulLogin(device, { viaDevice: false });

    const other = { address, email, device: "device-c" };
    for (let i = 0; i < 10; i++) expect(await takeLoginAttempt(other)).toMatchObject({ viaDevice: true });
    await recordSuccessfulLogin(other, { viaDevice: true });
    expect(await takeLoginAttempt(other)).toEqual({ allowed: true, viaDevice: true });
  });
});
