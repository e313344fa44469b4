/**
 * The SMS sender (docs/decisions/065-sms.md): sends the outbox's due messages
 * (app/models/sms/outbox.server.ts) through the shop's gateway, after the transaction that queued
 * them has committed, never inside a shopper's request.
 *
 * Once across restarts and nodes: a message is claimed before it is sent, with ONE conditional
 * update that only one writer can win on either database (no SKIP LOCKED, no lock held across the
 * gateway call): queued and due → "sending", its claim ending `now + lease`, its attempts counted
 * up. The attempt number is the claim's token: the outcome is written only while the row is still
 * "sending" with that attempt number, so a sender whose claim was taken over writes nothing.
 *
 * A message still "sending" after its claim ended was cut off (its process stopped mid-send): it
 * may or may not have reached the phone. It is claimed the same way (the old attempt number in the
 * condition: one taker). A gateway that refuses a repeated reference (`idempotent`) gets it again
 * with the same reference, and a "duplicate" answer means it was sent; any other gateway's message
 * is failed for staff to look at: a shopper is never sent the same text twice.
 *
 * Runs: the "sms-outbox" job every SMS_OUTBOX_SECONDS in the process holding the background jobs,
 * and in every process soon after a message is queued there (`sendWhenQueued`), outside the
 * request that queued it.
 */
import { getEnv } from "~/config/env.server";
import { isLang } from "~/i18n";
import { getShopSettings, shopIdentity } from "~/models/settings.server";
import { getSmsTemplates, type SmsTemplate } from "~/models/sms/sms-templates.server";
import { whenMessagesQueued } from "~/models/sms/outbox.server";
import {
  claimMessage,
  dueMessages,
  orderForSms,
  recordOutcome,
  type ClaimedMessage,
  type SmsOutcomeData,
} from "~/models/sms/outbox-sending.server";
import { normalizeBdMobile } from "~/rules/phone";
import { isOrderSmsEvent, MAX_SMS_PARTS, renderSms, smsParts, type OrderSmsEvent } from "~/rules/sms";
import { CODE_LIFE_MS } from "~/rules/checkout-code";
import { maskCheckoutCode, nextSmsAttemptAt, orderSmsValues } from "~/rules/sms-order";
import { courierTrackingUrl } from "~/rules/courier-tracking";
import { log } from "~/server/log.server";
import { repeatingJob } from "~/server/process/repeating-job.server";
import { shopSmsGateway } from "./gateway-account.server";
import { messageReference, SmsGatewayError, type SmsGatewayClient } from "./gateway";

/**
 * The reasons the sender writes itself, as codes the pages put in the reader's language
 * (app/components/admin/sms-message.tsx `smsFailureReason`); the gateway's own are stored as it gave them.
 */
export const SENDER_REASONS = {
  noGateway: "sender:no-gateway",
  interrupted: "sender:interrupted",
  noAnswer: "sender:no-answer",
  expired: "sender:expired",
  notMobile: "sender:not-mobile",
  noText: "sender:no-text",
  tooLong: (parts: number) => `sender:too-long:${parts}`,
} as const;

/** Messages one run takes at most (the next run, or wake-up, takes the rest). */
const DEFAULT_LIMIT = 50;

/**
 * How long a claim lasts beyond the gateway's timeout, in ms: room for the database writes around
 * the call. A claim outlives any attempt that is still running, so only a stopped process's claim
 * ever ends while its message is "sending".
 */
const LEASE_MARGIN_MS = 60_000;

/** What one `sendDueMessages` run did, by message id. */
export type SendSummary = { sent: number[]; retrying: number[]; failed: number[] };

/** How an attempt ended, as written to the row. */
type Outcome =
  | { state: "sent"; text: string; parts: number; provider: string; gatewayReference: string | null }
  | { state: "queued"; text: string; parts: number; error: string; nextAttemptAt: Date }
  | { state: "failed"; text: string; parts: number; error: string; provider?: string };

/**
 * Sends the messages due, oldest due first, at most `limit` (50): each claimed (the module's
 * comment) at the clock's time when the run reaches it (`now` fixes that time, for tests), rendered,
 * sent and its outcome written:
 * - sent: `sentAt`, the gateway (`provider`) and its reference for the message;
 * - a failure worth retrying (kind unreachable, timeout, bad-answer, or refused-retryable such as
 *   no balance): queued again after rules/sms-order.ts `nextSmsAttemptAt`, or failed with the
 *   gateway's reason after MAX_SMS_ATTEMPTS;
 * - any other refusal: failed with the gateway's reason;
 * - failed without a call when there is no gateway (`client` null), the phone is not a Bangladeshi
 *   mobile, the text takes more than MAX_SMS_PARTS, a checkout code is older than its life, or a
 *   cut-off attempt cannot be repeated safely.
 * An order event's text is written from its template in the order's language when first sent
 * (SmsTemplate via getSmsTemplates, values from rules/sms-order.ts `orderSmsValues`) and kept for
 * the attempts after. A checkout code's digits are masked once it is sent or failed.
 *
 * `client` is the gateway to send through (default: the shop's saved one, `shopSmsGateway`; null:
 * none); `keepGoing`, asked before each claim, ends the run early when false (a stopping process).
 * Errors of the database are thrown; a gateway's never are.
 */
export async function sendDueMessages(
  options: { limit?: number; now?: Date; client?: SmsGatewayClient | null; keepGoing?: () => boolean } = {},
): Promise<SendSummary> {
  // Read for each message as it is reached: a run waiting on a slow gateway for one message must
  // not give the next a claim that is already ending.
  const clock = () => options.now ?? new Date();
  const summary: SendSummary = { sent: [], retrying: [], failed: [] };
  const due = await dueMessages(clock(), options.limit ?? DEFAULT_LIMIT);
  if (due.length === 0) return summary;

  const client = options.client !== undefined ? options.client : await shopSmsGateway();
  const leaseMs = getEnv().SMS_TIMEOUT_SECONDS * 1000 + LEASE_MARGIN_MS;
  const context = new SendContext();
  for (const candidate of due) {
    if (options.keepGoing && !options.keepGoing()) break;
    const now = clock();
    const claimed = await claimMessage(candidate, now, new Date(now.getTime() + leaseMs));
    if (!claimed) continue; // another sender took it first
    const outcome = await attempt(claimed, client, context, now);
    const written = await finish(claimed, outcome);
    if (!written) continue;
    if (outcome.state === "sent") summary.sent.push(claimed.id);
    else if (outcome.state === "queued") summary.retrying.push(claimed.id);
    else summary.failed.push(claimed.id);
  }
  return summary;
}

/** What a run reads once for all its messages: the templates and the shop's settings. */
class SendContext {
  private templates: Promise<Record<OrderSmsEvent, SmsTemplate>> | null = null;
  private settings: ReturnType<typeof getShopSettings> | null = null;
  getTemplates() {
    return (this.templates ??= getSmsTemplates());
  }
  getSettings() {
    return (this.settings ??= getShopSettings());
  }
}

/** Decides and makes one attempt at `message` (claimed at `now`); never throws for the gateway. */
async function attempt(
  message: ClaimedMessage,
  client: SmsGatewayClient | null,
  context: SendContext,
  now: Date,
): Promise<Outcome> {
  const text = message.text !== "" ? message.text : await orderText(message, context);
  const parts = text === "" ? 0 : smsParts(text).parts;
  const failed = (error: string): Outcome => ({ state: "failed", text, parts, error });
  if (text === "") return failed(SENDER_REASONS.noText);
  // A code sent after its life would arrive dead, and cost an SMS.
  if (message.event === "checkout-code" && now.getTime() - message.createdAt.getTime() > CODE_LIFE_MS) {
    return failed(SENDER_REASONS.expired);
  }
  if (message.resumed && !client?.idempotent) return failed(SENDER_REASONS.interrupted);
  if (!client) return failed(SENDER_REASONS.noGateway);
  const to = normalizeBdMobile(message.phone);
  if (!to) return failed(SENDER_REASONS.notMobile);
  if (parts > MAX_SMS_PARTS) return failed(SENDER_REASONS.tooLong(parts));
  try {
    const { gatewayReference } = await client.send({
      to,
      text,
      reference: messageReference(message.id, message.createdAt, message.resends),
    });
    return { state: "sent", text, parts, provider: client.provider, gatewayReference };
  } catch (error) {
    if (error instanceof SmsGatewayError && error.kind === "duplicate") {
      // The gateway already has this reference: a cut-off attempt did reach it.
      return { state: "sent", text, parts, provider: client.provider, gatewayReference: null };
    }
    const reason = error instanceof Error ? error.message : String(error);
    if (!(error instanceof SmsGatewayError)) log.warn(`SMS ${message.id} not sent: ${reason}`);
    if (error instanceof SmsGatewayError && error.kind === "timeout" && !client.idempotent) {
      // No answer in time: the gateway may have taken it. Sending again could reach the phone
      // twice, and this gateway cannot tell a repeat; staff decide ("Send again").
      return { state: "failed", text, parts, error: SENDER_REASONS.noAnswer, provider: client.provider };
    }
    const retryable = !(error instanceof SmsGatewayError) || error.retryable;
    const next = retryable ? nextSmsAttemptAt(message.attempts, now) : null;
    if (next) return { state: "queued", text, parts, error: reason, nextAttemptAt: next };
    return { state: "failed", text, parts, error: reason, provider: client.provider };
  }
}

/**
 * An order event's text: its template in the order's language filled with the order's values, or
 * "" when the message is not an order event's or its order is gone.
 */
async function orderText(message: ClaimedMessage, context: SendContext): Promise<string> {
  if (!isOrderSmsEvent(message.event) || message.orderId === null) return "";
  const order = await orderForSms(message.orderId);
  if (!order) return "";
  const lang = isLang(message.language) ? message.language : "bn";
  const [templates, settings] = await Promise.all([context.getTemplates(), context.getSettings()]);
  const shop = shopIdentity(settings, lang);
  const values = orderSmsValues(order, lang, shop, {
    courierTrackingUrl: courierTrackingUrl(order.courier, order.trackingCode, order.customerPhone),
    publicUrl: getEnv().PUBLIC_URL,
  });
  return renderSms(templates[message.event][lang], values);
}

/**
 * Writes `outcome` for `message` while this sender still holds its claim (state "sending" with the
 * claim's attempt number). Returns false when the claim was taken over meanwhile (nothing written).
 */
async function finish(message: ClaimedMessage, outcome: Outcome): Promise<boolean> {
  const text =
    message.event === "checkout-code" && outcome.state !== "queued" ? maskCheckoutCode(outcome.text) : outcome.text;
  const data: SmsOutcomeData =
    outcome.state === "sent" ? { ...outcome, text, sentAt: new Date(), error: null } : { ...outcome, text };
  const written = await recordOutcome(message, data);
  if (!written)
    log.warn(`SMS ${message.id}: its claim was taken over before its outcome (${outcome.state}) was written`);
  return written;
}

/** The job that sends what is due every SMS_OUTBOX_SECONDS (0: off), started with the other background jobs. */
export const smsOutboxJob = repeatingJob({
  name: "sms-outbox",
  everyMs: () => getEnv().SMS_OUTBOX_SECONDS * 1000,
  failure: "SMS outbox not sent",
  run: async () => {
    await sendAllDue();
  },
});

/** Set by `stopSending`: no message is claimed any more; the runs going finish the one they hold. */
let stopping = false;
/** The runs of `sendAllDue` going in this process. */
const runs = new Set<Promise<void>>();

/**
 * Runs `sendDueMessages` until a run finds fewer messages than it may take, or the process stops
 * sending (`stopSending`).
 */
function sendAllDue(): Promise<void> {
  const run = (async () => {
    while (!stopping) {
      const { sent, retrying, failed } = await sendDueMessages({ keepGoing: () => !stopping });
      const handled = sent.length + retrying.length + failed.length;
      if (handled > 0)
        log.info({ sent: sent.length, retrying: retrying.length, failed: failed.length }, "SMS outbox sent");
      if (handled < DEFAULT_LIMIT) return;
    }
  })();
  runs.add(run);
  void run.then(
    () => runs.delete(run),
    () => runs.delete(run),
  );
  return run;
}

/**
 * For a graceful stop (entry.server.tsx `stopBackgroundJobs`): claims no further message and
 * resolves once the message each run holds has its outcome written (at most one gateway call,
 * SMS_TIMEOUT_SECONDS, per run). A message cut off by the process ending instead would wait for its
 * claim to end and, through a gateway without an idempotency key, be failed as interrupted.
 */
export async function stopSending(): Promise<void> {
  stopping = true;
  await Promise.allSettled([...runs]);
}

/**
 * Makes this process send soon after any `messagesQueued()` here: on the next turn of the event
 * loop (setImmediate), never awaited by the request that queued it, so a slow or dead gateway
 * neither delays nor fails it. Wake-ups during a run are coalesced into one more run. Returns the
 * function that stops listening. (Re)starts sending after a `stopSending`.
 */
export function sendWhenQueued(): () => void {
  stopping = false;
  let running = false;
  let again = false;
  const run = async () => {
    running = true;
    try {
      do {
        again = false;
        await sendAllDue();
      } while (again);
    } catch (error) {
      log.warn(`SMS outbox not sent: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      running = false;
    }
  };
  return whenMessagesQueued(() => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    setImmediate(() => void run());
  });
}
