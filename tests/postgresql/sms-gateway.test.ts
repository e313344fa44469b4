/**
 * The shop's SMS gateway row on PostgreSQL (docs/decisions/065-sms.md): saved with its secret
 * sealed, replaced in place (one row, id 1), read back into a working client, and forgotten; the
 * owner's test message recorded in the outbox table with its outcome.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/models/db/client.server";
import {
  deleteSmsGatewayRow,
  finishTestMessage,
  getSmsGatewayRow,
  saveSmsGatewayRow,
  startTestMessage,
} from "~/models/sms/sms-gateway.server";
import { seal } from "~/server/secret-box.server";
import { shopSmsGateway } from "~/server/sms/gateway-account.server";

beforeEach(async () => {
  await prisma.smsGateway.deleteMany();
  await prisma.smsMessage.deleteMany();
});

describe("the SMS gateway row on PostgreSQL", () => {
  it("is saved sealed, replaced in place, read back as a client, and removed", async () => {
    const owner = { email: "owner@haat.example" };
    const token = "ssl-token-abcd1234";
    await saveSmsGatewayRow(
      {
        provider: "sslwireless",
        settings: JSON.stringify({ sid: "HAATSHOP" }),
        secretSealed: seal(token),
        secretHint: "1234",
      },
      owner,
    );
    const first = await getSmsGatewayRow();
    expect(first).toMatchObject({ provider: "sslwireless", secretHint: "1234", updatedByEmail: owner.email });
    expect(JSON.stringify(first)).not.toContain(token);
    expect(await shopSmsGateway()).toMatchObject({ provider: "sslwireless", idempotent: true });

    await saveSmsGatewayRow(
      {
        provider: "bulksmsbd",
        settings: JSON.stringify({ senderId: "8809601000000" }),
        secretSealed: seal("bulk-key-9876"),
        secretHint: "9876",
      },
      { email: "other@haat.example" },
    );
    expect(await prisma.smsGateway.count()).toBe(1);
    expect(await getSmsGatewayRow()).toMatchObject({
      provider: "bulksmsbd",
      secretHint: "9876",
      updatedByEmail: "other@haat.example",
    });
    expect(await shopSmsGateway()).toMatchObject({ provider: "bulksmsbd", idempotent: false });

    await deleteSmsGatewayRow();
    expect(await getSmsGatewayRow()).toBeNull();
    expect(await shopSmsGateway()).toBeNull();
  });

  it("records a test message as claimed while it is sent, then with its outcome", async () => {
    const now = new Date();
    const id = await startTestMessage({ phone: "01712345678", language: "bn", text: "পরীক্ষা", parts: 1 }, 60_000, now);
    expect(await prisma.smsMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({
      event: "test",
      state: "sending",
      attempts: 1,
      claimedUntil: new Date(now.getTime() + 60_000),
    });
    await finishTestMessage(id, {
      provider: "bulksmsbd",
      sent: false,
      error: "Balance Insufficient (BulkSMSBD code 1007)",
    });
    expect(await prisma.smsMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({
      state: "failed",
      claimedUntil: null,
      provider: "bulksmsbd",
      error: "Balance Insufficient (BulkSMSBD code 1007)",
    });
  });
});
