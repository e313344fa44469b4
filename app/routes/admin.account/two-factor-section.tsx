import { Form } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { FormRefusal } from "~/forms/refusal";
import { useAdminT } from "~/hooks/use-admin-t";
import { usePending } from "~/hooks/use-pending";
import { Notice } from "./notice";
import { SubmitButton } from "~/components/admin/submit-button";

/**
 * A refused two-factor form (400, or 429 past the password checks): its one message as
 * `formError`, and the code typed into the set-up form, kept for its next try unless it was the
 * wrong one (never the password).
 */
export type TwoFactorRefusal = FormRefusal<never, { code?: string }>;

/** The answers of the two-factor forms: a refusal, or the new recovery codes, shown once. */
export type TwoFactorAnswer = TwoFactorRefusal | { recoveryCodes: string[] };

/** The two-factor part of the account page: off (set up), being set up (QR code, confirm), or on. */
export function TwoFactorSection({
  state,
  answer,
}: {
  state: {
    enabled: boolean;
    recoveryCodesLeft: number;
    required: boolean;
    setup: { secret: string; qrDataUri: string } | null;
  };
  answer: TwoFactorAnswer | undefined;
}) {
  const t = useAdminT();
  const busy = usePending({ intent: (intent) => intent.startsWith("two-factor"), state: "submitting" });
  const error = answer && "formError" in answer ? (answer.formError ?? null) : null;
  const typedCode = answer && "values" in answer ? (answer.values.code ?? "") : "";
  const codes = answer && "recoveryCodes" in answer ? answer.recoveryCodes : null;
  // After a refusal the password boxes are emptied (a page without JavaScript renders them empty).
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!error) return;
    section.current?.querySelectorAll<HTMLInputElement>('input[type="password"]').forEach((input) => {
      input.value = "";
    });
  }, [answer, error]);
  const errorLine = error ? (
    <p role="alert" id="two-factor-error" className="text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null;
  const passwordForm = (intent: "two-factor-codes" | "two-factor-off", label: string, danger: boolean) => (
    <Form method="post" className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value={intent} />
      <div>
        <label htmlFor={`${intent}-password`} className="block text-sm font-medium">
          {t("admin.account.currentPassword")}
        </label>
        <input
          id={`${intent}-password`}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          maxLength={1024}
          className="mt-1 block rounded-md border border-stone-300 px-3 py-2"
        />
      </div>
      <button
        type="submit"
        disabled={busy}
        className={`rounded-md border px-3 py-2 font-medium disabled:opacity-60 ${
          danger ? "border-red-300 text-red-700 hover:bg-red-50" : "border-stone-300 hover:bg-stone-50"
        }`}
      >
        {label}
      </button>
    </Form>
  );

  return (
    <section
      ref={section}
      id="two-factor"
      aria-labelledby="two-factor-title"
      className="space-y-4 rounded-lg border border-stone-200 bg-white p-5"
    >
      <h2 id="two-factor-title" className="text-lg font-semibold">
        {t("admin.twoFactor.sectionTitle")}
      </h2>
      {state.required && !state.enabled ? (
        <Notice testId="two-factor-required">{t("admin.twoFactor.required")}</Notice>
      ) : null}
      {codes ? (
        <div className="space-y-2 rounded-md border border-green-300 bg-green-50 p-4" data-testid="recovery-codes">
          <p className="font-medium">{t("admin.twoFactor.codesTitle")}</p>
          <p className="text-sm">{t("admin.twoFactor.codesHint")}</p>
          <ul className="grid grid-cols-2 gap-1 font-mono text-base sm:grid-cols-5">
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {state.enabled ? (
        <>
          <p data-testid="two-factor-state">{t("admin.twoFactor.on", { count: state.recoveryCodesLeft })}</p>
          {errorLine}
          {passwordForm("two-factor-codes", t("admin.twoFactor.newCodes"), false)}
          {state.required ? null : passwordForm("two-factor-off", t("admin.twoFactor.turnOff"), true)}
        </>
      ) : state.setup ? (
        <div className="space-y-3">
          <p>{t("admin.twoFactor.scan")}</p>
          <img
            src={state.setup.qrDataUri}
            alt={t("admin.twoFactor.qrAlt")}
            width={200}
            height={200}
            className="h-48 w-48 border border-stone-200 bg-white"
          />
          <p className="text-sm">
            {t("admin.twoFactor.typeInstead")}{" "}
            <code className="break-all rounded bg-stone-100 px-1 font-mono" data-testid="totp-secret">
              {state.setup.secret}
            </code>
          </p>
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="two-factor-confirm" />
            <div>
              <label htmlFor="two-factor-code" className="block text-sm font-medium">
                {t("admin.twoFactor.code")}
              </label>
              <input
                id="two-factor-code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                maxLength={20}
                defaultValue={typedCode}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "two-factor-error" : undefined}
                className="mt-1 block w-40 rounded-md border border-stone-300 px-3 py-2 tracking-widest"
              />
            </div>
            <div>
              <label htmlFor="two-factor-confirm-password" className="block text-sm font-medium">
                {t("admin.account.currentPassword")}
              </label>
              <input
                id="two-factor-confirm-password"
                name="currentPassword"
                type="password"
                autoComplete="current-password"
                required
                maxLength={1024}
                aria-describedby={error ? "two-factor-error" : undefined}
                className="mt-1 block rounded-md border border-stone-300 px-3 py-2"
              />
            </div>
            <SubmitButton pending={busy}>{t("admin.twoFactor.confirm")}</SubmitButton>
          </Form>
          {errorLine}
        </div>
      ) : (
        <>
          <p data-testid="two-factor-state">{t("admin.twoFactor.off")}</p>
          <Form method="post">
            <input type="hidden" name="intent" value="two-factor-start" />
            <SubmitButton pending={busy}>{t("admin.twoFactor.setUp")}</SubmitButton>
          </Form>
        </>
      )}
    </section>
  );
}
