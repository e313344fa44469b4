/**
 * The checkout's one-time code step (docs/decisions/065-sms.md): the code field and the "Send a
 * new code" button the checkout form shows once the server sent a code to the order's phone
 * (app/routes/_shop.cart/checkout-code.server.ts). Both are part of the checkout form, so every
 * field the shopper typed goes with either button and comes back as typed.
 */
import { useEffect, useRef, useState } from "react";
import { useT } from "~/hooks/use-t";
import { describedBy, FieldHelp } from "./field-error";

/**
 * The step as the server drew it: the phone the code went to (01XXXXXXXXX; posted back as
 * `codePhone`, so a changed phone asks for a new code), the code as typed, a notice ("We sent a
 * 6-digit code to …"), the code field's message, and the seconds until a new code may be asked
 * (null: not known, as after checking a typed code; the server refuses one too early anyway).
 */
export type CheckoutCodeStep = {
  phone: string;
  typed: string;
  notice: string | null;
  error: string | null;
  resendInSeconds: number | null;
};

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

/**
 * "Send a new code": posts the form with `intent=resend-code`; the server refuses it within 60 s of
 * the last code, saying how long is left. With JavaScript the button counts those seconds down
 * ("Send a new code in 42 s") and is disabled until then; the page as the server drew it (and
 * without JavaScript) has it enabled. The count starts again with each new `step`.
 */
export function ResendCodeButton({
  step,
  pending,
  disabled,
}: {
  step: CheckoutCodeStep;
  pending: boolean;
  disabled: boolean;
}) {
  const t = useT();
  const [left, setLeft] = useState(0);
  useEffect(() => {
    const wait = step.resendInSeconds ?? 0;
    if (wait <= 0) {
      setLeft(0);
      return;
    }
    const until = Date.now() + wait * 1000;
    const tick = () => setLeft(Math.max(0, Math.ceil((until - Date.now()) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [step]);
  return (
    <button
      type="submit"
      name="intent"
      value="resend-code"
      disabled={pending || disabled || left > 0}
      className="min-h-11 w-full rounded-md border border-stone-300 bg-white px-5 py-2 font-medium text-stone-800 hover:bg-stone-50 disabled:cursor-wait disabled:opacity-70"
    >
      {left > 0 ? t("checkout.codeResendWait", { seconds: left }) : t("checkout.codeResend")}
    </button>
  );
}
