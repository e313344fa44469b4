/**
 * The checkout's one-time code step (docs/decisions/065-sms.md): when the shop's setting asks for a
 * code for the order's phone, Place order first sends a 6-digit code by SMS and draws the checkout
 * again with a code field; the order is placed when the right code comes back with it. The limits
 * and numbers are app/rules/checkout-code.ts's; the codes, app/models/sms/phone-verification.server.ts's.
 */
import type { CheckoutCodeStep } from "~/components/checkout-code-field";
import { localDigits } from "~/i18n/format";
import type { Lang } from "~/i18n/lang";
import { findBlockedPhone } from "~/models/orders/blocklist.server";
import { hasDeliveredOrder } from "~/models/orders/staff-order.server";
import { shopIdentity, type ShopSettings } from "~/models/settings.server";
import {
  checkCheckoutCode,
  codeSmsFailing,
  requestCheckoutCode,
  type CodeRequest,
} from "~/models/sms/phone-verification.server";
import { asksForCode, isCheckoutCodeMode, resendTime, secondsUntil, typedCode } from "~/rules/checkout-code";
import { normalizeBdMobile } from "~/rules/phone";
import { phoneVerifiedHere, rememberVerifiedPhone } from "~/server/cart/verified-phones-cookie.server";
import type { serverTranslator } from "~/server/i18n.server";
import { shopSmsGateway } from "~/server/sms/gateway-account.server";

/** What the checkout form shows of the code step (app/components/checkout-code-field.tsx). */
export type CodeStep = CheckoutCodeStep;

/**
 * The step's verdict: `place` the order (`setCookie`: the device now remembers the phone, when a
 * code was just typed right), or `ask` for the code, with the form's message (`formError`, "" when
 * none) and the step to draw (null: no code was sent, a limit stopped it).
 */
export type CodeGate =
  { place: true; setCookie: string | null } | { place: false; formError: string; step: CodeStep | null };

/** The code step of a posted checkout form whose answer is not the step's own: the field as typed, no message. */
export function postedCodeStep(form: FormData): CodeStep | undefined {
  const phone = normalizeBdMobile(String(form.get("codePhone") ?? ""));
  return phone
    ? { phone, typed: String(form.get("code") ?? ""), notice: null, error: null, resendInSeconds: null }
    : undefined;
}

/**
 * Decides whether the checkout `form` of `request` may place its order for `phone` (01XXXXXXXXX)
 * now, under the shop's `settings`. No code is asked when the setting is "off", when no SMS
 * gateway is set (or it cannot be used: a shop never loses orders to a missing gateway), when
 * codes are not reaching phones (`codeSmsFailing`: this phone's last code failed, or the shop's
 * last three did), when the setting is "new-phones" and the phone has an order delivered, when this browser proved the
 * phone before (./verified-phones-cookie), or when the phone is blocked (the order is refused
 * anyway: no SMS is spent on it). Otherwise:
 * - `resend` (the "Send a new code" button): a new code, unless the last was sent less than 60 s
 *   ago (the time left is said) or a limit is reached (the wait is said);
 * - the form showed the step for this phone (`codePhone`): the typed code is checked: right →
 *   `place`; empty, not 6 digits, wrong (a try counted), expired, tries used up or already used →
 *   the field's message;
 * - else (first Place order, or the phone was changed since the code was sent): a code is sent
 *   for this phone (none when one still live was sent less than 60 s ago), and the step is drawn.
 * Messages in `t`'s language `lang`; `address` is the client's address key (the per-address limit).
 * @throws the database's error when a read or write fails (the caller answers "failed").
 */
export async function checkoutCodeGate(options: {
  request: Request;
  form: FormData;
  phone: string;
  settings: ShopSettings;
  address: string;
  lang: Lang;
  t: ReturnType<typeof serverTranslator>;
  resend: boolean;
}): Promise<CodeGate> {
  const { request, form, phone, settings, address, lang, t, resend } = options;
  const mode = settings.checkoutCode;
  const pass = { place: true, setCookie: null } as const;
  if (!isCheckoutCodeMode(mode) || mode === "off") return pass;
  if (await phoneVerifiedHere(request, phone)) return pass;
  if (!asksForCode(mode, mode === "new-phones" && (await hasDeliveredOrder(phone)))) return pass;
  if (!(await shopSmsGateway())) return pass;
  // A gateway that stopped delivering (a refused key, no balance) must not lose the shop its orders.
  if (await codeSmsFailing(phone)) return pass;
  // A blocked phone is refused by the order's own check: no SMS is spent on it first.
  if (await findBlockedPhone(phone)) return pass;

  const shown = localDigits(phone, lang);
  const typed = String(form.get("code") ?? "");
  const stepShown = normalizeBdMobile(String(form.get("codePhone") ?? "")) === phone;
  // The step drawn again; the typed code is kept unless it was for another phone or a new code was sent.
  const ask = (
    formError: string,
    notice: string | null,
    error: string | null = null,
    keepTyped = stepShown,
    resendAt: Date | null = null,
  ) =>
    ({
      place: false,
      formError,
      step: {
        phone,
        typed: keepTyped ? typed : "",
        notice,
        error,
        resendInSeconds: resendAt ? secondsUntil(resendAt, new Date()) : null,
      },
    }) satisfies CodeGate;
  const refuse = (formError: string): CodeGate => ({ place: false, formError, step: null });
  const sent = t("checkout.codeSent", { phone: shown });
  const sendCode = () => requestCheckoutCode({ phone, address, lang, shopName: shopIdentity(settings, lang).name });
  const limitMessage = (answer: Extract<CodeRequest, { outcome: "limit" }>) =>
    t(answer.scope === "phone" ? "checkout.codeLimitPhone" : "checkout.codeLimitAddress", {
      phone: shown,
      minutes: Math.max(1, Math.ceil(secondsUntil(answer.retryAt, new Date()) / 60)),
      shopPhone: settings.phone,
    });

  if (resend) {
    const answer = await sendCode();
    if (answer.outcome === "sent") {
      return ask("", t("checkout.codeResent", { phone: shown }), null, false, resendTime(answer.sentAt));
    }
    if (answer.outcome === "wait") {
      const seconds = secondsUntil(answer.retryAt, new Date());
      return ask(t("checkout.codeResendIn", { seconds }), sent, null, stepShown, answer.retryAt);
    }
    return stepShown ? ask(limitMessage(answer), sent) : refuse(limitMessage(answer));
  }
  if (stepShown) {
    const fieldError = (message: string) => ask(t("checkout.formErrors"), sent, message);
    if (typed.trim() === "") return fieldError(t("checkout.codeRequired", { phone: shown }));
    const code = typedCode(typed);
    if (code === null) return fieldError(t("checkout.codeInvalid"));
    const check = await checkCheckoutCode(phone, code);
    switch (check.outcome) {
      case "verified":
        return { place: true, setCookie: await rememberVerifiedPhone(request, phone) };
      case "wrong":
        return fieldError(t("checkout.codeWrong", { tries: check.triesLeft }));
      case "expired":
        return fieldError(t("checkout.codeExpired"));
      case "tries-used":
        return fieldError(t("checkout.codeTriesUsed"));
      case "used":
        return fieldError(t("checkout.codeUsed"));
      case "none":
        return fieldError(t("checkout.codeNone", { phone: shown }));
    }
  }
  const answer = await sendCode();
  if (answer.outcome === "limit") return refuse(limitMessage(answer));
  return ask("", sent, null, stepShown, answer.outcome === "sent" ? resendTime(answer.sentAt) : answer.retryAt);
}
