/**
 * What a signed-in person does to their own account (the account page): change the password, see
 * and end their sessions, and set up, renew or turn off two-factor sign-in
 * (docs/decisions/034-two-factor-sign-in.md).
 *
 * Every change that could lock the person out, or let a thief keep the account, asks for the
 * current password again, checked within the session's and the account's password-check limits
 * (./password-check.server.ts: a trail row for a wrong one, the session ended after its fifth,
 * 429 with Retry-After past the account's ceiling). Each change is a row in the audit trail.
 * Messages are in the person's back-office language.
 */
import type { AdminUser } from "~/models/auth/admin-user.server";
import { getShopSettings } from "~/models/settings.server";
import { changeOwnPassword, listOwnSessions, revokeOwnSessions, type OwnSession } from "~/models/auth/staff.server";
import {
  disableTwoFactor,
  enableTwoFactor,
  getTwoFactorState,
  replaceRecoveryCodes,
  startTwoFactorSetup,
} from "~/models/auth/two-factor.server";
import { staffTranslator } from "../admin-i18n.server";
import { audit } from "../audit.server";
import { seal, unseal } from "../secret-box.server";
import { refusedPassword, type PasswordCheckPurpose, type PasswordRefusal } from "./password-check.server";
import { hashPassword } from "./password.server";
import { passwordProblem, passwordProblemMessage } from "./password-policy.server";
import { getSessionToken } from "./session.server";
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, totpEnrolment, verifyTotp } from "./two-factor.server";

/**
 * A refused change: `message`, in the person's language, about the form's field `field`; the
 * HTTP `status` (400, or 429 with `headers` Retry-After when the account's password checks are
 * used up).
 */
export type AccountRefusal<Field extends string> = PasswordRefusal & { ok: false; field: Field };

/** The account page's view of the account: its sessions and its two-factor sign-in. */
type OwnAccount = {
  /** The account's live sessions, the asking one marked `current`. */
  sessions: OwnSession[];
  twoFactor: {
    enabled: boolean;
    recoveryCodesLeft: number;
    /** The shop requires it of owners, and this is an owner. */
    required: boolean;
    /** While being set up (a secret stored, not yet confirmed): the key as text and its QR code (an SVG data: URI). */
    setup: { secret: string; qrDataUri: string } | null;
  };
};

/**
 * The account of `user` as its page shows it; the QR code names the shop as issuer.
 * @throws Prisma's error.
 */
export async function ownAccount(request: Request, user: AdminUser): Promise<OwnAccount> {
  const token = (await getSessionToken(request)) ?? "";
  const [sessions, twoFactor, settings] = await Promise.all([
    listOwnSessions(user.id, token),
    getTwoFactorState(user.id),
    getShopSettings(),
  ]);
  // Being set up: the QR code and the secret as text, shown until a code confirms them.
  const secret = !twoFactor.enabled && twoFactor.secretSealed ? unseal(twoFactor.secretSealed) : null;
  const enrolment = secret ? await totpEnrolment(secret, user.email, settings.name) : null;
  return {
    sessions,
    twoFactor: {
      enabled: twoFactor.enabled,
      recoveryCodesLeft: twoFactor.recoveryCodesLeft,
      required: user.role === "owner" && settings.requireOwnerTwoFactor,
      setup:
        secret && enrolment
          ? { secret, qrDataUri: `data:image/svg+xml;base64,${Buffer.from(enrolment.qrSvg).toString("base64")}` }
          : null,
    },
  };
}

/** `refusedPassword` as an AccountRefusal about the form's `currentPassword` field, or null when the password is right. */
async function currentPasswordRefusal(
  request: Request,
  context: unknown,
  user: AdminUser,
  password: string,
  purpose: PasswordCheckPurpose,
): Promise<AccountRefusal<"currentPassword"> | null> {
  const refusal = await refusedPassword(request, context, user, password, purpose);
  return refusal ? { ok: false, field: "currentPassword", ...refusal } : null;
}

/** A 400 refusal about `field`. */
const refuse = <Field extends string>(field: Field, message: string): AccountRefusal<Field> => ({
  ok: false,
  field,
  message,
  status: 400,
});

/**
 * Changes the password of `user`: checks `currentPassword` (within the password-check limits),
 * then `newPassword` against the password policy (not the current one, not too short, too long or
 * too common, not built from the e-mail or the shop's name); stores it, clears "must change
 * password", signs out every other session of the account and records it in the trail.
 * `context` is the route's load context (the client address for the trail).
 * @returns `{ ok: true }`, or the refusal about `currentPassword` or `newPassword`.
 * @throws {Response} the redirect to the sign-in page when this was the session's fifth wrong password.
 */
export async function changePassword(
  request: Request,
  context: unknown,
  user: AdminUser,
  { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
): Promise<{ ok: true } | AccountRefusal<"currentPassword" | "newPassword">> {
  const t = staffTranslator(user);
  const refusal = await currentPasswordRefusal(request, context, user, currentPassword, "password-change");
  if (refusal) return refusal;
  if (newPassword === currentPassword) return refuse("newPassword", t("admin.password.same"));
  const problem = await passwordProblem(newPassword, [user.email, (await getShopSettings()).name]);
  if (problem) return refuse("newPassword", passwordProblemMessage(problem, t));
  await changeOwnPassword(user.id, await hashPassword(newPassword), (await getSessionToken(request)) ?? "");
  await audit(context, user, { action: "account.password-changed", subjectType: "staff", subjectId: user.id });
  return { ok: true };
}

/**
 * Signs out one other session of `user` (`session`: its handle as the page lists it) or, with
 * "others", every session but the request's own.
 * @returns how many sessions were ended.
 */
export async function signOutOwnSessions(request: Request, user: AdminUser, session: string): Promise<number> {
  return revokeOwnSessions(user.id, session, (await getSessionToken(request)) ?? "");
}

/** Starts setting up two-factor sign-in for `user`: stores a new secret (sealed) to show. Nothing happens while it is on. */
export async function startTwoFactor(user: AdminUser): Promise<void> {
  const state = await getTwoFactorState(user.id);
  if (!state.enabled) await startTwoFactorSetup(user.id, seal(newTotpSecret()));
}

/**
 * Turns on the two-factor sign-in being set up, with the password (a stolen session must not be
 * able to lock its owner out) and a right `code` from the app; records it in the trail.
 * @returns the ten new recovery codes, to show this once; a refusal about `currentPassword`
 *   (empty, wrong, too many checks) or `code` (wrong); null when no set-up is under way (the page
 *   was stale).
 * @throws {Response} the redirect to the sign-in page when this was the session's fifth wrong password.
 */
export async function confirmTwoFactor(
  request: Request,
  context: unknown,
  user: AdminUser,
  { code, currentPassword }: { code: string; currentPassword: string },
): Promise<{ ok: true; recoveryCodes: string[] } | AccountRefusal<"currentPassword" | "code"> | null> {
  const t = staffTranslator(user);
  const state = await getTwoFactorState(user.id);
  const secret = !state.enabled && state.secretSealed ? unseal(state.secretSealed) : null;
  if (!secret) return null;
  if (currentPassword === "") return refuse("currentPassword", t("admin.password.required"));
  const refusal = await currentPasswordRefusal(request, context, user, currentPassword, "two-factor-setup");
  if (refusal) return refusal;
  const step = verifyTotp(secret, code, null);
  if (step === null) return refuse("code", t("admin.twoFactor.wrong"));
  const recoveryCodes = newRecoveryCodes();
  await enableTwoFactor(user.id, step, recoveryCodes.map(hashRecoveryCode));
  await audit(context, user, { action: "account.two-factor-on", subjectType: "staff", subjectId: user.id });
  return { ok: true, recoveryCodes };
}

/**
 * Replaces the recovery codes of `user`, with the password; records it in the trail.
 * @returns the ten new codes, to show this once; the password's refusal; null when two-factor
 *   sign-in is off (the page was stale).
 * @throws {Response} the redirect to the sign-in page when this was the session's fifth wrong password.
 */
export async function renewRecoveryCodes(
  request: Request,
  context: unknown,
  user: AdminUser,
  currentPassword: string,
): Promise<{ ok: true; recoveryCodes: string[] } | AccountRefusal<"currentPassword"> | null> {
  const refusal = await currentPasswordRefusal(request, context, user, currentPassword, "two-factor-codes");
  if (refusal) return refusal;
  if (!(await getTwoFactorState(user.id)).enabled) return null;
  const recoveryCodes = newRecoveryCodes();
  await replaceRecoveryCodes(user.id, recoveryCodes.map(hashRecoveryCode));
  await audit(context, user, { action: "account.recovery-codes-replaced", subjectType: "staff", subjectId: user.id });
  return { ok: true, recoveryCodes };
}

/**
 * Turns off the two-factor sign-in of `user`, with the password, unless the shop requires it of
 * owners and this is an owner; records it in the trail.
 * @throws {Response} the redirect to the sign-in page when this was the session's fifth wrong password.
 */
export async function turnOffTwoFactor(
  request: Request,
  context: unknown,
  user: AdminUser,
  currentPassword: string,
): Promise<{ ok: true } | AccountRefusal<"currentPassword" | "form">> {
  const refusal = await currentPasswordRefusal(request, context, user, currentPassword, "two-factor-off");
  if (refusal) return refusal;
  if (user.role === "owner" && (await getShopSettings()).requireOwnerTwoFactor) {
    return refuse("form", staffTranslator(user)("admin.twoFactor.requiredCannotTurnOff"));
  }
  await disableTwoFactor(user.id);
  await audit(context, user, { action: "account.two-factor-off", subjectType: "staff", subjectId: user.id });
  return { ok: true };
}
