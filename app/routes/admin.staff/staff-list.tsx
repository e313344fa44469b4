import { Form } from "@remix-run/react";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { formatShopDateTime } from "~/i18n/format";
import type { StaffAccount } from "~/models/staff.server";

/**
 * Every account with its role, state (active, must choose a password, disabled), two-factor
 * sign-in and when it was last seen; for each account but the owner's own, disable or enable it
 * and, with two-factor sign-in on, reset that with the owner's password.
 */
export function StaffList({ accounts, ownerId }: { accounts: StaffAccount[]; ownerId: number }) {
  const t = useAdminT();
  const lang = useAdminLang();
  return (
    <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200 bg-white" data-testid="staff-list">
      {accounts.map((account) => {
        const state = account.disabledAt
          ? t("admin.staff.statusDisabled")
          : account.mustChangePassword
            ? t("admin.staff.statusMustChange")
            : t("admin.staff.statusActive");
        return (
          <li
            key={account.id}
            className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm"
            data-testid="staff-account"
          >
            <div className="min-w-0">
              <p className="break-all font-semibold">
                {account.email}
                {account.id === ownerId ? ` ${t("admin.staff.you")}` : null}
              </p>
              <p className="text-stone-600">
                {t(account.role === "owner" ? "admin.staff.roleOwner" : "admin.staff.roleStaff")} ·{" "}
                <span data-testid="staff-state" className={account.disabledAt ? "font-medium text-red-700" : undefined}>
                  {state}
                </span>{" "}
                {account.twoFactor ? `· ${t("admin.staff.twoFactorOn")} ` : null}·{" "}
                {account.lastSeenAt ? (
                  <>
                    {t("admin.staff.lastSeen")}{" "}
                    <time dateTime={account.lastSeenAt.toISOString()}>
                      {formatShopDateTime(account.lastSeenAt, lang)}
                    </time>
                  </>
                ) : (
                  t("admin.staff.notSignedIn")
                )}
              </p>
            </div>
            {account.id === ownerId ? null : <AccountActions account={account} />}
          </li>
        );
      })}
    </ul>
  );
}

/** The owner's forms for another account: reset its two-factor sign-in (when on), and disable or enable it. */
function AccountActions({ account }: { account: StaffAccount }) {
  const t = useAdminT();
  return (
    <div className="flex flex-wrap gap-2">
      {account.twoFactor ? (
        <Form method="post" className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="intent" value="reset-two-factor" />
          <input type="hidden" name="id" value={account.id} />
          <label htmlFor={`reset-password-${account.id}`} className="sr-only">
            {t("admin.staff.resetPasswordLabel", { email: account.email })}
          </label>
          <input
            id={`reset-password-${account.id}`}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            maxLength={1024}
            placeholder={t("admin.account.currentPassword")}
            className="w-44 rounded-md border border-stone-300 px-2 py-1.5"
          />
          <button
            type="submit"
            aria-label={t("admin.staff.resetTwoFactorLabel", { email: account.email })}
            className="rounded-md border border-stone-300 bg-white px-3 py-1.5 font-medium text-stone-900 hover:bg-stone-50"
          >
            {t("admin.staff.resetTwoFactor")}
          </button>
        </Form>
      ) : null}
      <Form method="post">
        <input type="hidden" name="intent" value={account.disabledAt ? "enable" : "disable"} />
        <input type="hidden" name="id" value={account.id} />
        <button
          type="submit"
          aria-label={t(account.disabledAt ? "admin.staff.enableLabel" : "admin.staff.disableLabel", {
            email: account.email,
          })}
          className={`rounded-md border px-3 py-1.5 font-medium ${
            account.disabledAt
              ? "border-stone-300 bg-white text-stone-900 hover:bg-stone-50"
              : "border-red-300 bg-white text-red-700 hover:bg-red-50"
          }`}
        >
          {t(account.disabledAt ? "admin.staff.enable" : "admin.staff.disable")}
        </button>
      </Form>
    </div>
  );
}
