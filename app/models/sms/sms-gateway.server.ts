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
