/**
 * Staff-facing words for a failed bKash request (./payment-error.ts), in the staff member's language.
 * bKash's own code and words are added as it said them.
 */
import type { AdminTranslate } from "~/i18n/admin";
import { PaymentError } from "./payment-error";

/** The message for `error` in the staff member's language; null when it is not a payment failure (rethrow it). */
export function paymentFailure(error: unknown, t: AdminTranslate): string | null {
  if (!(error instanceof PaymentError)) return null;
  switch (error.kind) {
    case "unreachable":
      return t("admin.payments.unreachable");
    case "timeout":
      return t("admin.payments.timeout");
    case "unauthorised":
      return t("admin.payments.keysRefused");
    case "redirected":
      return t("admin.payments.redirected");
    case "refused":
    case "bad-answer":
      return t("admin.payments.refused", { message: error.message });
  }
}
