/**
 * The shop's SMS gateway row (docs/decisions/065-sms.md): at most one, its secret sealed by the
 * caller (app/server/sms/gateway-account.server.ts) before it reaches here.
 */
import { prisma } from "~/models/db/client.server";

/** The stored gateway: provider, settings JSON (not secret), the sealed secret and its hint. */
export type SmsGatewayRow = {
  provider: string;
  settings: string;
  secretSealed: string;
  secretHint: string;
  updatedAt: Date;
  updatedByEmail: string | null;
};

/** The shop's gateway, or null when none is set. */
export function getSmsGatewayRow(): Promise<SmsGatewayRow | null> {
  return prisma.smsGateway.findUnique({
    where: { id: 1 },
    select: {
      provider: true,
      settings: true,
      secretSealed: true,
      secretHint: true,
      updatedAt: true,
      updatedByEmail: true,
    },
  });
}

/** The gateway to store: its provider, settings JSON, sealed secret ("" for none) and the secret's hint. */
export type SmsGatewayInput = Pick<SmsGatewayRow, "provider" | "settings" | "secretSealed" | "secretHint">;

/** Saves (or replaces) the shop's one gateway, as changed by `admin`. */
export async function saveSmsGatewayRow(gateway: SmsGatewayInput, admin: { email: string }): Promise<void> {
  const data = { ...gateway, updatedByEmail: admin.email };
  await prisma.smsGateway.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data });
}

/** Forgets the shop's gateway; messages already queued fail for want of one when they come due. */
export async function deleteSmsGatewayRow(): Promise<void> {
  await prisma.smsGateway.deleteMany({ where: { id: 1 } });
}

/**
 * Records the owner's test message as an outbox row in "sending", claimed for `leaseMs` ms so the
 * outbox's sender leaves it alone while the page sends it itself; its id makes the reference.
 * `phone` is 01XXXXXXXXX. Returns the row's id.
 */
export async function startTestMessage(
  message: { phone: string; language: string; text: string; parts: number },
  leaseMs: number,
  now = new Date(),
): Promise<number> {
  const { id } = await prisma.smsMessage.create({
    data: {
      ...message,
      event: "test",
      state: "sending",
      attempts: 1,
      nextAttemptAt: now,
      claimedUntil: new Date(now.getTime() + leaseMs),
      createdAt: now,
    },
    select: { id: true },
  });
  return id;
}

/** Writes the test message `id`'s outcome: sent through `provider` (with its reference), or failed with `error`. */
export async function finishTestMessage(
  id: number,
  outcome: { provider: string } & ({ sent: true; gatewayReference: string | null } | { sent: false; error: string }),
): Promise<void> {
  await prisma.smsMessage.update({
    where: { id },
    data: outcome.sent
      ? {
          state: "sent",
          sentAt: new Date(),
          claimedUntil: null,
          provider: outcome.provider,
          gatewayReference: outcome.gatewayReference,
        }
      : { state: "failed", claimedUntil: null, provider: outcome.provider, error: outcome.error },
  });
}
