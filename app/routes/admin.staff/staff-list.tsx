import { Form } from "@remix-run/react";
import { AdminTable } from "~/components/admin/admin-table";
import { ROW_ACTION, ROW_ACTION_DESTRUCTIVE } from "~/components/admin/catalogue-row-actions";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { formatShopDateTime } from "~/i18n/format-date";
import type { StaffAccount } from "~/models/auth/staff.server";

/**
 * Every account (a table, one card per account on a phone) with its role, state (active, must
 * choose a password, disabled), two-factor sign-in and when it was last seen; for each account but
 * the owner's own, disable or enable it and, with two-factor sign-in on, reset that with the
 * owner's password.
 */
export function StaffList({ accounts, ownerId }: { accounts: StaffAccount[]; ownerId: number }) {
  const t = useAdminT();
  const lang = useAdminLang();
  return (
    <AdminTable
      testId="staff-list"
      columns={[
        { label: t("admin.staff.colAccount") },
        { label: t("admin.staff.role") },
        { label: t("admin.staff.colState") },
        { label: t("admin.staff.colTwoFactor") },
        { label: t("admin.staff.colLastSeen") },
        { label: t("admin.staff.colActions"), srOnly: true },
      ]}
    >
      {accounts.map((account) => (
        <tr key={account.id} data-testid="staff-account">
          <td className="break-all px-4 py-3 font-semibold">
            <span translate="no">{account.email}</span>
            {account.id === ownerId ? ` ${t("admin.staff.you")}` : null}
          </td>
          <td className="px-4 py-3">
            {t(account.role === "owner" ? "admin.staff.roleOwner" : "admin.staff.roleStaff")}
          </td>
          <td className="px-4 py-3">
            <span data-testid="staff-state" className={account.disabledAt ? "font-medium text-red-700" : undefined}>
              {account.disabledAt
                ? t("admin.staff.statusDisabled")
                : account.mustChangePassword
                  ? t("admin.staff.statusMustChange")
                  : t("admin.staff.statusActive")}
            </span>
          </td>
          <td className="px-4 py-3">{t(account.twoFactor ? "admin.staff.twoFactorYes" : "admin.staff.twoFactorNo")}</td>
          <td className="px-4 py-3">
            {account.lastSeenAt ? (
              <time dateTime={account.lastSeenAt.toISOString()}>{formatShopDateTime(account.lastSeenAt, lang)}</time>
            ) : (
              t("admin.staff.notSignedIn")
            )}
          </td>
          <td className="px-4 py-3">{account.id === ownerId ? null : <AccountActions account={account} />}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

/**
 * The owner's forms for another account: reset its two-factor sign-in (when on) at the left, and
 * disable or enable it at the other end (Disable, the destructive one, in red).
 */
function AccountActions({ account }: { account: StaffAccount }) {
  const t = useAdminT();
  return (
    <div className="flex w-full flex-wrap items-end justify-between gap-x-6 gap-y-3 sm:justify-start">
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
            className="min-h-11 w-44 rounded-md border border-stone-300 px-2"
          />
          <button
            type="submit"
            aria-label={t("admin.staff.resetTwoFactorLabel", { email: account.email })}
            className={ROW_ACTION}
          >
            {t("admin.staff.resetTwoFactor")}
          </button>
        </Form>
      ) : null}
      <Form method="post" className="ml-auto sm:ml-0">
        <input type="hidden" name="intent" value={account.disabledAt ? "enable" : "disable"} />
        <input type="hidden" name="id" value={account.id} />
        <button
          type="submit"
          aria-label={t(account.disabledAt ? "admin.staff.enableLabel" : "admin.staff.disableLabel", {
            email: account.email,
          })}
          className={account.disabledAt ? ROW_ACTION : ROW_ACTION_DESTRUCTIVE}
        >
          {t(account.disabledAt ? "admin.staff.enable" : "admin.staff.disable")}
        </button>
      </Form>
    </div>
  );
}
