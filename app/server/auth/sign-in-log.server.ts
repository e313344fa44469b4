/**
 * What a sign-in attempt leaves behind (docs/decisions/021-sign-in-throttling.md,
 * 035-audit-trail.md, 041-refused-sign-ins.md): a log line, as JSON through app/server/log.server.ts
 * (e-mail masked there), and a row in one of two tables:
 *
 *     {"level":"warn",…,"event":"sign-in","outcome":"failed","email":"s***@haat.example","address":"203.0.113.7","device":false,"reason":"invalid-credentials","msg":"sign-in failed"}
 *     {"level":"warn",…,"outcome":"locked-out",…,"limit":"account","retryAfter":4,"msg":"sign-in locked-out"}
 *     {"level":"info",…,"outcome":"succeeded",…,"device":true,"user":3,"msg":"sign-in succeeded"}
 *     {"level":"warn",…,"outcome":"suppressed","address":"203.0.113.7","suppressed":3506,"msg":"sign-in lines suppressed"}
 *
 * - The audit trail (append-only, kept for ever) gets what concerns an account: every success, and
 *   every failure of an existing account's password or code (`account` given). Those are bounded by
 *   the account's own limits (the back-off, the code limits), so nobody can fill the trail.
 * - Anything else, an e-mail that names no account or an attempt a limit refused (429), can be
 *   sent by anyone as fast as they like: its line and its row in the bounded RefusedSignIn table
 *   (app/models/auth/refused-sign-in.server.ts) are written at most LINES_PER_MINUTE times a minute per
 *   client address (an IPv6 address by its /64), and at most ROWS_PER_MINUTE times a minute from
 *   all addresses together; the rest is counted. When an address's minute ends, one "sign-in lines
 *   suppressed" line and one summary row say how many of its attempts were left out (the summary
 *   itself within the overall limit); when the overall minute ends, one line and one row
 *   (`address: "*"`, reason SUPPRESSED_ALL) say how many the overall limit left out. So a flood
 *   from many addresses writes at most about ROWS_PER_MINUTE rows a minute: the table's 1,000 rows
 *   hold at least ten minutes, and the database's writer is not taken by every attempt.
 *
 * What was typed is a JSON string value, so it cannot forge a field or a line; it is kept only when
 * it is an e-mail address (else "(not an e-mail address)"). The password is never a field.
 */
import { z } from "zod";
import { recordAuditEvent } from "~/models/audit-trail.server";
import { recordRefusedSignIn, SUPPRESSED_ALL } from "~/models/auth/refused-sign-in.server";
import { log } from "~/server/log.server";
import { clientKey } from "~/server/client-key.server";
import { createLimiter, waitFrom } from "~/server/rate-limit.server";

const EMAIL = z.email().max(254);
/** What the log and the tables show for an e-mail box that did not hold an e-mail address. */
const NOT_AN_EMAIL = "(not an e-mail address)";
/** Lines (and rows) about refused attempts written per client address per minute; the rest are counted. */
const LINES_PER_MINUTE = 20;
/** Lines and rows about refused attempts written per minute from all addresses together (summaries included). */
const ROWS_PER_MINUTE = 100;

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
  /**
   * For a failure: the existing account whose password (or second-step code) was checked and was
   * wrong, or which is disabled. Absent when the e-mail names no account.
   */
  account?: number;
};

/**
 * Writes what a sign-in attempt leaves behind (see the module's comment): for a success, a line at
 * level "info" and a trail row; for a failure of an existing account (`fields.account`), a "warn"
 * line and a trail row; for anything else, a "warn" line and a RefusedSignIn row, at most
 * LINES_PER_MINUTE a minute per address. Never throws: a table write that fails is logged.
 */
export async function logSignIn(event: SignInEvent, fields: SignInFields): Promise<void> {
  // What was typed in the e-mail box is kept only when it is an e-mail address: a password typed
  // there by mistake must not reach the log or the (undeletable) audit trail.
  const email = EMAIL.safeParse(fields.email.trim()).success ? fields.email.trim() : NOT_AN_EMAIL;
  const line = { event: "sign-in", outcome: event, ...fields, email };
  if (event === "succeeded" || (event === "failed" && fields.account !== undefined)) {
    if (event === "succeeded") log.info(line, `sign-in ${event}`);
    else log.warn(line, `sign-in ${event}`);
    await toTrail(event, fields, email);
    return;
  }
  if (!(await takeLine(fields.address))) return;
  log.warn(line, `sign-in ${event}`);
  await toRefusedTable({
    email,
    address: fields.address,
    outcome: event,
    reason: fields.reason ?? fields.limit ?? "",
  });
}

/** Records a success or an existing account's failure in the audit trail; a failed write is logged. */
async function toTrail(event: SignInEvent, fields: SignInFields, email: string): Promise<void> {
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
      subjectId: fields.user ?? fields.account ?? null,
      summary: fields.reason ?? fields.limit ?? "",
      details,
    });
  } catch (error) {
    log.error({ err: error }, "Recording a sign-in in the audit trail failed");
  }
}

/** Appends to the bounded table of refused attempts; a failed write is logged. */
async function toRefusedTable(entry: Parameters<typeof recordRefusedSignIn>[0]): Promise<void> {
  try {
    await recordRefusedSignIn(entry);
  } catch (error) {
    log.error({ err: error }, "Recording a refused sign-in failed");
  }
}

// The limits are shared by all processes of a cluster (../rate-limit.server.ts); what each process
// left out is counted, and summarised, by that process: the summaries of one minute add up.
const linesPerAddress = createLimiter({ keyPrefix: "sign-in-lines", points: LINES_PER_MINUTE, duration: 60 });
const linesOverall = createLimiter({ keyPrefix: "sign-in-lines-all", points: ROWS_PER_MINUTE, duration: 60 });
/** Per client key: the refused attempts not written one by one in its current minute. */
const suppressed = new Map<string, number>();
/** The refused attempts the overall limit left out in its current minute. */
let suppressedOverall = 0;

/**
 * Whether a refused attempt from `address` may have its line and row; when not, it is counted,
 * and the first one counted in a minute (of its address, or overall) sets the timer that writes
 * the summary when that minute ends.
 */
async function takeLine(address: string): Promise<boolean> {
  const client = clientKey(address);
  const waitMs = await linesPerAddress.consume(client).then(() => 0, waitFrom);
  if (waitMs === 0) return takeOverall(1);
  const count = (suppressed.get(client) ?? 0) + 1;
  suppressed.set(client, count);
  if (count === 1) setTimeout(() => void writeSummary(client), waitMs).unref();
  return false;
}

/**
 * Takes one line of the overall limit; when refused, counts `attempts` as left out overall (the
 * first in a minute sets the timer of the overall summary) and returns false.
 */
async function takeOverall(attempts: number): Promise<boolean> {
  const waitMs = await linesOverall.consume("all").then(() => 0, waitFrom);
  if (waitMs === 0) return true;
  suppressedOverall += attempts;
  if (suppressedOverall === attempts) setTimeout(() => void writeOverallSummary(), waitMs).unref();
  return false;
}

/**
 * The summary of `client`'s minute: one line and one row with how many attempts were left out,
 * within the overall limit (past it, they join the overall summary).
 */
async function writeSummary(client: string): Promise<void> {
  const count = suppressed.get(client) ?? 0;
  suppressed.delete(client);
  if (count === 0 || !(await takeOverall(count))) return;
  log.warn({ event: "sign-in", outcome: "suppressed", address: client, suppressed: count }, "sign-in lines suppressed");
  await toRefusedTable({ email: "", address: client, outcome: "suppressed", count });
}

/** The overall summary of a minute: one line and one row with how many attempts the overall limit left out. */
async function writeOverallSummary(): Promise<void> {
  const count = suppressedOverall;
  suppressedOverall = 0;
  if (count === 0) return;
  log.warn({ event: "sign-in", outcome: "suppressed", address: "*", suppressed: count }, "sign-in lines suppressed");
  await toRefusedTable({ email: "", address: "*", outcome: "suppressed", reason: SUPPRESSED_ALL, count });
}
