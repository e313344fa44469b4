/**
 * The shop's courier account (docs/decisions/029-courier-hand-off.md): its keys, sealed before they
 * are stored (../secret-box.server.ts), the client made from them, and what the owner's courier page
 * does with them (save checked keys, check the saved ones, forget them), each with the message to
 * show and its line in the audit trail. What a page may show of the keys is `CourierAccountSummary`.
 * This is Steadfast's account; Pathao's is ./pathao-account.server.ts.
 */
import { getEnv } from "~/config/env.server";
import type { AdminUser } from "~/models/auth/admin-user.server";
import { deleteCourierAccountRow, getCourierAccountRow, saveCourierAccountRow } from "~/models/orders/courier.server";
import { formatMoney } from "~/rules/money";
import type { Toast } from "~/utils/toast-message";
import { staffLanguage, staffTranslator } from "../admin-i18n.server";
import { audit } from "../audit.server";
import { seal, unseal } from "../secret-box.server";
import { CourierError, type Courier } from "./courier";
import { courierFailure } from "./messages.server";
import { steadfastCourier } from "./steadfast.server";

/** Steadfast, as orders, history rows and the account row name it (the first courier haat knew). */
export const SHOP_COURIER = "steadfast" as const;

/** What a page may show about the shop's courier account: never the keys. */
export type CourierAccountSummary = {
  /** Keys are saved. */
  configured: boolean;
  /** The saved keys can be opened (false after SESSION_SECRET changed: enter them again). */
  readable: boolean;
  /** The API key's last 4 characters, "" when none is saved. */
  apiKeyHint: string;
  updatedAt: Date | null;
  updatedByEmail: string | null;
};

/** The Steadfast account as a page may show it. */
export async function getCourierAccountSummary(): Promise<CourierAccountSummary> {
  const row = await getCourierAccountRow(SHOP_COURIER);
  if (!row) return { configured: false, readable: false, apiKeyHint: "", updatedAt: null, updatedByEmail: null };
  return {
    configured: true,
    readable: unseal(row.apiKeySealed) !== null && unseal(row.secretSealed) !== null,
    apiKeyHint: row.apiKeyHint,
    updatedAt: row.updatedAt,
    updatedByEmail: row.updatedByEmail,
  };
}

/**
 * A client for the shop's Steadfast account, or null when no keys are saved or they cannot be
 * opened. `keys` instead of the saved ones checks keys before they are saved.
 */
export async function shopCourier(keys?: { apiKey: string; secretKey: string }): Promise<Courier | null> {
  let opened = keys ?? null;
  if (!opened) {
    const row = await getCourierAccountRow(SHOP_COURIER);
    const apiKey = row ? unseal(row.apiKeySealed) : null;
    const secretKey = row ? unseal(row.secretSealed) : null;
    opened = apiKey && secretKey ? { apiKey, secretKey } : null;
  }
  if (!opened) return null;
  const env = getEnv();
  return steadfastCourier({
    ...opened,
    baseUrl: env.STEADFAST_BASE_URL,
    timeoutMs: env.COURIER_TIMEOUT_SECONDS * 1000,
  });
}

/** Saves (or replaces) the keys, sealed, as changed by `admin`, and records it (never the keys). */
async function saveKeys(
  keys: { apiKey: string; secretKey: string },
  admin: AdminUser,
  context: unknown,
): Promise<void> {
  await saveCourierAccountRow(
    SHOP_COURIER,
    { apiKeySealed: seal(keys.apiKey), secretSealed: seal(keys.secretKey), apiKeyHint: keys.apiKey.slice(-4) },
    admin,
  );
  await audit(context, admin, {
    action: "courier.keys-saved",
    subjectType: "settings",
    summary: `Steadfast …${keys.apiKey.slice(-4)}`,
  });
}

/**
 * Checks new keys with a harmless call (the balance), then saves them sealed, as `admin` from the
 * request whose load context is `context`. Keys the courier refuses, or an address that answers
 * with a redirect, are not saved: `{ saved: false, formError }`, the message for the form. When the
 * courier cannot be reached (or answers something else unusable) the keys are saved and the toast
 * says they are not checked yet. A failure that is not the courier's is thrown.
 */
export async function saveCheckedCourierKeys(
  keys: { apiKey: string; secretKey: string },
  admin: AdminUser,
  context: unknown,
): Promise<{ saved: true; toast: Toast } | { saved: false; formError: string }> {
  const t = staffTranslator(admin);
  try {
    await (await shopCourier(keys))!.checkAccount();
  } catch (error) {
    if (!(error instanceof CourierError)) throw error;
    if (error.kind === "unauthorised") return { saved: false, formError: t("admin.courier.keysRefused") };
    if (error.kind === "redirected") {
      // Not the keys' fault, but not Steadfast answering either: nothing is saved until it does.
      return { saved: false, formError: courierFailure(error, t) ?? t("error.generic") };
    }
    await saveKeys(keys, admin, context);
    return { saved: true, toast: { kind: "info", message: t("admin.courier.savedUnchecked") } };
  }
  await saveKeys(keys, admin, context);
  return { saved: true, toast: { kind: "success", message: t("admin.courier.saved") } };
}

/**
 * Checks the saved keys with the same harmless call: the toast names the account's balance (in the
 * staff member's language), or says why it could not be read. A failure that is not the courier's
 * is thrown.
 */
export async function checkCourierAccount(admin: AdminUser): Promise<Toast> {
  const t = staffTranslator(admin);
  const courier = await shopCourier();
  if (!courier) return { kind: "error", message: t("admin.courier.noAccount") };
  try {
    const { balancePaisa } = await courier.checkAccount();
    const balance = formatMoney(balancePaisa ?? 0, { lang: staffLanguage(admin) });
    return { kind: "success", message: t("admin.courier.checked", { balance }) };
  } catch (error) {
    const message = courierFailure(error, t);
    if (message === null) throw error;
    return { kind: "error", message };
  }
}

/** Forgets the keys and records it; orders already sent keep their consignments. */
export async function removeCourierAccount(admin: AdminUser, context: unknown): Promise<Toast> {
  await deleteCourierAccountRow(SHOP_COURIER);
  await audit(context, admin, { action: "courier.keys-removed", subjectType: "settings", summary: "Steadfast" });
  return { kind: "success", message: staffTranslator(admin)("admin.courier.removed") };
}
