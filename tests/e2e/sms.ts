/**
 * The SMS journeys' gateway: the local one each end-to-end server starts beside itself
 * (tests/support/sms-gateway-server.ts, on smsGatewayPortOf), set as the shop's gateway through its
 * generic "http" API, and what it was sent.
 */
import type { DeliveredSms } from "../support/sms-gateway-server";
import { sqliteDate, withDb } from "./e2e-db";
import { E2E_PORT, smsGatewayPortOf } from "./e2e-env";

const origin = `http://127.0.0.1:${smsGatewayPortOf(E2E_PORT)}`;

/**
 * Makes the local gateway's generic API the shop's SMS gateway (its key written into the URL, so
 * nothing is sealed), replacing any other.
 */
export function useLocalSmsGateway(): void {
  const settings = JSON.stringify({
    url: `${origin}/http/send?key=test-http-key&to={to}&text={text}&reference={reference}`,
    method: "GET",
    body: "",
    contentType: "form",
    successText: "",
  });
  withDb((db) =>
    db
      .prepare(
        `INSERT INTO SmsGateway (id, provider, settings, secretSealed, secretHint, updatedAt)
         VALUES (1, 'http', ?, '', '', ?)
         ON CONFLICT (id) DO UPDATE SET provider = excluded.provider, settings = excluded.settings,
           secretSealed = '', secretHint = '', updatedAt = excluded.updatedAt`,
      )
      .run(settings, sqliteDate(new Date())),
  );
}


/** The messages the local gateway has taken for `phone` (01XXXXXXXXX), oldest first. */
export async function deliveredSms(phone: string): Promise<DeliveredSms[]> {
  const response = await fetch(`${origin}/__messages`);
  const all = (await response.json()) as DeliveredSms[];
  return all.filter((sms) => sms.to.endsWith(phone.slice(1)));
}
