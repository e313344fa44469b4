/**
 * bKash's Tokenized Checkout API, version v1.2.0-beta (https://developer.bka.sh/docs: "Token
 * Management Overview", "Create Payment", "Execute Payment", "Query Payment", "Search Transaction",
 * "Refund Transaction"), as a small typed client. Base URLs: sandbox
 * https://tokenized.sandbox.bka.sh/v1.2.0-beta, live https://tokenized.pay.bka.sh/v1.2.0-beta.
 *
 * - POST /tokenized/checkout/token/grant: headers `username`, `password`; body `app_key`,
 *   `app_secret` → `id_token`, `refresh_token`, `expires_in` (seconds, 3600 in the documents).
 * - POST /tokenized/checkout/token/refresh: the same headers; body `app_key`, `app_secret`,
 *   `refresh_token` → a new `id_token` (and `refresh_token`).
 * - Every other call carries `Authorization: <id_token>` and `X-APP-Key: <app_key>`:
 *   /tokenized/checkout/create (`mode` "0011", `payerReference`, `callbackURL`, `amount` as taka
 *   with two decimals, `currency` "BDT", `intent` "sale", `merchantInvoiceNumber` → `paymentID`,
 *   `bkashURL`), /tokenized/checkout/execute and /tokenized/checkout/payment/status (`paymentID` →
 *   `transactionStatus`, `trxID`, `amount`), /tokenized/checkout/general/searchTransaction (`trxID`),
 *   /tokenized/checkout/payment/refund (`paymentID`, `trxID`, `amount`, `sku`, `reason` → `refundTrxID`).
 *
 * An answer is a success when its `statusCode` is "0000"; an error carries `statusCode` and
 * `statusMessage` (older answers `errorCode` and `errorMessage`), HTTP 200 or not. Codes haat reads
 * (bKash's error-code list, developer.bka.sh "Error Codes"): 2001 invalid app key, 2023 insufficient
 * balance, 2029 duplicate for the transaction, 2056 invalid payment state, 2062 the payment has already
 * been completed, 2117 payment execution already been called before (both: ask the status instead).
 *
 * Keys and tokens travel in headers and bodies only; they are never logged and no error message
 * holds them. Redirects are never followed (`redirect: "manual"`), as for the courier.
 */
import { PaymentError } from "./payment-error";

/** bKash's sandbox and live API roots. */
export const BKASH_SANDBOX_URL = "https://tokenized.sandbox.bka.sh/v1.2.0-beta";
export const BKASH_LIVE_URL = "https://tokenized.pay.bka.sh/v1.2.0-beta";

/** bKash's codes haat acts on (see the module's comment). */
export const BKASH_CODES = {
  success: "0000",
  invalidAppKey: "2001",
  insufficientBalance: "2023",
  duplicate: "2029",
  invalidPaymentState: "2056",
  alreadyCompleted: "2062",
  alreadyExecuted: "2117",
} as const;

/** How long one request may take before it is given up, in ms (bKash's pages suggest 30 s). */
const DEFAULT_TIMEOUT_MS = 30_000;

/** A merchant's tokenized-checkout credentials, from bKash's onboarding. */
export type BkashKeys = { username: string; password: string; appKey: string; appSecret: string };

/** The keys and where to reach bKash (`baseUrl`: a root such as BKASH_SANDBOX_URL; tests: a local server). */
export type BkashConfig = BkashKeys & { baseUrl: string; timeoutMs?: number };

/** A granted (or refreshed) token: `expiresIn` in seconds. */
export type BkashToken = { idToken: string; refreshToken: string; expiresIn: number };

/** A payment's state as execute and the status query tell it; `amountPaisa` null when bKash gave none. */
export type BkashPaymentState = {
  paymentID: string;
  /** "Completed", "Initiated", "Failed", "Cancelled", "Expired", …: bKash's own word. */
  transactionStatus: string;
  trxID: string | null;
  amountPaisa: number | null;
};

/** What haat asks bKash for when it creates a payment. */
export type BkashCreateRequest = {
  amountPaisa: number;
  /** Where bKash sends the shopper back, with ?paymentID=…&status=success|failure|cancel appended. */
  callbackURL: string;
  /** Our invoice for the payment (unique per payment). */
  merchantInvoiceNumber: string;
  /** Who pays, as the merchant knows them (the order's phone). */
  payerReference: string;
};

/** A refund bKash made. */
export type BkashRefund = { refundTrxID: string; amountPaisa: number };

/** Paisa as the taka string bKash takes: two decimals ("150.00"). */
function bkashAmount(paisa: number): string {
  return (Math.round(paisa) / 100).toFixed(2);
}

/** bKash's taka amount ("150", "150.00", 150) in paisa, or null when it is not one. */
function paisaFromBkash(amount: unknown): number | null {
  const text = typeof amount === "number" ? String(amount) : typeof amount === "string" ? amount.trim() : "";
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}

/** The bKash client for one merchant account: each call is one request; tokens are the caller's to keep. */
export type BkashClient = ReturnType<typeof bkashClient>;

/** A client for the merchant account `config`. Every method throws a `PaymentError` when bKash does not succeed. */
export function bkashClient(config: BkashConfig) {
  const baseUrl = config.baseUrl.replace(/\/+$/, "");
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call(
    path: string,
    headers: Record<string, string>,
    payload: unknown,
  ): Promise<Record<string, unknown>> {
    const url = `${baseUrl}${path}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(timeoutMs),
        // Never follow: the keys and the token would go with the request to wherever it points.
        redirect: "manual",
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === "TimeoutError") {
        throw new PaymentError(`bKash did not answer ${path} within ${timeoutMs / 1000} s.`, "timeout");
      }
      throw new PaymentError("bKash could not be reached.", "unreachable");
    }
    if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) {
      await response.body?.cancel();
      throw new PaymentError(
        `bKash's address answered ${path} with a redirect (HTTP ${response.status}).`,
        "redirected",
      );
    }
    let json: unknown = null;
    try {
      json = JSON.parse(await response.text());
    } catch {
      // reported below
    }
    const answer = json && typeof json === "object" ? (json as Record<string, unknown>) : null;
    const code = answer ? String(answer.statusCode ?? answer.errorCode ?? "") : "";
    const words = answer ? String(answer.statusMessage ?? answer.errorMessage ?? answer.message ?? "") : "";
    if (response.status === 401 || response.status === 403 || code === BKASH_CODES.invalidAppKey) {
      throw new PaymentError(
        `bKash refused the shop's keys${words ? `: ${words}` : ""}.`,
        "unauthorised",
        code || null,
      );
    }
    if (!answer)
      throw new PaymentError(
        `bKash answered ${path} with something that is not JSON (HTTP ${response.status}).`,
        "bad-answer",
      );
    if (code && code !== BKASH_CODES.success) {
      throw new PaymentError(`bKash refused ${path}: ${code} ${words}`.trim(), "refused", code);
    }
    if (!response.ok)
      throw new PaymentError(`bKash refused ${path}: HTTP ${response.status} ${words}`.trim(), "refused");
    return answer;
  }

  const keyHeaders = () => ({ username: config.username, password: config.password });
  const tokenHeaders = (idToken: string) => ({ Authorization: idToken, "X-APP-Key": config.appKey });

  const token = (answer: Record<string, unknown>): BkashToken => {
    const expiresIn = Number(answer.expires_in);
    if (typeof answer.id_token !== "string" || !answer.id_token || !Number.isFinite(expiresIn)) {
      throw new PaymentError("bKash's token answer has no id_token or expires_in.", "bad-answer");
    }
    const refreshToken = typeof answer.refresh_token === "string" ? answer.refresh_token : "";
    return { idToken: answer.id_token, refreshToken, expiresIn };
  };

  const paymentState = (answer: Record<string, unknown>, paymentID: string): BkashPaymentState => {
    if (typeof answer.transactionStatus !== "string") {
      throw new PaymentError("bKash's answer has no transactionStatus.", "bad-answer");
    }
    return {
      paymentID: typeof answer.paymentID === "string" ? answer.paymentID : paymentID,
      transactionStatus: answer.transactionStatus,
      trxID: typeof answer.trxID === "string" && answer.trxID ? answer.trxID : null,
      amountPaisa: paisaFromBkash(answer.amount),
    };
  };

  return {
    /** A new token from the keys (Grant Token). */
    async grantToken(): Promise<BkashToken> {
      return token(
        await call("/tokenized/checkout/token/grant", keyHeaders(), {
          app_key: config.appKey,
          app_secret: config.appSecret,
        }),
      );
    },

    /** A new id_token from a refresh token (Refresh Token); the refresh token is kept when bKash gives none. */
    async refreshToken(refreshToken: string): Promise<BkashToken> {
      const fresh = token(
        await call("/tokenized/checkout/token/refresh", keyHeaders(), {
          app_key: config.appKey,
          app_secret: config.appSecret,
          refresh_token: refreshToken,
        }),
      );
      return { ...fresh, refreshToken: fresh.refreshToken || refreshToken };
    },

    /** Creates a payment (Create Payment): its paymentID and the page to send the shopper to. */
    async createPayment(
      idToken: string,
      request: BkashCreateRequest,
    ): Promise<{ paymentID: string; bkashURL: string }> {
      const answer = await call("/tokenized/checkout/create", tokenHeaders(idToken), {
        mode: "0011",
        payerReference: request.payerReference,
        callbackURL: request.callbackURL,
        amount: bkashAmount(request.amountPaisa),
        currency: "BDT",
        intent: "sale",
        merchantInvoiceNumber: request.merchantInvoiceNumber,
      });
      if (
        typeof answer.paymentID !== "string" ||
        typeof answer.bkashURL !== "string" ||
        !/^https?:\/\//.test(answer.bkashURL)
      ) {
        throw new PaymentError("bKash's create answer has no paymentID or bkashURL.", "bad-answer");
      }
      return { paymentID: answer.paymentID, bkashURL: answer.bkashURL };
    },

    /** Finalises a payment the shopper approved (Execute Payment). */
    async executePayment(idToken: string, paymentID: string): Promise<BkashPaymentState> {
      return paymentState(await call("/tokenized/checkout/execute", tokenHeaders(idToken), { paymentID }), paymentID);
    },

    /** A payment's state (Query Payment). */
    async paymentStatus(idToken: string, paymentID: string): Promise<BkashPaymentState> {
      return paymentState(
        await call("/tokenized/checkout/payment/status", tokenHeaders(idToken), { paymentID }),
        paymentID,
      );
    },

    /** A transaction by its trxID (Search Transaction): its status and amount. */
    async searchTransaction(
      idToken: string,
      trxID: string,
    ): Promise<{ transactionStatus: string; amountPaisa: number | null }> {
      const answer = await call("/tokenized/checkout/general/searchTransaction", tokenHeaders(idToken), { trxID });
      return { transactionStatus: String(answer.transactionStatus ?? ""), amountPaisa: paisaFromBkash(answer.amount) };
    },

    /** Gives `amountPaisa` of a completed payment back to the shopper's wallet (Refund Transaction). */
    async refund(
      idToken: string,
      request: { paymentID: string; trxID: string; amountPaisa: number; sku: string; reason: string },
    ): Promise<BkashRefund> {
      const answer = await call("/tokenized/checkout/payment/refund", tokenHeaders(idToken), {
        paymentID: request.paymentID,
        trxID: request.trxID,
        amount: bkashAmount(request.amountPaisa),
        sku: request.sku.slice(0, 255),
        reason: request.reason.slice(0, 255),
      });
      if (typeof answer.refundTrxID !== "string" || !answer.refundTrxID) {
        throw new PaymentError("bKash's refund answer has no refundTrxID.", "bad-answer");
      }
      return { refundTrxID: answer.refundTrxID, amountPaisa: paisaFromBkash(answer.amount) ?? request.amountPaisa };
    },
  };
}
