/**
 * Signing in and out: what the sign-in page, the second step's page and the logout route call.
 *
 * - `signIn`: the password step, with remix-auth's FormStrategy. Attempts are throttled before the
 *   password is checked (./sign-in-limits.server.ts); a success sets the device cookie
 *   (./device-cookie.server.ts) that exempts this browser from the limits others can run up, and
 *   either makes the session or, with two-factor sign-in on, holds the sign-in for the second step
 *   (./two-factor.server.ts).
 * - `completeTwoFactor`: the second step, a code from the authenticator app or a recovery code.
 * - `signOut`: ends the session.
 * Every sign-in outcome is logged (./sign-in-log.server.ts): a success or a wrong password or code
 * of an existing account in the audit trail, an unknown e-mail or a refused attempt in the bounded
 * table of refused sign-ins.
 */
import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { loginSchema } from "~/forms/schemas";
import { adminTranslator, englishAdminT, type AdminTranslate } from "~/i18n/admin";
import { deleteExpiredSessions } from "~/models/auth/admin-session.server";
import { findAdminById, findAdminForLogin, type AdminUser } from "~/models/auth/admin-user.server";
import {
  claimTotpStep,
  getTwoFactorState,
  isRecoveryCodeUnused,
  redeemRecoveryCode,
} from "~/models/auth/two-factor.server";
import { signInLanguage, staffTranslator } from "../admin-i18n.server";
import { clientAddressOf } from "../audit.server";
import { readFormData } from "../form-data.server";
import { log } from "../log.server";
import { unseal } from "../secret-box.server";
import { redirectWithToast, toastCookie } from "../toast-cookie.server";
import { safeRedirect } from "./auth.server";
import { commitDeviceCookie, trustedDeviceFor } from "./device-cookie.server";
import { dummyPasswordHash, verifyPassword } from "./password.server";
import { createAdminSession, destroyAdminSession, getSessionUser } from "./session.server";
import { recordSuccessfulLogin, takeLoginAttempt } from "./sign-in-limits.server";
import { logSignIn } from "./sign-in-log.server";
import {
  forgiveCodeAttempts,
  hashRecoveryCode,
  heldSignIn,
  holdSignIn,
  isRecoveryCodeShaped,
  releaseSignIn,
  restoreHeldSignIn,
  spendHeldSignIn,
  takeCodeAttempt,
  verifyTotp,
} from "./two-factor.server";

/**
 * A refused step, for the page to show: `message` in the sign-in page's language, the HTTP
 * `status` (401 wrong, 403 disabled, 429 too many) and its `headers` (Retry-After, in seconds,
 * for a throttled password step).
 */
export type SignInRefusal = { ok: false; status: 401 | 403 | 429; message: string; headers?: Record<string, string> };

/** A step passed: the redirect onwards, carrying the cookies it set (session, device, held sign-in). */
type SignInPassed = { ok: true; response: Response };

/** Thrown by the form strategy when the e-mail or password is wrong; `accountId`: the account the e-mail names, if any. */
class InvalidCredentialsError extends Error {
  constructor(readonly accountId: number | null = null) {
    super("Invalid credentials");
    this.name = "InvalidCredentialsError";
  }
}

/** Thrown by the form strategy when the e-mail and password are right but the owner disabled the account. */
class DisabledAccountError extends Error {
  constructor(readonly accountId: number) {
    super("Account disabled");
    this.name = "DisabledAccountError";
  }
}

const authenticator = new Authenticator<AdminUser>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const parsed = loginSchema(englishAdminT).safeParse(Object.fromEntries(form));
    if (!parsed.success) throw new InvalidCredentialsError();
    return verifyLogin(parsed.data.email, parsed.data.password);
  }),
  "form",
);

/**
 * The admin with this e-mail (case-insensitive) and password.
 * @throws {InvalidCredentialsError} when either is wrong; the time taken does not reveal which.
 * @throws {DisabledAccountError} when both are right but the account is disabled.
 */
async function verifyLogin(email: string, password: string): Promise<AdminUser> {
  const user = await findAdminForLogin(email);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !ok) throw new InvalidCredentialsError(user?.id ?? null);
  // Said only to someone who knows the password: it reveals nothing to a guesser.
  if (user.disabled) throw new DisabledAccountError(user.id);
  const { passwordHash: _hash, disabled: _disabled, ...signedIn } = user;
  return signedIn;
}

/**
 * The password step of signing in, from the sign-in form (`email`, `password`, `redirectTo`) of
 * `request`; `context` is the route's load context (the client address).
 * @returns passed: a redirect to `redirectTo` (an admin path, else /admin/products) with the session
 *   and device cookies, or, with two-factor sign-in on, to /admin/two-factor with the held sign-in
 *   (no session yet). Refused, with `email` as typed: 429 with Retry-After when a limit refuses the
 *   attempt (before the password is checked), 401 for a wrong e-mail or password (the message never
 *   says which), 403 for a disabled account.
 * @throws whatever the database, the limiters or the form reading throw (a 400 for a broken body).
 */
export async function signIn(
  request: Request,
  context: unknown,
): Promise<SignInPassed | (SignInRefusal & { email: string })> {
  const form = await readFormData(request.clone());
  const t = adminTranslator(await signInLanguage(request));
  const email = String(form.get("email") ?? "");
  const redirectTo = safeRedirect(form.get("redirectTo"));
  const address = clientAddressOf(context);
  const device = await trustedDeviceFor(request, email);
  const attempt = { address, email, device };
  const seen = { email, address, device: device !== null };

  const verdict = await takeLoginAttempt(attempt);
  if (!verdict.allowed) {
    const retryAfter = Math.ceil(verdict.waitMs / 1000);
    await logSignIn("locked-out", { ...seen, limit: verdict.limit, retryAfter });
    const message = tooManyMessage(verdict.waitMs, t);
    return { ok: false, status: 429, message, email, headers: { "Retry-After": String(retryAfter) } };
  }
  let user: AdminUser;
  try {
    user = await authenticator.authenticate("form", request);
  } catch (error) {
    if (error instanceof InvalidCredentialsError) {
      const account = error.accountId ?? undefined;
      await logSignIn("failed", { ...seen, reason: "invalid-credentials", account });
      return { ok: false, status: 401, message: t("admin.login.invalidDetail"), email };
    }
    if (error instanceof DisabledAccountError) {
      await logSignIn("failed", { ...seen, reason: "disabled", account: error.accountId });
      return { ok: false, status: 403, message: t("admin.login.disabled"), email };
    }
    throw error;
  }
  await recordSuccessfulLogin(attempt, verdict);
  // With two-factor sign-in on, the password only opens the second step: no session yet.
  if (user.twoFactor) {
    const held = await holdSignIn(user.id, redirectTo);
    return { ok: true, response: redirect("/admin/two-factor", { headers: { "Set-Cookie": held } }) };
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await createAdminSession(request, user.id));
  headers.append("Set-Cookie", await commitDeviceCookie(user.email));
  await logSignIn("succeeded", { ...seen, user: user.id });
  void deleteExpiredSessions().catch((error: unknown) => log.error({ err: error }, "Deleting expired sessions failed"));
  return { ok: true, response: redirect(redirectTo, { headers }) };
}

/** The 429 message for a wait of `waitMs` milliseconds: "up to a minute", else whole minutes rounded up. */
function tooManyMessage(waitMs: number, t: AdminTranslate): string {
  if (waitMs <= 60_000) return t("admin.login.tooManyShort");
  return t("admin.login.tooMany", { minutes: Math.ceil(waitMs / 60_000) });
}

/** Whether the request carries a sign-in held by the password step (unused, under 5 minutes old). */
export async function hasHeldSignIn(request: Request): Promise<boolean> {
  return (await heldSignIn(request)) !== null;
}

/**
 * The second step of signing in, from the code form (`code`) of `request`: the six-digit code of
 * the authenticator app (one step either side of now, each code once) or an unused recovery code,
 * at most 5 wrong ones in 5 minutes (20 a day) per account. The held sign-in is used up before the
 * code is, so the same cookie (or a copy of it) sends anyone back to the sign-in page afterwards,
 * and of two requests with one cookie only the one that signs in uses up its code; a wrong code
 * leaves the held sign-in until it expires. If the owner turned the account's two-factor sign-in
 * off meanwhile, the password was enough.
 * @returns passed: the session made as the password step alone would have, and a redirect to where
 *   the sign-in was going, or, after a recovery code, to /admin/account#two-factor with a message
 *   saying how many are left. Refused: 401 for a wrong code, 429 past the code limits.
 * @throws {Response} a redirect to /admin/login without a held sign-in (or when another request
 *   used it up first, or the account is gone or disabled), dropping the held sign-in's cookie.
 */
export async function completeTwoFactor(request: Request, context: unknown): Promise<SignInPassed | SignInRefusal> {
  const held = await heldSignIn(request);
  if (!held) throw redirect("/admin/login");
  const t = adminTranslator(await signInLanguage(request));
  const code = String((await readFormData(request)).get("code") ?? "").trim();
  const user = await findAdminById(held.userId);
  if (!user || user.disabled) {
    throw redirect("/admin/login", { headers: { "Set-Cookie": await releaseSignIn() } });
  }
  const seen = { email: user.email, address: clientAddressOf(context), device: false };
  const wrongCode = async (): Promise<SignInRefusal> => {
    await logSignIn("failed", { ...seen, reason: "wrong-code", account: user.id });
    return { ok: false, status: 401, message: t("admin.twoFactor.wrong") };
  };
  if (!(await takeCodeAttempt(user.id))) {
    await logSignIn("locked-out", { ...seen, limit: "two-factor" });
    return { ok: false, status: 429, message: t("admin.twoFactor.tooMany") };
  }
  const way = await findWayIn(user.id, code);
  if (!way) return wrongCode();
  // The held sign-in is spent by one delete in the database (of two requests with one cookie, on
  // one server process or two, only one gets past this), and only then is the code used up; a code
  // taken meanwhile gives the held sign-in back.
  if (!(await spendHeldSignIn(held))) {
    throw redirect("/admin/login", { headers: { "Set-Cookie": await releaseSignIn() } });
  }
  let usedUp = false;
  try {
    usedUp = await way.spend();
  } finally {
    if (!usedUp) await restoreHeldSignIn(held);
  }
  if (!usedUp) return wrongCode();
  await forgiveCodeAttempts(user.id);
  await logSignIn("succeeded", { ...seen, user: user.id, reason: way.method });
  const cookies: [string, string][] = [
    ["Set-Cookie", await createAdminSession(request, user.id)],
    ["Set-Cookie", await commitDeviceCookie(user.email)],
    ["Set-Cookie", await releaseSignIn()],
  ];
  if (way.method === "recovery-code") {
    const left = (await getTwoFactorState(user.id)).recoveryCodesLeft;
    const toast = { kind: "info", message: t("admin.twoFactor.recoveryUsed", { count: left }) } as const;
    return {
      ok: true,
      response: await redirectWithToast(request, "/admin/account#two-factor", toast, { headers: cookies }),
    };
  }
  return { ok: true, response: redirect(held.redirectTo, { headers: new Headers(cookies) }) };
}

/**
 * How `code` lets `userId` in, checked without using anything up: `method` for the records and
 * `spend`, which uses the code up (false when another request took it first); null when the code
 * is wrong. With two-factor sign-in turned off meanwhile, any code passes and nothing is spent.
 */
async function findWayIn(
  userId: number,
  code: string,
): Promise<{ method: "code" | "recovery-code"; spend: () => Promise<boolean> } | null> {
  const state = await getTwoFactorState(userId);
  const secret = state.secretSealed ? unseal(state.secretSealed) : null;
  if (!state.enabled || !secret) return { method: "code", spend: () => Promise.resolve(true) };
  if (isRecoveryCodeShaped(code)) {
    const codeHash = hashRecoveryCode(code);
    if (!(await isRecoveryCodeUnused(userId, codeHash))) return null;
    return { method: "recovery-code", spend: () => redeemRecoveryCode(userId, codeHash) };
  }
  const step = verifyTotp(secret, code, state.lastStep);
  return step === null ? null : { method: "code", spend: () => claimTotpStep(userId, step) };
}

/**
 * Signing out: deletes the request's session (if any) and clears its cookie. Needs no session.
 * @returns the redirect to /admin/login that says "logged out" in the staff member's language
 *   (English without a session).
 */
export async function signOut(request: Request): Promise<Response> {
  const user = await getSessionUser(request);
  const t = staffTranslator(user ?? { language: "en" });
  const headers = new Headers();
  headers.append("Set-Cookie", await destroyAdminSession(request));
  headers.append("Set-Cookie", await toastCookie(request, { kind: "info", message: t("admin.loggedOut") }));
  return redirect("/admin/login", { headers });
}
