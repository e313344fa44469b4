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
 * (`cod_charge`, `payable_amount`/`paid_amount`), else 0 and collected − charges.
 *
 * Pathao's merchant API documents no payments endpoint (its order info carries only an
 * `invoice_id`): Pathao's payouts come from its payment invoice file (./payout-import.server.ts).
 */
import { getEnv } from "~/config/env.server";
import { getCourierAccountRow } from "~/models/orders/courier.server";
import { recordedReferences, recordPayout, type RecordPayoutOutcome } from "~/models/payouts/payouts.server";
import type { PayoutLine } from "~/rules/payout-csv";
import type { AdminTranslate } from "~/i18n/admin";
import { CourierError, NoCourierAccountError } from "../couriers/courier";
import { courierFailure } from "../couriers/messages.server";
import { steadfastRequest, type SteadfastConfig } from "../couriers/steadfast.server";
import { unseal } from "../secret-box.server";

/** A Steadfast payment as listed: its id and, when given, its amount in paisa and date. */
export type SteadfastPayment = { id: string; amountPaisa: number | null; paidAt: Date | null };

/** The most payments one read fetches in detail (the newest not yet recorded); the rest wait for the next read. */
const MAX_PAYMENTS_PER_READ = 20;

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

/** The list in an answer: the answer itself, or under `data` (once or twice, as a paginator nests it). */
function listOf(answer: unknown): Record<string, unknown>[] | null {
  let value = answer;
  for (let depth = 0; depth < 3; depth++) {
    if (Array.isArray(value))
      return value.filter((item): item is Record<string, unknown> => !!item && typeof item === "object");
    if (!value || typeof value !== "object") return null;
    value = (value as { data?: unknown }).data;
  }
  return null;
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
    /** The account's payments as Steadfast lists them. @throws {CourierError} */
    async listPayments(): Promise<SteadfastPayment[]> {
      const rows = listOf(await call("GET", "/payments"));
      if (!rows) throw new CourierError("Steadfast's payments answer has no list.", "bad-answer");
      return rows
        .filter((row) => row.id !== undefined && row.id !== null && String(row.id) !== "")
        .map((row) => ({
          id: String(row.id),
          amountPaisa: paisaOf(row.amount),
          paidAt: dateOf(row.created_at ?? row.updated_at),
        }));
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
  /** Payments left for the next read (more than MAX_PAYMENTS_PER_READ new ones). */
  waiting: number;
};

/**
 * Reads the shop's Steadfast payments and records the ones not recorded yet (their id is the
 * payout's reference; the newest MAX_PAYMENTS_PER_READ at most), each in its own transaction: a
 * payment recorded before a later one fails stays recorded, and the next read takes up the rest.
 *
 * @param actor who asked (null: the schedule).
 * @throws {NoCourierAccountError} when no Steadfast keys are saved; {CourierError} when Steadfast
 *   fails (nothing of the failing payment is written).
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
  for (const payment of fresh.slice(0, MAX_PAYMENTS_PER_READ)) {
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
  }
  return { listed: payments.length, recorded, waiting: Math.max(0, fresh.length - MAX_PAYMENTS_PER_READ) };
}

/**
 * The message for a read of Steadfast's payouts that failed (`error` as thrown), in the staff
 * member's language: the courier hand-off's words (no keys saved, unreachable, keys refused…);
 * null when `error` is not a courier's failure (the caller rethrows it).
 */
export function payoutReadFailure(error: unknown, t: AdminTranslate): string | null {
  return courierFailure(error, t);
}
