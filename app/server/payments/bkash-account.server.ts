/**
 * The shop's bKash merchant account (docs/decisions/061-bkash-checkout.md): its four keys, sealed
 * before they are stored (../secret-box.server.ts), the sandbox switch, and the token every call
 * needs. A granted token is kept (sealed) in `PaymentAccount` until shortly before it expires, so
 * every process and node uses the same one; then it is refreshed, or granted again when the refresh
 * fails. What the owner's page does with the keys (save checked keys, check, forget) is here too,
 * each with its message and its line in the audit trail. A page may see `BkashAccountSummary` only.
 */
import { getEnv } from "~/config/env.server";
import type { AdminUser } from "~/models/auth/admin-user.server";
import {
  deletePaymentAccountRow,
  getPaymentAccountRow,
  savePaymentAccountRow,
  savePaymentToken,
} from "~/models/payments/payment-account.server";
import type { Toast } from "~/utils/toast-message";
import { staffTranslator } from "../admin-i18n.server";
import { audit } from "../audit.server";
import { seal, unseal } from "../secret-box.server";
import {
  BKASH_LIVE_URL,
  BKASH_SANDBOX_URL,
  bkashClient,
  type BkashClient,
  type BkashKeys,
  type BkashToken,
} from "./bkash.server";
import { PaymentError } from "./payment-error";
import { paymentFailure } from "./messages.server";

/** The provider name of bKash's row in `PaymentAccount`. */
const BKASH = "bkash";

/** A token is refreshed this long before bKash says it expires, in ms. */
const TOKEN_MARGIN_MS = 5 * 60_000;

/** What a page may show about the bKash account: never the keys. */
export type BkashAccountSummary = {
  configured: boolean;
  /** The saved keys can be opened (false after SESSION_SECRET changed: enter them again). */
  readable: boolean;
  sandbox: boolean;
  /** The app key's last 4 characters, "" when none is saved. */
  appKeyHint: string;
  updatedAt: Date | null;
  updatedByEmail: string | null;
};

/** The bKash account as a page may show it. */
export async function getBkashAccountSummary(): Promise<BkashAccountSummary> {
  const row = await getPaymentAccountRow(BKASH);
  if (!row) {
    return { configured: false, readable: false, sandbox: true, appKeyHint: "", updatedAt: null, updatedByEmail: null };
  }
  return {
    configured: true,
    readable: [row.usernameSealed, row.passwordSealed, row.appKeySealed, row.appSecretSealed].every(
      (s) => unseal(s) !== null,
    ),
    sandbox: row.sandbox,
    appKeyHint: row.appKeyHint,
    updatedAt: row.updatedAt,
    updatedByEmail: row.updatedByEmail,
  };
}

/** A client for `keys` on bKash's sandbox or live API (BKASH_BASE_URL instead when set). */
function clientFor(keys: BkashKeys, sandbox: boolean): BkashClient {
  const env = getEnv();
  return bkashClient({
    ...keys,
    baseUrl: env.BKASH_BASE_URL ?? (sandbox ? BKASH_SANDBOX_URL : BKASH_LIVE_URL),
    timeoutMs: env.BKASH_TIMEOUT_SECONDS * 1000,
  });
}

/**
 * The shop's bKash account with a valid token: each method is the client's (./bkash.server.ts)
 * without the token argument. A call bKash refuses as unauthorised with a kept token is tried once
 * more with a newly granted one (the token may have been revoked).
 */
export type BkashSession = {
  createPayment: (...args: DropToken<BkashClient["createPayment"]>) => ReturnType<BkashClient["createPayment"]>;
  executePayment: (...args: DropToken<BkashClient["executePayment"]>) => ReturnType<BkashClient["executePayment"]>;
  paymentStatus: (...args: DropToken<BkashClient["paymentStatus"]>) => ReturnType<BkashClient["paymentStatus"]>;
  searchTransaction: (
    ...args: DropToken<BkashClient["searchTransaction"]>
  ) => ReturnType<BkashClient["searchTransaction"]>;
  refund: (...args: DropToken<BkashClient["refund"]>) => ReturnType<BkashClient["refund"]>;
};
type DropToken<F> = F extends (token: string, ...rest: infer R) => unknown ? R : never;

/**
 * The shop's bKash account, or null when no keys are saved or they cannot be opened.
 * @throws {PaymentError} never here: token errors surface from the first call.
 */
export async function shopBkash(): Promise<BkashSession | null> {
  const row = await getPaymentAccountRow(BKASH);
  if (!row) return null;
  const keys = {
    username: unseal(row.usernameSealed),
    password: unseal(row.passwordSealed),
    appKey: unseal(row.appKeySealed),
    appSecret: unseal(row.appSecretSealed),
  };
  if (!keys.username || !keys.password || !keys.appKey || !keys.appSecret) return null;
  const client = clientFor(keys as BkashKeys, row.sandbox);
  let kept: { idToken: string; refreshToken: string | null; expiresAt: Date } | null = null;
  const idToken = row.idTokenSealed ? unseal(row.idTokenSealed) : null;
  if (idToken && row.tokenExpiresAt) {
    kept = {
      idToken,
      refreshToken: row.refreshTokenSealed ? unseal(row.refreshTokenSealed) : null,
      expiresAt: row.tokenExpiresAt,
    };
  }

  const keep = async (token: BkashToken): Promise<string> => {
    const expiresAt = new Date(Date.now() + token.expiresIn * 1000);
    kept = { idToken: token.idToken, refreshToken: token.refreshToken || null, expiresAt };
    await savePaymentToken(BKASH, {
      idTokenSealed: seal(token.idToken),
      refreshTokenSealed: seal(token.refreshToken),
      expiresAt,
    });
    return token.idToken;
  };
  const freshToken = async (): Promise<string> => {
    if (kept?.refreshToken) {
      try {
        return await keep(await client.refreshToken(kept.refreshToken));
      } catch (error) {
        if (!(error instanceof PaymentError)) throw error;
        // A refused or expired refresh token: grant a new one below.
      }
    }
    return keep(await client.grantToken());
  };
  const token = async (): Promise<string> =>
    kept && kept.expiresAt.getTime() - TOKEN_MARGIN_MS > Date.now() ? kept.idToken : freshToken();

  const withToken =
    <A extends unknown[], R>(method: (idToken: string, ...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const first = await token();
      try {
        return await method(first, ...args);
      } catch (error) {
        if (!(error instanceof PaymentError && error.kind === "unauthorised")) throw error;
        kept = null;
        await savePaymentToken(BKASH, null);
        return method(await keep(await client.grantToken()), ...args);
      }
    };

  return {
    createPayment: withToken(client.createPayment),
    executePayment: withToken(client.executePayment),
    paymentStatus: withToken(client.paymentStatus),
    searchTransaction: withToken(client.searchTransaction),
    refund: withToken(client.refund),
  };
}

/** Whether the shop can take bKash payments now (keys saved and readable): the pay button shows only then. */
export async function bkashConfigured(): Promise<boolean> {
  const summary = await getBkashAccountSummary();
  return summary.configured && summary.readable;
}

/**
 * Checks `keys` by granting a token on bKash's sandbox or live API (`sandbox`), then saves them
 * sealed, with the token, as `admin` from the request whose load context is `context`. Keys bKash
 * refuses, or any failure to reach it, save nothing: `{ saved: false, formError }` in the staff
 * member's language. A failure that is not bKash's is thrown.
 */
export async function saveCheckedBkashKeys(
  keys: BkashKeys,
  sandbox: boolean,
  admin: AdminUser,
  context: unknown,
): Promise<{ saved: true; toast: Toast } | { saved: false; formError: string }> {
  const t = staffTranslator(admin);
  let token: BkashToken;
  try {
    token = await clientFor(keys, sandbox).grantToken();
  } catch (error) {
    const message = paymentFailure(error, t);
    if (message === null) throw error;
    return { saved: false, formError: message };
  }
  const appKeyHint = keys.appKey.slice(-4);
  await savePaymentAccountRow(
    BKASH,
    {
      sandbox,
      usernameSealed: seal(keys.username),
      passwordSealed: seal(keys.password),
      appKeySealed: seal(keys.appKey),
      appSecretSealed: seal(keys.appSecret),
      appKeyHint,
    },
    admin,
  );
  await savePaymentToken(BKASH, {
    idTokenSealed: seal(token.idToken),
    refreshTokenSealed: seal(token.refreshToken),
    expiresAt: new Date(Date.now() + token.expiresIn * 1000),
  });
  await audit(context, admin, {
    action: "payments.keys-saved",
    subjectType: "settings",
    summary: `bKash …${appKeyHint}${sandbox ? " (sandbox)" : ""}`,
  });
  return { saved: true, toast: { kind: "success", message: t("admin.payments.saved") } };
}

/** Checks the saved keys by granting a new token: the toast says whether bKash accepted them. */
export async function checkBkashAccount(admin: AdminUser): Promise<Toast> {
  const t = staffTranslator(admin);
  const row = await getPaymentAccountRow(BKASH);
  const keys = row && {
    username: unseal(row.usernameSealed),
    password: unseal(row.passwordSealed),
    appKey: unseal(row.appKeySealed),
    appSecret: unseal(row.appSecretSealed),
  };
  if (!row || !keys || Object.values(keys).some((value) => !value))
    return { kind: "error", message: t("admin.payments.noAccount") };
  try {
    const token = await clientFor(keys as BkashKeys, row.sandbox).grantToken();
    await savePaymentToken(BKASH, {
      idTokenSealed: seal(token.idToken),
      refreshTokenSealed: seal(token.refreshToken),
      expiresAt: new Date(Date.now() + token.expiresIn * 1000),
    });
    return { kind: "success", message: t("admin.payments.checked") };
  } catch (error) {
    const message = paymentFailure(error, t);
    if (message === null) throw error;
    return { kind: "error", message };
  }
}

/** Forgets the bKash keys and token and records it; payments already made keep their rows. */
export async function removeBkashAccount(admin: AdminUser, context: unknown): Promise<Toast> {
  await deletePaymentAccountRow(BKASH);
  await audit(context, admin, { action: "payments.keys-removed", subjectType: "settings", summary: "bKash" });
  return { kind: "success", message: staffTranslator(admin)("admin.payments.removed") };
}
