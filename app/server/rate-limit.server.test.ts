import { describe, expect, it } from "vitest";
import { recordSuccessfulLogin, takeLoginAttempt } from "./rate-limit.server";

/** A client address no other test uses (the limiters live in memory for the whole file). */
let addresses = 0;
const newAddress = () => `203.0.113.${++addresses}`;

describe("sign-in throttling", () => {
  it("never locks out an address whose sign-ins succeed (regression: the 51st staff sign-in was refused)", async () => {
    const address = newAddress();
    for (let i = 0; i < 120; i++) {
      const email = `staff${i % 7}@haat.example`;
      expect(await takeLoginAttempt(address, email)).toBe(0);
      await recordSuccessfulLogin(address, email);
    }
  });

  it("still stops an address after 50 failed attempts, whichever e-mails they name", async () => {
    const address = newAddress();
    for (let i = 0; i < 50; i++) expect(await takeLoginAttempt(address, `guess${i}@haat.example`)).toBe(0);
    const waitMs = await takeLoginAttempt(address, "someone-new@haat.example");
    expect(waitMs).toBeGreaterThan(14 * 60_000);
  });

  it("a success does not wipe the address's earlier failures", async () => {
    const address = newAddress();
    for (let i = 0; i < 49; i++) expect(await takeLoginAttempt(address, `guess${i}@haat.example`)).toBe(0);
    expect(await takeLoginAttempt(address, "staff@haat.example")).toBe(0);
    await recordSuccessfulLogin(address, "staff@haat.example");
    // 49 failures stand: one more attempt is allowed, the next is refused.
    expect(await takeLoginAttempt(address, "guess-a@haat.example")).toBe(0);
    expect(await takeLoginAttempt(address, "guess-b@haat.example")).toBeGreaterThan(0);
  });

  it("stops an address + e-mail after 10 attempts, and a success gives them back", async () => {
    const address = newAddress();
    for (let i = 0; i < 9; i++) expect(await takeLoginAttempt(address, "staff@haat.example")).toBe(0);
    expect(await takeLoginAttempt(address, "Staff@Haat.example ")).toBe(0); // the same account
    expect(await takeLoginAttempt(address, "staff@haat.example")).toBeGreaterThan(0);
    await recordSuccessfulLogin(address, "staff@haat.example");
    expect(await takeLoginAttempt(address, "staff@haat.example")).toBe(0);
  });
});
