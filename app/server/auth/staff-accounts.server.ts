/**
 * What the shop's owner does to the staff accounts (docs/decisions/033-staff-roles.md): add one,
 * disable or enable one, and reset someone's two-factor sign-in. The caller has checked that the
 * person is the owner (requireOwner). Each change is a row in the audit trail; messages are in the
 * owner's back-office language.
 */
import { findAdminById, type AdminUser, type StaffRole } from "~/models/auth/admin-user.server";
import type { MessageKey } from "~/i18n/admin";
import { getShopSettings } from "~/models/settings.server";
import { createStaffAccount, EmailTakenError, setAccountDisabled } from "~/models/auth/staff.server";
import { disableTwoFactor } from "~/models/auth/two-factor.server";
import { staffTranslator } from "../admin-i18n.server";
import { audit } from "../audit.server";
import { refusedPassword } from "./password-check.server";
import { hashPassword } from "./password.server";
import { passwordProblem, passwordProblemMessage } from "./password-policy.server";

/** What the owner's change did: done, with the account's e-mail, or refused with a message. */
type StaffChange = { ok: true; email: string } | { ok: false; message: string };

/**
 * Adds an account with `role` and a first password (checked by the password policy, not built from
 * the e-mail or the shop's name), which its holder must replace at their first sign-in.
 * `context` is the route's load context (the client address for the trail).
 * @returns `{ ok: true }`, or the refusal about `password` (the policy) or `email` (taken).
 */
export async function addStaffAccount(
  context: unknown,
  owner: AdminUser,
  { email, role, password }: { email: string; role: StaffRole; password: string },
): Promise<{ ok: true } | { ok: false; field: "email" | "password"; message: string }> {
  const t = staffTranslator(owner);
  const problem = await passwordProblem(password, [email, (await getShopSettings()).name]);
  if (problem) return { ok: false, field: "password", message: passwordProblemMessage(problem, t) };
  let id: number;
  try {
    id = await createStaffAccount({ email, role, passwordHash: await hashPassword(password) });
  } catch (error) {
    if (error instanceof EmailTakenError) return { ok: false, field: "email", message: t("admin.staff.emailTaken") };
    throw error;
  }
  await audit(context, owner, {
    action: "staff.added",
    subjectType: "staff",
    subjectId: id,
    summary: `${email} (${role})`,
  });
  return { ok: true };
}

/**
 * Turns off the two-factor sign-in of the account `id` (a lost phone), so it signs in with its
 * password and sets it up again, with the owner's own password (checked within the owner's
 * password-check limits: a wrong one is in the trail, past the limits the message says how long
 * to wait). Refused for the owner's own account, which is turned off on the account page.
 * @throws {Response} the redirect to the sign-in page when this was the session's fifth wrong password.
 */
export async function resetStaffTwoFactor(
  request: Request,
  context: unknown,
  owner: AdminUser,
  { id, currentPassword }: { id: number; currentPassword: string },
): Promise<StaffChange> {
  const t = staffTranslator(owner);
  if (id === owner.id) return { ok: false, message: t("admin.staff.resetOwnTwoFactor") };
  const refusal = await refusedPassword(request, context, owner, currentPassword, "two-factor-reset");
  if (refusal) return { ok: false, message: refusal.message };
  const account = await findAdminById(id);
  if (!account) return { ok: false, message: t("admin.staff.notFound") };
  await disableTwoFactor(id);
  await audit(context, owner, {
    action: "staff.two-factor-reset",
    subjectType: "staff",
    subjectId: id,
    summary: account.email,
  });
  return { ok: true, email: account.email };
}

/**
 * Disables the account `id` (`disabled`: true), which signs it out everywhere at once, or enables
 * it again. Refused for an unknown account, the owner's own, and the last enabled owner.
 */
export async function setStaffDisabled(
  context: unknown,
  owner: AdminUser,
  { id, disabled }: { id: number; disabled: boolean },
): Promise<StaffChange> {
  const t = staffTranslator(owner);
  const refusal = await setAccountDisabled(id, disabled, owner.id);
  if (refusal) {
    const message: Record<typeof refusal, MessageKey> = {
      "not-found": "admin.staff.notFound",
      self: "admin.staff.refusedSelf",
      "last-owner": "admin.staff.refusedLastOwner",
    };
    return { ok: false, message: t(message[refusal]) };
  }
  const email = (await findAdminById(id))?.email ?? "";
  await audit(context, owner, {
    action: disabled ? "staff.disabled" : "staff.enabled",
    subjectType: "staff",
    subjectId: id,
    summary: email,
  });
  return { ok: true, email };
}
