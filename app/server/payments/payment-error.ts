/**
 * How a request to a payment provider (bKash's tokenized checkout so far) fails, in one typed error
 * the checkout, the job and the owner's pages can tell apart. Its `message` is safe to show to staff
 * and to write to the log: it names the provider's code and words, never a key or a token. What a
 * shopper is told is chosen from `kind` and `code` (`shopperReason`), never the provider's words.
 */

/** Why a request failed. */
export type PaymentErrorKind =
  /** The provider could not be reached (DNS, connection refused or reset). */
  | "unreachable"
  /** The provider did not answer within the time allowed: what it did is unknown. */
  | "timeout"
  /** The provider refused the shop's keys or token. */
  | "unauthorised"
  /** The provider answered with an error code for this request (see `code`). */
  | "refused"
  /** The provider's address answered with a redirect, which is never followed (the keys are headers). */
  | "redirected"
  /** The provider answered something that is not the documented answer. */
  | "bad-answer";

/** A failed request to a payment provider. */
export class PaymentError extends Error {
  /**
   * @param message staff-safe: the provider's code and words, never a key or token
   * @param kind why it failed
   * @param code the provider's own error code (bKash's `statusCode`/`errorCode`, e.g. "2056"), or null
   */
  constructor(
    message: string,
    readonly kind: PaymentErrorKind,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = "PaymentError";
  }
}

/**
 * What a shopper may be told about `error`, as a key of the shop's payment messages
 * (app/i18n/payment-messages.ts): the wallet's balance, a payment already made, or the provider being
 * out of reach; anything else is "failed" (the details are for staff, in the log and the payment's reason).
 */
export function shopperReason(error: unknown): "unavailable" | "insufficient" | "failed" {
  if (!(error instanceof PaymentError)) return "failed";
  if (error.kind === "unreachable" || error.kind === "timeout" || error.kind === "redirected") return "unavailable";
  if (error.code === "2023") return "insufficient";
  return "failed";
}
