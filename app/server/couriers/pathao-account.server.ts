/**
 * The shop's Pathao account (docs/decisions/066-pathao.md): its keys (client id and secret,
 * username and password), sealed as Steadfast's are (../secret-box.server.ts; the client secret in
 * `apiKeySealed`, the password in `secretSealed`), its store, its tokens (sealed in `tokenSealed`,
 * shared by every request and node through a compare and set), the client made from them, and what
 * the owner's courier page does with them, each with its message and its line in the audit trail.
 */
import { getEnv } from "~/config/env.server";
import type { AdminUser } from "~/models/auth/admin-user.server";
import {
  deleteCourierAccountRow,
  getCourierAccountRow,
  saveCourierAccountRow,
  saveCourierSettingsRow,
  swapCourierTokenRow,
} from "~/models/orders/courier.server";
import type { Toast } from "~/utils/toast-message";
import { staffTranslator } from "../admin-i18n.server";
import { audit } from "../audit.server";
import { seal, unseal } from "../secret-box.server";
import { CourierError } from "./courier";
import { courierFailure } from "./messages.server";
import {
  pathaoCourier,
  type PathaoClient,
  type PathaoStore,
  type PathaoTokens,
  type PathaoTokenStore,
} from "./pathao.server";

/** Pathao, as orders, history rows and the account row name it. */
export const PATHAO = "pathao" as const;

/** What Pathao's keys are made of, as the owner types them. */
export type PathaoKeys = { clientId: string; clientSecret: string; username: string; password: string };

/** The account's settings that are not secret (CourierAccount.settings). */
type PathaoSettings = { clientId: string; username: string; storeId: number | null; storeName: string };

/** The settings in a row's JSON; empty ones for a row that holds none (or unreadable JSON). */
function settingsOf(json: string): PathaoSettings {
  let value: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(json);
    if (parsed && typeof parsed === "object") value = parsed as Record<string, unknown>;
  } catch {
    // none
  }
  const storeId = Number(value.storeId);
  return {
    clientId: typeof value.clientId === "string" ? value.clientId : "",
    username: typeof value.username === "string" ? value.username : "",
    storeId: Number.isInteger(storeId) && storeId > 0 ? storeId : null,
    storeName: typeof value.storeName === "string" ? value.storeName : "",
  };
}

/** Tokens from their sealed JSON; null when there are none or they cannot be opened. */
function tokensOf(row: { tokenSealed: string | null; tokenExpiresAt: Date | null } | null): PathaoTokens | null {
  const opened = row?.tokenSealed ? unseal(row.tokenSealed) : null;
  if (!opened || !row?.tokenExpiresAt) return null;
  try {
    const { accessToken, refreshToken } = JSON.parse(opened) as { accessToken?: unknown; refreshToken?: unknown };
    if (typeof accessToken !== "string" || typeof refreshToken !== "string") return null;
    return { accessToken, refreshToken, expiresAt: row.tokenExpiresAt };
  } catch {
    return null;
  }
}

const sealTokens = (tokens: PathaoTokens) => ({
  tokenSealed: seal(JSON.stringify({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken })),
  tokenExpiresAt: tokens.expiresAt,
});

/**
 * The saved account's tokens in the database. `write` stores new tokens only when the row still
 * holds the ones they replace (compare and set on the sealed text, ./pathao.server.ts
 * `PathaoTokenStore`); when another request or node stored a set first, that set is used, so two
 * refreshes at once leave one token in use (the other, also valid, is simply not kept).
 */
const databaseTokens: PathaoTokenStore = {
  async read() {
    return tokensOf(await getCourierAccountRow(PATHAO));
  },
  async write(tokens, replaced) {
    const row = await getCourierAccountRow(PATHAO);
    if (!row) return tokens; // the keys were removed meanwhile: use the tokens once, keep nothing
    const current = tokensOf(row);
    if (current && current.accessToken !== replaced?.accessToken && current.expiresAt > new Date()) return current;
    if (await swapCourierTokenRow(PATHAO, sealTokens(tokens), row.tokenSealed)) return tokens;
    return tokensOf(await getCourierAccountRow(PATHAO)) ?? tokens;
  },
};

/** Tokens kept in memory only: for keys being checked before they are saved. */
function memoryTokens(): PathaoTokenStore & { current: PathaoTokens | null } {
  const store = {
    current: null as PathaoTokens | null,
    async read() {
      return store.current;
    },
    async write(tokens: PathaoTokens) {
      store.current = tokens;
      return tokens;
    },
  };
  return store;
}

function client(keys: PathaoKeys, storeId: number | null, tokens: PathaoTokenStore): PathaoClient {
  const env = getEnv();
  return pathaoCourier({
    ...keys,
    storeId,
    tokens,
    baseUrl: env.PATHAO_BASE_URL,
    timeoutMs: env.COURIER_TIMEOUT_SECONDS * 1000,
  });
}

/** The saved account, opened: its keys and settings; null when none is saved or it cannot be opened. */
async function openAccount(): Promise<{ keys: PathaoKeys; settings: PathaoSettings } | null> {
  const row = await getCourierAccountRow(PATHAO);
  if (!row) return null;
  const settings = settingsOf(row.settings);
  const clientSecret = unseal(row.apiKeySealed);
  const password = unseal(row.secretSealed);
  if (!clientSecret || !password || !settings.clientId || !settings.username) return null;
  return { keys: { clientId: settings.clientId, clientSecret, username: settings.username, password }, settings };
}

/**
 * A client for the shop's Pathao account, or null when no keys are saved or they cannot be opened.
 * Without a chosen store it reads lists but creates no parcel.
 */
export async function shopPathao(): Promise<PathaoClient | null> {
  const account = await openAccount();
  return account ? client(account.keys, account.settings.storeId, databaseTokens) : null;
}

/** What a page may show about the Pathao account: never the secret, the password or the tokens. */
export type PathaoAccountSummary = {
  configured: boolean;
  /** The keys can be opened (false after SESSION_SECRET changed). */
  readable: boolean;
  /** The keys can be opened and a store is chosen: parcels can be sent. */
  ready: boolean;
  /** The client id's last 4 characters. */
  apiKeyHint: string;
  username: string;
  storeId: number | null;
  storeName: string;
  updatedAt: Date | null;
  updatedByEmail: string | null;
};

/** The Pathao account as a page may show it. */
export async function getPathaoAccountSummary(): Promise<PathaoAccountSummary> {
  const row = await getCourierAccountRow(PATHAO);
  if (!row) {
    return {
      configured: false,
      readable: false,
      ready: false,
      apiKeyHint: "",
      username: "",
      storeId: null,
      storeName: "",
      updatedAt: null,
      updatedByEmail: null,
    };
  }
  const settings = settingsOf(row.settings);
  const readable = unseal(row.apiKeySealed) !== null && unseal(row.secretSealed) !== null;
  return {
    configured: true,
    readable,
    ready: readable && settings.storeId !== null,
    apiKeyHint: row.apiKeyHint,
    username: settings.username,
    storeId: settings.storeId,
    storeName: settings.storeName,
    updatedAt: row.updatedAt,
    updatedByEmail: row.updatedByEmail,
  };
}

/**
 * Checks new keys with Pathao (a password grant, then its list of the merchant's stores) and saves
 * them sealed with the token just issued, as `admin` from the request whose load context is
 * `context`. The one active store is chosen by itself; with several, the page asks which
 * (`stores` in the answer). Keys Pathao refuses, or Pathao unreachable (the store cannot be read),
 * save nothing: `{ saved: false, formError }`. A failure that is not the courier's is thrown.
 */
export async function saveCheckedPathaoKeys(
  keys: PathaoKeys,
  admin: AdminUser,
  context: unknown,
): Promise<{ saved: true; toast: Toast } | { saved: false; formError: string }> {
  const t = staffTranslator(admin);
  const tokens = memoryTokens();
  let stores: PathaoStore[];
  try {
    const checking = client(keys, null, tokens);
    await checking.signIn();
    stores = (await checking.stores()).filter((store) => store.active);
  } catch (error) {
    if (!(error instanceof CourierError)) throw error;
    if (error.kind === "unauthorised") return { saved: false, formError: t("admin.pathao.keysRefused") };
    return { saved: false, formError: courierFailure(error, t, PATHAO) ?? t("error.generic") };
  }
  const only = stores.length === 1 ? stores[0]! : null;
  const settings: PathaoSettings = {
    clientId: keys.clientId,
    username: keys.username,
    storeId: only?.id ?? null,
    storeName: only?.name ?? "",
  };
  await saveCourierAccountRow(
    PATHAO,
    {
      apiKeySealed: seal(keys.clientSecret),
      secretSealed: seal(keys.password),
      apiKeyHint: keys.clientId.slice(-4),
      settings: JSON.stringify(settings),
      ...(tokens.current ? sealTokens(tokens.current) : { tokenSealed: null, tokenExpiresAt: null }),
    },
    admin,
  );
  await audit(context, admin, {
    action: "courier.keys-saved",
    subjectType: "settings",
    summary: `Pathao …${keys.clientId.slice(-4)}${only ? `, store ${only.id}` : ""}`,
  });
  if (only) return { saved: true, toast: { kind: "success", message: t("admin.pathao.saved", { store: only.name }) } };
  if (stores.length === 0) return { saved: true, toast: { kind: "info", message: t("admin.pathao.noStores") } };
  return { saved: true, toast: { kind: "info", message: t("admin.pathao.chooseStore") } };
}

/**
 * The merchant's active stores, for the page's store choice: read from Pathao with the saved keys;
 * `{ stores: [] , failure }` with the message when it cannot be read.
 */
export async function listPathaoStores(t: ReturnType<typeof staffTranslator>): Promise<{
  stores: PathaoStore[];
  failure: string | null;
}> {
  const pathao = await shopPathao();
  if (!pathao) return { stores: [], failure: null };
  try {
    return { stores: (await pathao.stores()).filter((store) => store.active), failure: null };
  } catch (error) {
    const message = courierFailure(error, t, PATHAO);
    if (message === null) throw error;
    return { stores: [], failure: message };
  }
}

/**
 * Chooses the store parcels are picked up from: `storeId` must be one of the merchant's active
 * stores as Pathao lists them now. Returns the toast; records the choice in the audit trail.
 */
export async function choosePathaoStore(storeId: number, admin: AdminUser, context: unknown): Promise<Toast> {
  const t = staffTranslator(admin);
  const account = await openAccount();
  if (!account) return { kind: "error", message: t("admin.pathao.noAccount") };
  const { stores, failure } = await listPathaoStores(t);
  if (failure) return { kind: "error", message: failure };
  const store = stores.find((candidate) => candidate.id === storeId);
  if (!store) return { kind: "error", message: t("admin.pathao.storeGone") };
  const settings: PathaoSettings = { ...account.settings, storeId: store.id, storeName: store.name };
  await saveCourierSettingsRow(PATHAO, JSON.stringify(settings), admin);
  await audit(context, admin, {
    action: "courier.keys-saved",
    subjectType: "settings",
    summary: `Pathao, store ${store.id}`,
  });
  return { kind: "success", message: t("admin.pathao.storeChosen", { store: store.name }) };
}

/** Checks the saved keys by reading the stores: the toast names the chosen store, or says why it failed. */
export async function checkPathaoAccount(admin: AdminUser): Promise<Toast> {
  const t = staffTranslator(admin);
  const account = await openAccount();
  if (!account) return { kind: "error", message: t("admin.pathao.noAccount") };
  const { stores, failure } = await listPathaoStores(t);
  if (failure) return { kind: "error", message: failure };
  const store = stores.find((candidate) => candidate.id === account.settings.storeId);
  return store
    ? { kind: "success", message: t("admin.pathao.checked", { store: store.name }) }
    : { kind: "info", message: t("admin.pathao.chooseStore") };
}

/** Forgets the Pathao keys and tokens and records it; orders already sent keep their consignments. */
export async function removePathaoAccount(admin: AdminUser, context: unknown): Promise<Toast> {
  await deleteCourierAccountRow(PATHAO);
  await audit(context, admin, { action: "courier.keys-removed", subjectType: "settings", summary: "Pathao" });
  return { kind: "success", message: staffTranslator(admin)("admin.pathao.removed") };
}
