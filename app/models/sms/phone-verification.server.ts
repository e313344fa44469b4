/**
 * The checkout's one-time codes (docs/decisions/065-sms.md; the numbers are app/rules/checkout-code.ts's):
 * one PhoneVerification row per code sent, the code kept only as an HMAC with SESSION_SECRET, its
 * SMS queued in the outbox (./outbox.server.ts) for the sender to send. The rows are also what the
 * limits count: the codes sent to a phone, and asked from a client address, in the last day.
 */
import crypto from "node:crypto";
import { getEnv } from "~/config/env.server";
import type { Lang } from "~/i18n/lang";
import { prisma } from "~/models/db/client.server";
import { dialect } from "~/models/db/dialect.server";
import {
  CODE_LIFE_MS,
  CODE_LIMIT_WINDOW_MS,
  codeLimitReached,
  newCode,
  RESEND_AFTER_MS,
  resendTime,
  TRIES_PER_CODE,
  type CodeLimitReached,
} from "~/rules/checkout-code";
import { CHECKOUT_CODE_TEXT, renderSms } from "~/rules/sms";
import { messagesQueued, queueMessageIn } from "./outbox.server";

/** The HMAC a code is stored as: SHA-256 keyed with SESSION_SECRET over the phone and the code, hex. */
function codeHash(phone: string, code: string): string {
  return crypto.createHmac("sha256", getEnv().SESSION_SECRET).update(`checkout-code:${phone}:${code}`).digest("hex");
}

/**
 * The answer to a code request: `sent` (a new code is queued; `sentAt` is now), `wait` (the last
 * code to the phone was sent less than RESEND_AFTER_MS ago and is still live: nothing sent, the
 * shopper types that one or asks again at `retryAt`), or `limit` (a limit of CODE_LIMITS is
 * reached: nothing sent until `retryAt`).
 */
export type CodeRequest =
  | { outcome: "sent"; sentAt: Date }
  | { outcome: "wait"; sentAt: Date; retryAt: Date }
  | ({ outcome: "limit" } & CodeLimitReached);

/**
 * Sends a new checkout code to `phone` (01XXXXXXXXX), asked from client address key `address`
 * (app/server/client-key.server.ts), unless the last one is too recent or a limit is reached
 * (`CodeRequest`). The limits are counted and the new row written in one transaction: on SQLite
 * it holds the one write lock, on PostgreSQL it first takes advisory locks on the phone and the
 * address, so two requests at once take turns and cannot both pass under a limit. The SMS
 * (CHECKOUT_CODE_TEXT in `lang`, naming `shopName`) is queued in the same transaction, and the
 * sender woken after the commit. `now` is for tests.
 * @throws the database's error when a read or write fails (nothing is sent then).
 */
export async function requestCheckoutCode(request: {
  phone: string;
  address: string;
  lang: Lang;
  shopName: string;
  now?: Date;
}): Promise<CodeRequest> {
  const { phone, address, lang, shopName, now = new Date() } = request;
  const code = newCode();
  const answer = await prisma.$transaction(async (tx): Promise<CodeRequest> => {
    await dialect.lockKeys(tx, [`checkout-code:phone:${phone}`, `checkout-code:address:${address}`]);
    const since = new Date(now.getTime() - CODE_LIMIT_WINDOW_MS);
    const [byPhone, byAddress] = await Promise.all([
      tx.phoneVerification.findMany({
        where: { phone, createdAt: { gt: since } },
        select: { createdAt: true, expiresAt: true, verifiedAt: true, attempts: true },
        orderBy: { createdAt: "desc" },
      }),
      tx.phoneVerification.findMany({ where: { address, createdAt: { gt: since } }, select: { createdAt: true } }),
    ]);
    const last = byPhone[0];
    if (
      last &&
      last.verifiedAt === null &&
      last.attempts < TRIES_PER_CODE &&
      last.expiresAt > now &&
      now.getTime() - last.createdAt.getTime() < RESEND_AFTER_MS
    ) {
      return { outcome: "wait", sentAt: last.createdAt, retryAt: resendTime(last.createdAt) };
    }
    const limit = codeLimitReached(now, {
      byPhone: byPhone.map((row) => row.createdAt),
      byAddress: byAddress.map((row) => row.createdAt),
    });
    if (limit) return { outcome: "limit", ...limit };
    await tx.phoneVerification.create({
      data: {
        phone,
        address,
        codeHash: codeHash(phone, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_LIFE_MS),
      },
    });
    // The code's message is committed with its row: a code is never stored without its SMS.
    await queueMessageIn(tx, {
      event: "checkout-code",
      phone,
      language: lang,
      text: renderSms(CHECKOUT_CODE_TEXT[lang], { code, shop_name: shopName }),
    });
    return { outcome: "sent", sentAt: now };
  });
  if (answer.outcome === "sent") messagesQueued();
  return answer;
}

/**
 * The answer to a typed code: `verified`; `wrong` (a try counted, `triesLeft` more); `expired`
 * (older than CODE_LIFE_MS); `tries-used` (TRIES_PER_CODE wrong ones typed); `used` (it already
 * verified the phone once: a replay); `none` (no code was sent to the phone in the last day).
 */
export type CodeCheck =
  | { outcome: "verified" }
  | { outcome: "wrong"; triesLeft: number }
  | { outcome: "expired" | "tries-used" | "used" | "none" };

/**
 * Checks `code` (CODE_DIGITS ASCII digits: app/rules/checkout-code.ts `typedCode`) against the last
 * code sent to `phone` at `now` (only the last one counts: asking for a new code ends the old).
 * A right code marks it verified with one conditional update, so of two requests typing it at once
 * only one gets `verified` (the other `used`); a wrong one adds a try, also conditionally, so no
 * more than TRIES_PER_CODE are ever counted. Compared in constant time.
 * @throws the database's error when a read or write fails.
 */
export async function checkCheckoutCode(phone: string, code: string, now = new Date()): Promise<CodeCheck> {
  const last = await prisma.phoneVerification.findFirst({
    where: { phone, createdAt: { gt: new Date(now.getTime() - CODE_LIMIT_WINDOW_MS) } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, codeHash: true, attempts: true, expiresAt: true, verifiedAt: true },
  });
  if (!last) return { outcome: "none" };
  if (last.verifiedAt !== null) return { outcome: "used" };
  if (last.attempts >= TRIES_PER_CODE) return { outcome: "tries-used" };
  if (last.expiresAt <= now) return { outcome: "expired" };
  const live = { id: last.id, verifiedAt: null, attempts: { lt: TRIES_PER_CODE }, expiresAt: { gt: now } };
  const expected = Buffer.from(last.codeHash, "hex");
  const given = Buffer.from(codeHash(phone, code), "hex");
  if (expected.length === given.length && crypto.timingSafeEqual(expected, given)) {
    const { count } = await prisma.phoneVerification.updateMany({ where: live, data: { verifiedAt: now } });
    return count === 1 ? { outcome: "verified" } : { outcome: "used" };
  }
  const { count } = await prisma.phoneVerification.updateMany({ where: live, data: { attempts: { increment: 1 } } });
  if (count === 0) return { outcome: "tries-used" };
  const triesLeft = TRIES_PER_CODE - last.attempts - 1;
  return triesLeft > 0 ? { outcome: "wrong", triesLeft } : { outcome: "tries-used" };
}

/** How many finished code messages in a row, shop-wide, must have failed before checkout stops asking. */
const FAILING_IN_A_ROW = 3;
/** How far back `codeSmsFailing` looks, in ms: a gateway fixed an hour ago is trusted again. */
const FAILING_WINDOW_MS = 60 * 60 * 1000;

/**
 * True when checkout codes are not reaching phones, so asking for one would only lose the order:
 * `phone`'s own latest code message failed (the shopper waits for a code that will never come), or
 * the shop's codes are failing (`shopCodeSmsFailing`). A saved gateway is no promise that it
 * delivers. The next code that is sent makes it false again.
 */
export async function codeSmsFailing(phone: string, now = new Date()): Promise<boolean> {
  const ofPhone = await prisma.smsMessage.findFirst({
    where: { event: "checkout-code", phone, createdAt: { gte: new Date(now.getTime() - FAILING_WINDOW_MS) } },
    orderBy: NEWEST_FIRST,
    select: { state: true },
  });
  return ofPhone?.state === "failed" || (await shopCodeSmsFailing(now));
}

/**
 * True when the shop's last FAILING_IN_A_ROW finished code messages of the past hour all failed (a
 * key refused, no balance, the gateway down for long): checkout then asks no code, and the settings
 * page says so beside the setting.
 */
export async function shopCodeSmsFailing(now = new Date()): Promise<boolean> {
  const latest = await prisma.smsMessage.findMany({
    where: {
      event: "checkout-code",
      state: { in: ["sent", "failed"] },
      createdAt: { gte: new Date(now.getTime() - FAILING_WINDOW_MS) },
    },
    orderBy: NEWEST_FIRST,
    take: FAILING_IN_A_ROW,
    select: { state: true },
  });
  return latest.length === FAILING_IN_A_ROW && latest.every((message) => message.state === "failed");
}

const NEWEST_FIRST = [{ createdAt: "desc" as const }, { id: "desc" as const }];
