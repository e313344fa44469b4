/**
 * The courier page's Pathao account (docs/decisions/066-pathao.md): the saved keys (the client
 * id's last 4 characters and the username; the secret and password are never shown back), the
 * pickup store and its choice, "Refresh Pathao's places", and the form for new keys; and the
 * default courier's choice when both couriers are ready. Plain forms: they work without JavaScript.
 */
import { Form, Link } from "@remix-run/react";
import { KEY_HINT_MARK, KeysForm, SavedKeys } from "~/components/admin/saved-keys";
import { SubmitButton } from "~/components/admin/submit-button";
import type { FormRefusal } from "~/forms/refusal";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { usePending } from "~/hooks/use-pending";
import { formatShopDateTime } from "~/i18n/format-date";
import { courierDisplayName } from "~/rules/courier-names";

/** A refused Pathao save (400): the messages, and the client id and username as typed. */
export type PathaoRefusal = FormRefusal<
  "clientId" | "clientSecret" | "username" | "password",
  { clientId: string; username: string }
> & { pathao: true };

/** The Pathao account as the page's loader gives it (see getPathaoAccountSummary). */
type PathaoAccount = {
  configured: boolean;
  readable: boolean;
  ready: boolean;
  apiKeyHint: string;
  username: string;
  storeId: number | null;
  storeName: string;
  updatedAt: string | Date | null;
  updatedByEmail: string | null;
};

/** The Pathao card and its key form; `stores` is the store choice when the loader read it. */
export function PathaoAccountSection({
  account,
  stores,
  problem,
}: {
  account: PathaoAccount;
  stores: { stores: { id: number; name: string; address: string }[]; failure: string | null } | null;
  problem: PathaoRefusal | undefined;
}) {
  const t = useAdminT();
  const lang = useAdminLang();
  const choosing = usePending({ intent: "pathao-store", state: "submitting" });
  const refreshing = usePending({ intent: "pathao-places", state: "submitting" });
  const secretHint = t("admin.pathao.secretHint");
  return (
    <>
      <div className="rounded-lg border border-stone-200 bg-white p-5" data-testid="pathao-account">
        <h2 className="text-lg font-semibold">Pathao</h2>
        {account.configured ? (
          <SavedKeys
            intentPrefix="pathao-"
            sentence={t("admin.pathao.savedKey", { hint: KEY_HINT_MARK, username: account.username })}
            hint={account.apiKeyHint}
            savedBy={
              account.updatedAt
                ? t("admin.courier.savedBy", {
                    email: account.updatedByEmail ?? "—",
                    when: formatShopDateTime(new Date(account.updatedAt), lang),
                  })
                : null
            }
            extra={
              <span className="block" data-testid="pathao-store">
                {account.storeId !== null
                  ? t("admin.pathao.storeLine", { store: account.storeName })
                  : t("admin.pathao.noStoreChosen")}
              </span>
            }
            unreadable={account.readable ? null : t("admin.courier.unreadable")}
            labels={{
              check: t("admin.courier.check"),
              checking: t("admin.courier.checking"),
              remove: t("admin.courier.remove"),
            }}
          />
        ) : (
          <p className="mt-2" data-testid="pathao-none">
            {t("admin.pathao.none")}
          </p>
        )}

        {stores ? (
          stores.failure ? (
            <p role="alert" className="mt-4 text-red-800">
              {stores.failure}
            </p>
          ) : stores.stores.length > 0 ? (
            <Form method="post" className="mt-4 space-y-2">
              <input type="hidden" name="intent" value="pathao-store" />
              <h3 className="font-medium">{t("admin.pathao.storeTitle")}</h3>
              <label className="block text-sm">
                {t("admin.pathao.storeLabel")}
                <select
                  name="storeId"
                  defaultValue={account.storeId ?? stores.stores[0]!.id}
                  className="mt-1 block min-h-11 w-full rounded-md border border-stone-300 bg-white px-3 py-2"
                  data-testid="pathao-store-choice"
                >
                  {stores.stores.map((store) => (
                    <option key={store.id} value={store.id}>
                      {store.name}
                      {store.address ? ` — ${store.address}` : ""}
                    </option>
                  ))}
                </select>
              </label>
              <SubmitButton pending={choosing} look="secondary">
                {t("admin.pathao.useStore")}
              </SubmitButton>
            </Form>
          ) : null
        ) : account.ready ? (
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Link
              to="/admin/courier?stores=1"
              className="inline-flex min-h-11 items-center text-sm font-medium text-amber-800 underline"
            >
              {t("admin.pathao.changeStore")}
            </Link>
            <Form method="post">
              <input type="hidden" name="intent" value="pathao-places" />
              <SubmitButton pending={refreshing} pendingLabel={t("admin.pathao.refreshingPlaces")} look="secondary">
                {t("admin.pathao.refreshPlaces")}
              </SubmitButton>
            </Form>
          </div>
        ) : null}
      </div>

      <KeysForm
        account={account}
        titles={{ add: t("admin.pathao.addTitle"), replace: t("admin.pathao.replaceTitle") }}
        intent="pathao-save"
        refusal={problem}
        fixErrors={t("admin.pathao.fixErrors")}
        fields={[
          { name: "clientId", label: t("admin.pathao.clientId") },
          { name: "clientSecret", label: t("admin.pathao.clientSecret"), hint: secretHint, password: true },
          { name: "username", label: t("admin.pathao.username"), hint: t("admin.pathao.usernameHint"), plain: true },
          { name: "password", label: t("admin.pathao.password"), hint: secretHint, password: true },
        ]}
        kept={problem?.values}
        idPrefix="pathao-"
        submit={{ label: t("admin.pathao.save"), saving: t("admin.courier.saving") }}
      />
    </>
  );
}

/** The default courier's choice, when Steadfast and Pathao are both ready. */
export function DefaultCourierForm({ ready, defaultCourier }: { ready: string[]; defaultCourier: string | null }) {
  const t = useAdminT();
  const saving = usePending({ intent: "default-courier", state: "submitting" });
  return (
    <Form method="post" className="space-y-3 rounded-lg border border-stone-200 bg-white p-5">
      <input type="hidden" name="intent" value="default-courier" />
      <fieldset>
        <legend className="text-lg font-semibold">{t("admin.pathao.defaultTitle")}</legend>
        <p className="text-sm text-stone-600">{t("admin.pathao.defaultHint")}</p>
        <div className="mt-2 flex flex-wrap gap-4">
          {ready.map((courier) => (
            <label key={courier} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="courier"
                value={courier}
                defaultChecked={courier === defaultCourier}
                className="h-5 w-5"
              />
              {courierDisplayName(courier)}
            </label>
          ))}
        </div>
      </fieldset>
      <SubmitButton pending={saving} look="secondary">
        {t("admin.pathao.defaultSave")}
      </SubmitButton>
    </Form>
  );
}
