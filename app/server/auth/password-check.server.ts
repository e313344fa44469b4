/**
 * Password re-checks behind a session (docs/decisions/041-refused-sign-ins.md): where a signed-in
 * person must give their own password again (changing it, setting up or turning off two-factor
 * sign-in, new recovery codes, an owner resetting someone's two-factor), so that a stolen session
 * alone cannot do it. Without a limit a session could try passwords as fast as argon2 answers.
 *
 * - Per session (the SHA-256 of its token, as the Session table keys it), counted like the
 *   sign-in limits (decision 021; ../rate-limit.server.ts): 5 wrong passwords, then the session is ended (signed out, a row
 *   in the trail, a message on the sign-in page). Whoever holds a stolen session gets 5 guesses
 *   and loses the session; the owner's own sessions keep their checks, so the thief cannot lock
 *   them out of changing their password or two-factor. Getting a new session takes the password
 *   (and the code), whose sign-in limits hold.
 * - Per account, a ceiling far above one session's: 50 wrong passwords a day, from all its sessions
 *   together (10 sessions ended for it), then 429. It only bounds a thief who holds many sessions.
 * - Each check is counted before the password is hashed, so parallel guesses cannot slip past, and
 *   a refused check hashes nothing; a right password clears the session's count and gives the
 *   account its point back, so only wrong ones add up.
 * - Each wrong password is a row in the audit trail (`account.password-check-failed`, the purpose
 *   as its summary): the person is signed in, so it is a staff action, and the limits bound it. A
 *   refused check (429) is only logged: it costs nothing, so it could be sent without end.
 */
import { hashSessionToken } from "~/models/auth/admin-session.server";
import type { AdminUser } from "~/models/auth/admin-user.server";
import { getPasswordHash } from "~/models/auth/staff.server";
import { staffTranslator } from "../admin-i18n.server";
import { audit } from "../audit.server";
import { log } from "../log.server";
import { verifyPassword } from "./password.server";
import { createLimiter, waitFrom, type Limiter } from "../rate-limit.server";
import { destroyAdminSession, getSessionToken } from "./session.server";
import { redirectWithToast } from "../toast-cookie.server";

/** Why a signed-in person gives their password again; kept as the trail row's summary. */
export type PasswordCheckPurpose =
  "password-change" | "two-factor-setup" | "two-factor-codes" | "two-factor-off" | "two-factor-reset";

/** What checkOwnPassword found: right, wrong, or refused for `waitMs` milliseconds (at least 1). */
type PasswordCheck = { ok: true } | { ok: false; wrong: true } | { ok: false; wrong: false; waitMs: number };

/** Wrong passwords one session may give before it is ended. */
const WRONG_PASSWORDS_PER_SESSION = 5;
/** Wrong passwords one account's sessions may give together in a day before checks are refused (429). */
const WRONG_PASSWORDS_PER_ACCOUNT_DAY = 50;

/** Per session: kept for a session's longest life (14 days), so an ended count never comes back. */
const perSession = createLimiter({
  keyPrefix: "password-check-session",
  points: WRONG_PASSWORDS_PER_SESSION,
  duration: 14 * 24 * 60 * 60,
});
const perAccount = createLimiter({
  keyPrefix: "password-check-account",
  points: WRONG_PASSWORDS_PER_ACCOUNT_DAY,
  duration: 24 * 60 * 60,
});

/**
 * Checks `password` against the stored password of `user`, for `purpose`, within the limits of the
 * request's session and of the account. `context` is the route's load context (the client address
 * for the trail).
 * @returns `{ ok: true }`; `{ ok: false, wrong: true }` after recording the failure in the trail;
 *   or `{ ok: false, wrong: false, waitMs }` when the account has used its day's checks (nothing
 *   hashed).
 * @throws {Response} a redirect to the sign-in page, with the session ended and a message, when
 *   this session has given WRONG_PASSWORDS_PER_SESSION wrong passwords (this one included).
 * @throws whatever the database or the limiter throws other than the limiter's refusal.
 */
async function checkOwnPassword(
  request: Request,
  context: unknown,
  user: AdminUser,
  password: string,
  purpose: PasswordCheckPurpose,
): Promise<PasswordCheck> {
  const token = await getSessionToken(request);
  const session = token ? hashSessionToken(token) : `account-${user.id}`;
  const account = String(user.id);
  const bySession = await take(perSession, session);
  if (!bySession.taken) throw await endSession(request, context, user, purpose);
  const byAccount = await take(perAccount, account);
  if (!byAccount.taken) {
    // The account's ceiling refused it: the session's point was not used.
    await perSession.reward(session, 1);
    const { waitMs } = byAccount;
    log.warn(
      { event: "password-check", outcome: "locked-out", user: user.id, purpose, retryAfter: Math.ceil(waitMs / 1000) },
      "password check locked-out",
    );
    return { ok: false, wrong: false, waitMs };
  }
  if (await verifyPassword(await getPasswordHash(user.id), password)) {
    await Promise.all([perSession.delete(session), perAccount.reward(account, 1)]);
    return { ok: true };
  }
  log.warn({ event: "password-check", outcome: "failed", user: user.id, purpose }, "password check failed");
  await auditCheck(context, user, "account.password-check-failed", purpose);
  if (bySession.left === 0) throw await endSession(request, context, user, purpose);
  return { ok: false, wrong: true };
}

/**
 * Takes one point of `key` from `limiter`: taken, with the points left; or refused, with the
 * milliseconds until one comes back (at least 1). Rethrows anything but the limiter's refusal.
 */
async function take(
  limiter: Limiter,
  key: string,
): Promise<{ taken: true; left: number } | { taken: false; waitMs: number }> {
  return limiter.consume(key).then(
    (res) => ({ taken: true, left: res.remainingPoints }) as const,
    (error: unknown) => ({ taken: false, waitMs: waitFrom(error) }) as const,
  );
}

/**
 * Ends the request's session after too many wrong passwords: deletes it, records it in the trail
 * (`account.signed-out-wrong-passwords`) and logs it. Returns the redirect to the sign-in page that
 * clears the session cookie and says why, in the person's language.
 */
async function endSession(
  request: Request,
  context: unknown,
  user: AdminUser,
  purpose: PasswordCheckPurpose,
): Promise<Response> {
  const cleared = await destroyAdminSession(request);
  log.warn({ event: "password-check", outcome: "signed-out", user: user.id, purpose }, "password check signed-out");
  await auditCheck(context, user, "account.signed-out-wrong-passwords", purpose);
  return redirectWithToast(
    request,
    "/admin/login",
    {
      kind: "error",
      message: staffTranslator(user)("admin.password.signedOut", { count: WRONG_PASSWORDS_PER_SESSION }),
    },
    { headers: [["Set-Cookie", cleared]] },
  );
}

/** A check's trail row: `action` by `user` on their own account, the purpose as its summary. */
function auditCheck(
  context: unknown,
  user: AdminUser,
  action: "account.password-check-failed" | "account.signed-out-wrong-passwords",
  purpose: PasswordCheckPurpose,
): Promise<void> {
  return audit(context, user, { action, subjectType: "staff", subjectId: user.id, summary: purpose });
}

/**
 * A refused password check as a page shows it: `message` in the person's language, the HTTP
 * `status` (400 wrong, 429 when the account's checks are used up) and, for a 429, its Retry-After
 * header (whole seconds, rounded up).
 */
export type PasswordRefusal = { message: string; status: 400 | 429; headers?: Record<"Retry-After", string> };

/**
 * `checkOwnPassword`, answered for a page: null when the password is right, else its refusal (the
 * 429's message says "up to a minute", else the whole minutes to wait, rounded up).
 * @throws as checkOwnPassword (a redirect to the sign-in page when the session is ended).
 */
export async function refusedPassword(
  request: Request,
  context: unknown,
  user: AdminUser,
  password: string,
  purpose: PasswordCheckPurpose,
): Promise<PasswordRefusal | null> {
  const check = await checkOwnPassword(request, context, user, password, purpose);
  if (check.ok) return null;
  const t = staffTranslator(user);
  if (check.wrong) return { message: t("admin.password.currentWrong"), status: 400 };
  const { waitMs } = check;
  const message =
    waitMs <= 60_000
      ? t("admin.password.tooManyChecksShort")
      : t("admin.password.tooManyChecks", { minutes: Math.ceil(waitMs / 60_000) });
  return { message, status: 429, headers: { "Retry-After": String(Math.ceil(waitMs / 1000)) } };
}
