/**
 * Records a staff action in the audit trail (docs/decisions/035-audit-trail.md) from a route's
 * action: who (the signed-in admin), from where (the load context's client address, the proxy's
 * X-Forwarded-For when TRUST_PROXY is set), what. Called after the change succeeded. A trail write
 * that fails is logged and does not undo or fail the change the staff member made.
 */
import type { AdminUser } from "~/models/auth/admin-user.server";
import { recordAuditEvent, type AuditEntry } from "~/models/audit-trail.server";
import { log } from "./log.server";

/** The client address of a route's load context ("unknown" when the server did not give one). */
export function clientAddressOf(context: unknown): string {
  const address = (context as { clientAddress?: unknown } | undefined)?.clientAddress;
  return typeof address === "string" ? address : "unknown";
}

/** Appends one action of `actor` to the trail; `context` is the route's load context. */
export async function audit(
  context: unknown,
  actor: Pick<AdminUser, "id" | "email"> | { id: null; email: string },
  entry: Omit<AuditEntry, "actor" | "address">,
): Promise<void> {
  try {
    await recordAuditEvent({ ...entry, actor, address: clientAddressOf(context) });
  } catch (error) {
    log.error({ err: error, action: entry.action }, "Recording an action in the audit trail failed");
  }
}
