/**
 * The checkout code's limits under concurrency on PostgreSQL (docs/decisions/065-sms.md), where
 * transactions run side by side (SQLite's one writer makes them take turns): the requests are
 * counted and written under advisory locks on the phone and the client address, so requests at
 * once never send more codes than the rules allow; and a right code typed twice at once verifies
 * the phone once.
 */
import { describe, expect, it } from "vitest";
import { prisma } from "~/models/db/client.server";
import { checkCheckoutCode, requestCheckoutCode } from "~/models/sms/phone-verification.server";

const now = new Date();

/** A code request for `phone` from client address `address` at `now`. */
const request = (phone: string, address: string) =>
  requestCheckoutCode({ phone, address, lang: "en", shopName: "Haat", now });

describe("checkout codes asked at once on PostgreSQL", () => {
  it("sends 10 codes when one address asks for 20 phones at once", async () => {
    const phones = Array.from({ length: 20 }, (_, n) => `0182200${String(n).padStart(4, "0")}`);
    const answers = await Promise.all(phones.map((phone) => request(phone, "192.0.2.77")));
    expect(answers.filter((answer) => answer.outcome === "sent")).toHaveLength(10);
    const limited = answers.filter((answer) => answer.outcome === "limit");
    expect(limited).toHaveLength(10);
    for (const answer of limited) expect(answer).toMatchObject({ scope: "address" });
    expect(await prisma.phoneVerification.count({ where: { address: "192.0.2.77" } })).toBe(10);
    expect(await prisma.smsMessage.count({ where: { phone: { in: phones }, event: "checkout-code" } })).toBe(10);
  });

  it("sends one code when one phone asks 12 times at once from 12 addresses", async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, n) => request("01811000000", `198.51.100.${n}`)));
    expect(answers.filter((answer) => answer.outcome === "sent")).toHaveLength(1);
    expect(answers.filter((answer) => answer.outcome === "wait")).toHaveLength(11);
    expect(await prisma.phoneVerification.count({ where: { phone: "01811000000" } })).toBe(1);
    expect(await prisma.smsMessage.count({ where: { phone: "01811000000", event: "checkout-code" } })).toBe(1);
  });

  it("verifies a code typed right twice at once only once: the other is a replay", async () => {
    await request("01833000000", "203.0.113.9");
    const message = await prisma.smsMessage.findFirstOrThrow({
      where: { phone: "01833000000", event: "checkout-code" },
    });
    const code = message.text.slice(0, 6);
    const answers = await Promise.all(Array.from({ length: 6 }, () => checkCheckoutCode("01833000000", code)));
    expect(answers.filter((answer) => answer.outcome === "verified")).toHaveLength(1);
    expect(answers.filter((answer) => answer.outcome === "used")).toHaveLength(5);
  });
});
