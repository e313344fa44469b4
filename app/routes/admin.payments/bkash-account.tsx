import { Form } from "@remix-run/react";
import { AdminCheckbox, AdminField, FormAlert } from "~/components/admin/form-field";
import { SubmitButton } from "~/components/admin/submit-button";
import { KEY_HINT_MARK, SavedKeys } from "~/components/admin/saved-keys";
import type { FormRefusal } from "~/forms/refusal";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { usePending } from "~/hooks/use-pending";
import { formatShopDateTime } from "~/i18n/format-date";

/** The bKash keys form's fields. */
export type KeyField = "username" | "password" | "appKey" | "appSecret";

/** A refused keys save (400): the messages, and the username and sandbox box as typed (never a secret). */
export type KeysRefusal = FormRefusal<KeyField, { username: string; sandbox: boolean }>;

/** The account as the page may show it (app/server/payments/bkash-account.server.ts `BkashAccountSummary`, serialised). */
type Summary = {
  configured: boolean;
  readable: boolean;
  sandbox: boolean;
  appKeyHint: string;
  updatedAt: string | Date | null;
  updatedByEmail: string | null;
};

/** The saved bKash account (check, remove) and the form that adds or replaces its keys. */
export function BkashAccount({ account, refusal }: { account: Summary; refusal: KeysRefusal | null }) {
  const t = useAdminT();
  const lang = useAdminLang();
  const saving = usePending({ intent: "save", state: "submitting" });
  const field = (name: KeyField, label: string) => (
    <AdminField
      name={name}
      label={label}
      hint={t("admin.payments.keyHint")}
      // Keys are written, never read back: the browser is not offered them to remember.
      type={name === "username" ? "text" : "password"}
      autoComplete="off"
      spellCheck={false}
      maxLength={300}
      required
      inputClassName="font-mono"
      defaultValue={name === "username" ? (refusal?.values.username ?? "") : ""}
      error={refusal?.fieldErrors[name]}
    />
  );
  return (
    <section
      aria-labelledby="bkash-title"
      className="space-y-4 rounded-lg border border-stone-200 bg-white p-5"
      data-testid="bkash-account"
    >
      <h2 id="bkash-title" className="text-lg font-semibold">
        {t("admin.payments.bkashTitle")}
      </h2>
      {account.configured ? (
        <SavedKeys
          sentence={t("admin.payments.savedKey", { hint: KEY_HINT_MARK })}
          hint={account.appKeyHint}
          extra={
            <span className="block font-medium">
              {account.sandbox ? t("admin.payments.modeSandbox") : t("admin.payments.modeLive")}
            </span>
          }
          savedBy={
            account.updatedAt
              ? t("admin.payments.savedBy", {
                  email: account.updatedByEmail ?? "—",
                  when: formatShopDateTime(new Date(account.updatedAt), lang),
                })
              : null
          }
          unreadable={account.readable ? null : t("admin.payments.unreadable")}
          labels={{
            check: t("admin.payments.check"),
            checking: t("admin.payments.checking"),
            remove: t("admin.payments.remove"),
          }}
        />
      ) : (
        <p data-testid="bkash-none">{t("admin.payments.none")}</p>
      )}

      {/* A new form after each save: the keys typed are never left in the page. */}
      <Form
        key={account.updatedAt ? String(account.updatedAt) : "none"}
        method="post"
        noValidate
        className="space-y-4 border-t border-stone-200 pt-4"
      >
        <h3 className="font-semibold">
          {account.configured ? t("admin.payments.replaceTitle") : t("admin.payments.addTitle")}
        </h3>
        <input type="hidden" name="intent" value="save" />
        <FormAlert
          message={refusal ? (refusal.formError ?? t("admin.payments.fixErrors")) : undefined}
          refusal={refusal}
        />
        {field("username", t("admin.payments.username"))}
        {field("password", t("admin.payments.password"))}
        {field("appKey", t("admin.payments.appKey"))}
        {field("appSecret", t("admin.payments.appSecret"))}
        <AdminCheckbox
          name="sandbox"
          label={t("admin.payments.sandbox")}
          hint={t("admin.payments.sandboxHint")}
          defaultChecked={refusal ? refusal.values.sandbox : account.configured ? account.sandbox : true}
        />
        <SubmitButton pending={saving} pendingLabel={t("admin.payments.saving")} look="primary-small">
          {t("admin.payments.save")}
        </SubmitButton>
      </Form>
    </section>
  );
}
