/**
 * One log line per sign-in success, failure and lockout, for whoever watches the server's log
 * (docs/decisions/021-sign-in-throttling.md), as JSON through app/server/log.server.ts, e-mail
 * masked there:
 *
 *     {"level":"warn",…,"event":"sign-in","outcome":"failed","email":"s***@haat.example","address":"203.0.113.7","device":false,"reason":"invalid-credentials","msg":"sign-in failed"}
 *     {"level":"warn",…,"outcome":"locked-out",…,"limit":"account","retryAfter":4,"msg":"sign-in locked-out"}
 *     {"level":"info",…,"outcome":"succeeded",…,"device":true,"user":3,"msg":"sign-in succeeded"}
 *
 * What was typed is a JSON string value, so it cannot forge a field or a line; it is kept only when
 * it is an e-mail address (else "(not an e-mail address)"). The password is never a field.
 */
import { z } from "zod";
import { recordAuditEvent } from "~/models/audit.server";
import { log } from "~/server/log.server";

const EMAIL = z.email().max(254);
/** What the log and the trail show for an e-mail box that did not hold an e-mail address. */
const NOT_AN_EMAIL = "(not an e-mail address)";

type SignInEvent = "succeeded" | "failed" | "locked-out";

type SignInFields = {
  /** What was typed as the e-mail (at most 254 characters are logged). */
  email: string;
  /** The client address. */
  address: string;
  /** Whether the attempt carried a valid device cookie for this e-mail. */
  device: boolean;
  /** Why it failed; for a success with two-factor sign-in, how the second step was passed. */
  reason?: string;
  /** Which limit refused it. */
  limit?: string;
  /** The Retry-After sent, in seconds. */
  retryAfter?: number;
  /** The admin signed in. */
  user?: number;
};

/**
 * Writes the line for a sign-in event (level "info" for a success, "warn" otherwise) and records it
 * in the audit trail (docs/decisions/035-audit-trail.md); a trail write that fails is logged.
 */
export async function logSignIn(event: SignInEvent, fields: SignInFields): Promise<void> {
  // What was typed in the e-mail box is kept only when it is an e-mail address: a password typed
  // there by mistake must not reach the log or the (undeletable) audit trail.
  const email = EMAIL.safeParse(fields.email.trim()).success ? fields.email.trim() : NOT_AN_EMAIL;
  const line = { event: "sign-in", outcome: event, ...fields, email };
  if (event === "succeeded") log.info(line, `sign-in ${event}`);
  else log.warn(line, `sign-in ${event}`);
  const details = Object.fromEntries(
    Object.entries({ reason: fields.reason, limit: fields.limit, device: fields.device }).filter(
      ([, v]) => v !== undefined,
    ),
  );
  try {
    await recordAuditEvent({
      actor: fields.user !== undefined ? { id: fields.user, email } : { id: null, email },
      address: fields.address,
      action: `sign-in.${event}`,
      subjectType: "staff",
      subjectId: fields.user ?? null,
      summary: fields.reason ?? fields.limit ?? "",
      details,
    });
  } catch (error) {
    log.error({ err: error }, "Recording a sign-in in the audit trail failed");
  }
}
