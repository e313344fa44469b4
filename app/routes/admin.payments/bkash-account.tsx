import { AdminCheckbox } from "~/components/admin/form-field";
import { KEY_HINT_MARK, KeysForm, SavedKeys } from "~/components/admin/saved-keys";
import type { FormRefusal } from "~/forms/refusal";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
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
  const hint = t("admin.payments.keyHint");
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

      <KeysForm
        account={account}
        titles={{ add: t("admin.payments.addTitle"), replace: t("admin.payments.replaceTitle") }}
        level={3}
        intent="save"
        refusal={refusal}
        fixErrors={t("admin.payments.fixErrors")}
        fields={[
          { name: "username", label: t("admin.payments.username"), hint },
          { name: "password", label: t("admin.payments.password"), hint, password: true },
          { name: "appKey", label: t("admin.payments.appKey"), hint, password: true },
          { name: "appSecret", label: t("admin.payments.appSecret"), hint, password: true },
        ]}
        kept={{ username: refusal?.values.username }}
        maxLength={300}
        submit={{ label: t("admin.payments.save"), saving: t("admin.payments.saving") }}
      >
        <AdminCheckbox
          name="sandbox"
          label={t("admin.payments.sandbox")}
          hint={t("admin.payments.sandboxHint")}
          defaultChecked={refusal ? refusal.values.sandbox : account.configured ? account.sandbox : true}
        />
      </KeysForm>
    </section>
  );
}
