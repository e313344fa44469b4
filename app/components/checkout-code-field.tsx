/**
 * The checkout's one-time code step (docs/decisions/065-sms.md): the code field and the "Send a
 * new code" button the checkout form shows once the server sent a code to the order's phone
 * (app/routes/_shop.cart/checkout-code.server.ts). Both are part of the checkout form, so every
 * field the shopper typed goes with either button and comes back as typed.
 */
import { useEffect, useRef } from "react";
import { useT } from "~/hooks/use-t";
import { describedBy, FieldHelp } from "./field-error";

/**
 * The step as the server drew it: the phone the code went to (01XXXXXXXXX; posted back as
 * `codePhone`, so a changed phone asks for a new code), the code as typed, a notice ("We sent a
 * 6-digit code to …") and the code field's message.
 */
export type CheckoutCodeStep = { phone: string; typed: string; notice: string | null; error: string | null };

const ID = "checkout-code";

/**
 * The code field: numeric keyboard, the phone's offer to fill it from the SMS
 * (autocomplete="one-time-code"), its hint and its message. With JavaScript it takes the focus
 * when `focus` (the step just appeared with no message of the form's to read first).
 */
export function CheckoutCodeField({ step, focus }: { step: CheckoutCodeStep; focus: boolean }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focus) input.current?.focus();
  }, [focus, step]);
  const hint = t("checkout.codeHint");
  const error = step.error ?? undefined;
  return (
    <div>
      <input type="hidden" name="codePhone" value={step.phone} />
      <label htmlFor={ID} className="block text-sm font-medium">
        {t("checkout.codeLabel")}
      </label>
      <input
        ref={input}
        id={ID}
        name="code"
        // The key: a new answer of the server refills the field with what it kept.
        key={`${step.phone}:${step.typed}:${step.error ?? ""}`}
        defaultValue={step.typed}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ID, hint, error)}
        className={`mt-1 min-h-11 w-full rounded-md border px-3 py-2 text-lg tracking-widest ${error ? "border-red-500" : "border-stone-300"}`}
      />
      <FieldHelp id={ID} hint={hint} error={error} />
    </div>
  );
}

/** "Send a new code": posts the form with `intent=resend-code` (the server refuses it within 60 s of the last code, saying how long is left). */
export function ResendCodeButton({ pending, disabled }: { pending: boolean; disabled: boolean }) {
  const t = useT();
  return (
    <button
      type="submit"
      name="intent"
      value="resend-code"
      disabled={pending || disabled}
      className="min-h-11 w-full rounded-md border border-stone-300 bg-white px-5 py-2 font-medium text-stone-800 hover:bg-stone-50 disabled:cursor-wait disabled:opacity-70"
    >
      {t("checkout.codeResend")}
    </button>
  );
}
