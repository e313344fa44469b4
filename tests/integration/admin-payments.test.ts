/**
 * The owner's payments page (/admin/payments): the advance rule and Send Money numbers (taka and %
 * typed, paisa and basis points stored, phones normalised, bad input refused with a message per
 * field), the bKash keys checked by a token grant before they are saved (sealed), staff kept out,
 * and the refund on an order's page refusing more than was paid.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/models/db/client.server";
import { getShopSettings } from "~/models/settings.server";
import { action as refundAction } from "~/routes/admin.orders.refund.$id";
import { action, loader } from "~/routes/admin.payments/route";
import { startFakeBkash, workerBkashPort, type FakeBkash } from "../support/bkash-server";
import { createAdmin, get, post, run, signedInJar, type CookieJar } from "./helpers";

let bkash: FakeBkash;
let owner: CookieJar;

beforeEach(async () => {
  bkash = await startFakeBkash(workerBkashPort());
  owner = await signedInJar((await createAdmin()).id);
});
afterEach(async () => {
  await bkash.close();
});

const advanceForm = (fields: Record<string, string>) => ({
  intent: "advance",
  advanceKind: "fixed",
  advanceAmount: "150",
  advancePercent: "",
  advanceFor: "all",
  advanceAbove: "",
  advanceWindowMinutes: "120",
  bkashSendMoneyNumber: "",
  nagadSendMoneyNumber: "",
  ...fields,
});

describe("the advance settings", () => {
  it("store taka as paisa, % as basis points and phones as 01XXXXXXXXX, with an audit line", async () => {
    const saved = await run(
      action,
      post(
        "/admin/payments",
        advanceForm({
          advanceKind: "percentage",
          advancePercent: "১২.৫",
          advanceFor: "above",
          advanceAbove: "2,000",
          advanceWindowMinutes: "90",
          bkashSendMoneyNumber: "+880 1712-345678",
          nagadSendMoneyNumber: "০১৮১২৩৪৫৬৭৮",
        }),
        owner,
      ),
    );
    expect(saved).toMatchObject({ status: 302, location: "/admin/payments" });
    expect(await getShopSettings()).toMatchObject({
      advanceKind: "percentage",
      advanceValue: 1250,
      advanceFor: "above",
      advanceAbovePaisa: 200_000,
      advanceWindowMinutes: 90,
      bkashSendMoneyNumber: "01712345678",
      nagadSendMoneyNumber: "01812345678",
    });
    expect(await prisma.auditEvent.count({ where: { action: "settings.advance-updated" } })).toBe(1);

    await run(action, post("/admin/payments", advanceForm({}), owner));
    expect(await getShopSettings()).toMatchObject({ advanceKind: "fixed", advanceValue: 15_000, advanceAbovePaisa: 0 });
  });

  it("refuses bad input with a message per field and keeps what was typed", async () => {
    const before = await getShopSettings();
    const refused = await run(
      action,
      post(
        "/admin/payments",
        advanceForm({ advanceAmount: "", advanceWindowMinutes: "5", bkashSendMoneyNumber: "12345" }),
        owner,
      ),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      advance: {
        values: { bkashSendMoneyNumber: "12345", advanceWindowMinutes: "5" },
        fieldErrors: { advanceWindowMinutes: expect.any(String), bkashSendMoneyNumber: expect.any(String) },
      },
    });
    const noPercent = await run(
      action,
      post("/admin/payments", advanceForm({ advanceKind: "percentage", advancePercent: "150" }), owner),
    );
    expect(noPercent.data).toMatchObject({ advance: { fieldErrors: { advancePercent: expect.any(String) } } });
    expect((await getShopSettings()).updatedAt).toEqual(before.updatedAt);
  });
});

describe("the bKash keys", () => {
  const keys = () => ({ intent: "save", ...bkash.keys, sandbox: "on" });

  it("are saved sealed only once bKash grants a token with them, and can be checked and removed", async () => {
    const wrong = await run(action, post("/admin/payments", { ...keys(), appSecret: "wrong" }, owner));
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({
      keys: { values: { username: bkash.keys.username, sandbox: true }, formError: expect.any(String) },
    });
    expect(JSON.stringify(wrong.data)).not.toContain(bkash.keys.password);
    expect(await prisma.paymentAccount.count()).toBe(0);

    expect(await run(action, post("/admin/payments", keys(), owner))).toMatchObject({ status: 302 });
    const row = await prisma.paymentAccount.findUniqueOrThrow({ where: { provider: "bkash" } });
    expect(row).toMatchObject({ sandbox: true, appKeyHint: "1234" });
    for (const secret of Object.values(bkash.keys)) expect(JSON.stringify(row)).not.toContain(secret);
    const page = await run(loader, get("/admin/payments", owner));
    expect(page.data?.account).toMatchObject({ configured: true, readable: true, appKeyHint: "1234" });
    expect(JSON.stringify(page.data)).not.toContain(bkash.keys.appSecret);

    expect(await run(action, post("/admin/payments", { intent: "check" }, owner))).toMatchObject({ status: 302 });
    expect(bkash.grants).toBe(2);
    await run(action, post("/admin/payments", { intent: "remove" }, owner));
    expect(await prisma.paymentAccount.count()).toBe(0);
    expect(
      await prisma.auditEvent.count({ where: { action: { in: ["payments.keys-saved", "payments.keys-removed"] } } }),
    ).toBe(2);
  });

  it("are the owner's: staff are refused", async () => {
    const staff = await createAdmin();
    await prisma.adminUser.update({ where: { id: staff.id }, data: { role: "staff" } });
    const jar = await signedInJar(staff.id);
    const refused = await run(action, post("/admin/payments", keys(), jar));
    expect(refused.status).toBe(403);
    const refund = await run(refundAction, post("/admin/orders/refund/1", { paymentId: 1, amount: "10" }, jar), {
      id: "1",
    });
    expect(refund.status).toBe(403);
    expect(await prisma.paymentAccount.count()).toBe(0);
  });
});
