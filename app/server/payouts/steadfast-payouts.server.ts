/**
 * Steadfast's payments (its payouts to the shop) read from its merchant API v1 and recorded as
 * courier payouts (docs/decisions/067-courier-payouts.md), by the owner's button on the payouts
 * page and on the courier schedule.
 *
 * Endpoints: GET /payments (the account's payments) and GET /payments/{payment_id} (one payment with
 * the consignments it pays), as Steadfast's API documentation lists them ("Get Payments", "Get
 * Single Payment with Consignments"). The documentation gives no answer's shape; the fields read
 * here are the ones public SDKs read (github.com/shahria7k/steadfast-courier src/types/payment.ts:
 * a payment `{ id, amount, status, created_at, updated_at, consignments? }`, a consignment
 * `{ id, consignment_id, invoice, tracking_code, cod_amount, delivery_charge, status }`), taken
 * leniently: a list bare or under `data` (Laravel's paginator), a payment bare or under
 * `data`/`payment`, and a consignment's COD charge and paid amount when it gives them
 * (`cod_charge`, `payable_amount`/`paid_amount`), else 0 and collected − charges. A paginated list
 * is followed page by page through its `next_page_url` (at most MAX_PAYMENT_PAGES a read, and only
 * on the configured base URL's own host and path: the keys never go elsewhere).
 *
 * Pathao's merchant API documents no payments endpoint (its order info carries only an
 * `invoice_id`): Pathao's payouts come from its payment invoice file (./payout-import.server.ts).
 */
import { getEnv } from "~/config/env.server";
import { getCourierAccountRow } from "~/models/orders/courier.server";
import {
  PayoutTooLargeError,
  recordedReferences,
  recordPayout,
  type RecordPayoutOutcome,
} from "~/models/payouts/payouts.server";
import type { PayoutLine } from "~/rules/payout-csv";
import type { AdminTranslate } from "~/i18n/admin";
import { CourierError, NoCourierAccountError } from "../couriers/courier";
import { courierFailure } from "../couriers/messages.server";
import { log } from "../log.server";
import { STEADFAST_BASE_URL, steadfastRequest, type SteadfastConfig } from "../couriers/steadfast.server";
import { unseal } from "../secret-box.server";

/** A Steadfast payment as listed: its id and, when given, its amount in paisa and date. */
export type SteadfastPayment = { id: string; amountPaisa: number | null; paidAt: Date | null };

/** The most payments one read fetches in detail (the newest not yet recorded); the rest wait for the next read. */
const MAX_PAYMENTS_PER_READ = 20;

/**
 * The most pages of GET /payments one read follows. Steadfast's page size is not documented (Laravel's
 * default is 15): ten pages hold the payments of months, far more than a read records; payments
 * older than that are not read (a shop starts reading from its newest).
 */
const MAX_PAYMENT_PAGES = 10;

/** Taka (a number or a numeric string, as Laravel writes decimals) as paisa; null when it is not one. */
function paisaOf(value: unknown): number | null {
  const taka =
    typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  return Number.isFinite(taka) ? Math.round(taka * 100) : null;
}

/** A date Steadfast writes ("2026-11-21T07:05:31.000000Z" or "2026-11-21 13:05:31", Dhaka time); null when none. */
function dateOf(value: unknown): Date | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  const text = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(value.trim())
    ? `${value.trim().replace(" ", "T")}+06:00`
    : value.trim();
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The list in an answer: the answer itself, or under `data` (once or twice, as a paginator nests
 * it), with the `next_page_url` of the paginator holding it (null when there is none).
 */
function pageOf(answer: unknown): { rows: Record<string, unknown>[]; next: string | null } | null {
  let value = answer;
  let next: unknown = null;
  for (let depth = 0; depth < 3; depth++) {
    if (Array.isArray(value)) {
      const rows = value.filter((item): item is Record<string, unknown> => !!item && typeof item === "object");
      return { rows, next: typeof next === "string" && next !== "" ? next : null };
    }
    if (!value || typeof value !== "object") return null;
    next = (value as { next_page_url?: unknown }).next_page_url;
    value = (value as { data?: unknown }).data;
  }
  return null;
}

/** The list in an answer (`pageOf`'s rows); null when there is none. */
function listOf(answer: unknown): Record<string, unknown>[] | null {
  return pageOf(answer)?.rows ?? null;
}

/**
 * The path (after `baseUrl`, with its query) a paginator's `next_page_url` names, or null when it
 * points anywhere but under `baseUrl` on the same origin: the request carries the shop's keys, so
 * an answer naming another host (or scheme or port) is not followed.
 */
function nextPath(next: string, baseUrl: string): string | null {
  const base = new URL(baseUrl.replace(/\/+$/, ""));
  let url: URL;
  try {
    url = new URL(next, `${base.href}/`);
  } catch {
    return null;
  }
  if (url.origin !== base.origin || !url.pathname.startsWith(`${base.pathname}/`)) return null;
  return `${url.pathname.slice(base.pathname.length)}${url.search}`;
}

/** A client for the shop's saved Steadfast keys; null when none are saved or they cannot be opened. */
async function savedSteadfast(): Promise<SteadfastConfig | null> {
  const row = await getCourierAccountRow("steadfast");
  const apiKey = row ? unseal(row.apiKeySealed) : null;
  const secretKey = row ? unseal(row.secretSealed) : null;
  if (!apiKey || !secretKey) return null;
  const env = getEnv();
  return { apiKey, secretKey, baseUrl: env.STEADFAST_BASE_URL, timeoutMs: env.COURIER_TIMEOUT_SECONDS * 1000 };
}

/** Steadfast's payments reader for `config` (tests pass their local server's). */
export function steadfastPayouts(config: SteadfastConfig) {
  const call = steadfastRequest(config);
  return {
    /**
     * The account's payments as Steadfast lists them, the pages of a paginated list followed
     * (`next_page_url`, at most MAX_PAYMENT_PAGES, only under the configured base URL).
     * @throws {CourierError}
     */
    async listPayments(): Promise<SteadfastPayment[]> {
      const rows: Record<string, unknown>[] = [];
      const seen = new Set<string>();
      let path: string | null = "/payments";
      for (let pages = 0; path !== null && pages < MAX_PAYMENT_PAGES; pages++) {
        seen.add(path);
        const page = pageOf(await call("GET", path));
        if (!page) throw new CourierError("Steadfast's payments answer has no list.", "bad-answer");
        rows.push(...page.rows);
        const next = page.next === null ? null : nextPath(page.next, config.baseUrl ?? STEADFAST_BASE_URL);
        path = next !== null && !seen.has(next) ? next : null;
      }
      const payments = new Map<string, SteadfastPayment>();
      for (const row of rows) {
        if (row.id === undefined || row.id === null || String(row.id) === "") continue;
        // A payment made while the pages were read shifts the others: one seen twice is kept once.
        if (payments.has(String(row.id))) continue;
        payments.set(String(row.id), {
          id: String(row.id),
          amountPaisa: paisaOf(row.amount),
          paidAt: dateOf(row.created_at ?? row.updated_at),
        });
      }
      return [...payments.values()];
    },

    /**
     * One payment with its consignments as payout lines (row = position, from 1). A consignment
     * without an id is left out. @throws {CourierError} ("refused" for a payment it does not know)
     */
    async payment(id: string): Promise<{ paidAt: Date | null; lines: PayoutLine[] }> {
      const answer = (await call("GET", `/payments/${encodeURIComponent(id)}`)) as Record<string, unknown>;
      const inner = (answer.data ?? answer.payment ?? answer) as Record<string, unknown>;
      const consignments = listOf(inner.consignments ?? answer.consignments);
      if (!consignments) throw new CourierError(`Steadfast's payment ${id} has no list of consignments.`, "bad-answer");
      const lines: PayoutLine[] = [];
      consignments.forEach((row, index) => {
        const consignmentId = row.consignment_id ?? row.cid;
        if (consignmentId === undefined || consignmentId === null || String(consignmentId) === "") return;
        const collectedPaisa = paisaOf(row.cod_amount ?? row.collected_amount) ?? 0;
        const deliveryChargePaisa = paisaOf(row.delivery_charge ?? row.delivery_fee) ?? 0;
        const codFeePaisa = paisaOf(row.cod_charge ?? row.cod_fee) ?? 0;
        lines.push({
          row: index + 1,
          consignmentId: String(consignmentId),
          invoice: typeof row.invoice === "string" && row.invoice !== "" ? row.invoice : null,
          collectedPaisa,
          deliveryChargePaisa,
          codFeePaisa,
          paidPaisa:
            paisaOf(row.payable_amount ?? row.paid_amount) ?? collectedPaisa - deliveryChargePaisa - codFeePaisa,
        });
      });
      return { paidAt: dateOf(inner.created_at ?? inner.updated_at), lines };
    },
  };
}

/** What a read of Steadfast's payouts did. */
export type SteadfastPayoutsRead = {
  /** Payments Steadfast listed. */
  listed: number;
  /** Those recorded by this read, with their reference (Steadfast's payment id) and counts. */
  recorded: (Extract<RecordPayoutOutcome, { outcome: "recorded" }> & { reference: string })[];
  /**
   * Payments that could not be recorded (Steadfast refused or garbled their details, their amounts
   * are too large, or the database refused them), with what was thrown: the others were read; these
   * are tried again at the next read.
   */
  skipped: { reference: string; error: unknown }[];
  /** Payments left for the next read (more than MAX_PAYMENTS_PER_READ new ones). */
  waiting: number;
};

/**
 * Whether a failure reading one payment stops the whole read: Steadfast cannot be reached, is too
 * slow, refuses the keys or redirects — every other payment would fail the same way.
 */
function stopsTheRead(error: unknown): boolean {
  return (
    error instanceof CourierError &&
    (error.kind === "unreachable" ||
      error.kind === "timeout" ||
      error.kind === "unauthorised" ||
      error.kind === "redirected")
  );
}

/**
 * Reads the shop's Steadfast payments and records the ones not recorded yet (their id is the
 * payout's reference; the newest MAX_PAYMENTS_PER_READ at most), each in its own transaction. A
 * payment that cannot be recorded (its details refused or unreadable, amounts too large, the
 * database's refusal) is skipped, logged and reported in `skipped`, and the read goes on with the
 * others; the next read tries it again.
 *
 * @param actor who asked (null: the schedule).
 * @throws {NoCourierAccountError} when no Steadfast keys are saved; {CourierError} when the list
 *   cannot be read, or Steadfast is unreachable, too slow or refuses the keys (payments recorded
 *   before stay recorded; nothing of the failing one is written).
 */
export async function readSteadfastPayouts(
  actor: { id: number; email: string } | null,
  config?: SteadfastConfig,
): Promise<SteadfastPayoutsRead> {
  const opened = config ?? (await savedSteadfast());
  if (!opened) throw new NoCourierAccountError();
  const reader = steadfastPayouts(opened);
  const payments = await reader.listPayments();
  const known = await recordedReferences(
    "steadfast",
    payments.map((payment) => payment.id),
  );
  // Newest first, by the date Steadfast gives, else by its id.
  const fresh = payments
    .filter((payment) => !known.has(payment.id))
    .sort((a, b) => (b.paidAt?.getTime() ?? 0) - (a.paidAt?.getTime() ?? 0) || Number(b.id) - Number(a.id));
  const recorded: SteadfastPayoutsRead["recorded"] = [];
  const skipped: SteadfastPayoutsRead["skipped"] = [];
  for (const payment of fresh.slice(0, MAX_PAYMENTS_PER_READ)) {
    try {
      const detail = await reader.payment(payment.id);
      const outcome = await recordPayout(
        {
          courier: "steadfast",
          reference: payment.id,
          paidAt: detail.paidAt ?? payment.paidAt,
          source: "api",
          lines: detail.lines,
        },
        actor,
      );
      if (outcome.outcome === "recorded") recorded.push({ ...outcome, reference: payment.id });
    } catch (error) {
      if (stopsTheRead(error)) throw error;
      log.warn({ payment: payment.id, err: error }, "Steadfast payment not recorded");
      skipped.push({ reference: payment.id, error });
    }
  }
  return {
    listed: payments.length,
    recorded,
    skipped,
    waiting: Math.max(0, fresh.length - MAX_PAYMENTS_PER_READ),
  };
}

/**
 * The message for a read of Steadfast's payouts that failed (`error` as thrown), in the staff
 * member's language: the courier hand-off's words (no keys saved, unreachable, keys refused…);
 * null when `error` is not a courier's failure (the caller rethrows it).
 */
export function payoutReadFailure(error: unknown, t: AdminTranslate): string | null {
  return courierFailure(error, t);
}

/**
 * Why one payment of a read was skipped (`SteadfastPayoutsRead["skipped"]`), in the staff member's
 * language: "Steadfast payment 991 was not recorded: <reason>".
 */
export function skippedPaymentMessage(skipped: { reference: string; error: unknown }, t: AdminTranslate): string {
  const reason =
    skipped.error instanceof PayoutTooLargeError
      ? t("admin.payouts.tooLarge")
      : (courierFailure(skipped.error, t) ?? t("error.generic"));
  return t("admin.payouts.readSkipped", { reference: skipped.reference, reason });
}
