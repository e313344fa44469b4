/**
 * Password re-checks behind a session (docs/decisions/041-refused-sign-ins.md): where a signed-in
 * person must give their own password again (changing it, setting up or turning off two-factor
 * sign-in, new recovery codes, an owner resetting someone's two-factor), so that a stolen session
 * alone cannot do it. Without a limit a session could try passwords as fast as argon2 answers.
 *
 * - Per account, in memory like the sign-in limits (decision 021): 5 wrong passwords in 15 minutes
 *   and 20 in a day. Each check is counted before the password is hashed, so parallel guesses
 *   cannot slip past, and a refused check hashes nothing; a right password gives its point back,
 *   so only wrong ones add up.
 * - Each wrong password is a row in the audit trail (`account.password-check-failed`, the purpose
 *   as its summary): the person is signed in, so it is a staff action, and the limit bounds it. A
 *   refused check (429) is only logged: it costs nothing, so it could be sent without end.
 */
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import type { AdminTranslate } from "~/i18n/admin";
import type { AdminUser } from "~/models/admin-user.server";
import { getPasswordHash } from "~/models/staff.server";
import { audit } from "./audit.server";
import { log } from "./log.server";
import { verifyPassword } from "./password.server";

/** Why a signed-in person gives their password again; kept as the trail row's summary. */
export type PasswordCheckPurpose =
  "password-change" | "two-factor-setup" | "two-factor-codes" | "two-factor-off" | "two-factor-reset";

/** What checkOwnPassword found: right, wrong, or refused for `waitMs` milliseconds (at least 1). */
export type PasswordCheck = { ok: true } | { ok: false; wrong: true } | { ok: false; wrong: false; waitMs: number };

const checks = [
  new RateLimiterMemory({ keyPrefix: "password-check", points: 5, duration: 15 * 60 }),
  new RateLimiterMemory({ keyPrefix: "password-check-day", points: 20, duration: 24 * 60 * 60 }),
];

/**
 * Checks `password` against the stored password of `user`, for `purpose`, within the account's
 * limits. `context` is the route's load context (the client address for the trail).
 * @returns `{ ok: true }`; `{ ok: false, wrong: true }` after recording the failure in the trail;
 *   or `{ ok: false, wrong: false, waitMs }` when the account has used its checks (nothing hashed).
 * @throws whatever the database or the limiter throws other than the limiter's refusal.
 */
export async function checkOwnPassword(
  context: unknown,
  user: Pick<AdminUser, "id" | "email">,
  password: string,
  purpose: PasswordCheckPurpose,
): Promise<PasswordCheck> {
  const key = String(user.id);
  for (const limiter of checks) {
    try {
      await limiter.consume(key);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const waitMs = Math.max(1, error.msBeforeNext);
      log.warn(
        {
          event: "password-check",
          outcome: "locked-out",
          user: user.id,
          purpose,
          retryAfter: Math.ceil(waitMs / 1000),
        },
        "password check locked-out",
      );
      return { ok: false, wrong: false, waitMs };
    }
  }
  if (await verifyPassword(await getPasswordHash(user.id), password)) {
    await Promise.all(checks.map((limiter) => limiter.reward(key, 1)));
    return { ok: true };
  }
  log.warn({ event: "password-check", outcome: "failed", user: user.id, purpose }, "password check failed");
  await audit(context, user, {
    action: "account.password-check-failed",
    subjectType: "staff",
    subjectId: user.id,
    summary: purpose,
  });
  return { ok: false, wrong: true };
}

/** The message for a refused check that must wait `waitMs` ms: "up to a minute", else whole minutes rounded up. */
export function tooManyChecksMessage(waitMs: number, t: AdminTranslate): string {
  if (waitMs <= 60_000) return t("admin.password.tooManyChecksShort");
  return t("admin.password.tooManyChecks", { minutes: Math.ceil(waitMs / 60_000) });
}

/** The Retry-After header of a refused check that must wait `waitMs` ms: whole seconds, rounded up. */
export function retryAfterHeader(waitMs: number): Record<"Retry-After", string> {
  return { "Retry-After": String(Math.ceil(waitMs / 1000)) };
}
