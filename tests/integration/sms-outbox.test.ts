/**
 * The SMS outbox end to end, against the worker's real database and a local gateway
 * (tests/support/sms-gateway-server.ts, a real HTTP server on this worker's port) reached through
 * the generic URL-template client: each order event's message queued with its change and sent in
 * the order's language, nothing queued when the event is off or the change rolls back, retries
 * with back-off, a send cut off by a restart (never twice), two senders at once, and the refusals
 * the sender makes itself.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { prisma } from "~/models/db/client.server";
import {
  changeOrderStatus,
  changeStatusIn,
  setOrderConfirmation,
  undoStatusChange,
} from "~/models/orders/order-status.server";
import { DEFAULT_SMS_TEMPLATES, smsMoney, smsParts, type OrderSmsEvent } from "~/rules/sms";
import { messageReference, SmsGatewayError, type OutgoingSms, type SmsGatewayClient } from "~/server/sms/gateway";
import { SENDER_REASONS, sendDueMessages, sendWhenQueued, stopSending } from "~/server/sms/sender.server";
import { claimMessage, recordOutcome } from "~/models/sms/outbox-sending.server";
import { sendAgain } from "~/models/sms/sms-messages.server";
import { queueMessage } from "../support/sms-outbox";
import { startFakeSmsGateway, workerSmsGatewayPort, type FakeSmsGateway } from "../support/sms-gateway-server";
import { action as orderAction, loader as orderLoader } from "~/routes/admin.orders.view.$id/route";
import { loader as messagesLoader } from "~/routes/admin.sms.messages/route";
import { createAdmin, createProduct, expectData, get, post, run, runData, signedInJar } from "./helpers";
import { placeOrder } from "./place-order";

/** The clock `minutes` from now: a sender run then finds what was held back until that time due. */
const minutesLater = (minutes: number) => new Date(Date.now() + minutes * 60_000);

/** The reference outbox message `id` is sent with (its id and creation time). */
async function referenceOf(id: number): Promise<string> {
  return messageReference(id, (await prisma.smsMessage.findUniqueOrThrow({ where: { id } })).createdAt);
}

let gateway: FakeSmsGateway;
let lamp: { variantId: number };
let admin: { id: number; email: string };

beforeAll(async () => {
  gateway = await startFakeSmsGateway(workerSmsGatewayPort());
  lamp = await createProduct({ name: "Outbox Lamp", pricePaisa: 125_000, stockQuantity: 1000 });
  admin = await createAdmin();
});
afterAll(() => gateway.close());

beforeEach(async () => {
  gateway.delivered.length = 0;
  gateway.requests.length = 0;
  gateway.fail.length = 0;
  await prisma.smsMessage.deleteMany();
  await useFakeGateway();
  await switchOn(["order-placed", "order-confirmed", "order-shipped", "order-delivered", "order-cancelled"]);
});

/** Makes the local gateway's generic API the shop's gateway, its key in the URL. */
async function useFakeGateway() {
  const settings = JSON.stringify({
    url: `${gateway.origin}/http/send?key=test-http-key&to={to}&text={text}&reference={reference}`,
    method: "GET",
  });
  await prisma.smsGateway.upsert({
    where: { id: 1 },
    create: { id: 1, provider: "http", settings },
    update: { provider: "http", settings, secretSealed: "" },
  });
}

/** Switches exactly `events` on, with their default texts. */
async function switchOn(events: OrderSmsEvent[]) {
  await prisma.smsTemplate.deleteMany();
  for (const event of events) {
    await prisma.smsTemplate.create({
      data: { event, enabled: true, textEn: DEFAULT_SMS_TEMPLATES[event].en, textBn: DEFAULT_SMS_TEMPLATES[event].bn },
    });
  }
}

let phoneCounter = 0;
/** A phone of its own for each order (the limits and the fake's lists stay apart). */
const nextPhone = () => `0181${String(++phoneCounter).padStart(7, "0")}`;

const orderFor = (phone = nextPhone()) => placeOrder([[lamp.variantId, 1]], { phone, name: "Rahima Akter" });
const messagesOf = (orderId: number) => prisma.smsMessage.findMany({ where: { orderId }, orderBy: { id: "asc" } });
const deliveredTo = (phone: string) => gateway.delivered.filter((sms) => sms.to === `88${phone}`);

/** A gateway client kept in memory that refuses a repeated reference, as SSL Wireless does with csms_id. */
function idempotentClient(): SmsGatewayClient & { taken: OutgoingSms[] } {
  const taken: OutgoingSms[] = [];
  return {
    provider: "sslwireless",
    idempotent: true,
    taken,
    async send(sms) {
      if (taken.some((earlier) => earlier.reference === sms.reference)) {
        throw new SmsGatewayError("Duplicate csms_id", "duplicate", false);
      }
      taken.push(sms);
      return { gatewayReference: `ssl-${taken.length}` };
    },
    balance: async () => null,
  };
}

describe("each order event's message", () => {
  it("is queued with the order, sent after commit in English with the order's values, and stored", async () => {
    const phone = nextPhone();
    const orderId = await orderFor(phone);
    const [queued] = await messagesOf(orderId);
    expect(queued).toMatchObject({ event: "order-placed", state: "queued", phone, language: "en", text: "" });
    const order = await prisma.order.findUniqueOrThrow({ where: { id: orderId } });

    const summary = await sendDueMessages();

    expect(summary.sent).toEqual([queued!.id]);
    const [sms] = deliveredTo(phone);
    expect(sms!.text).toContain(`we got your order #${orderId}, total ${smsMoney(order.totalPaisa, "en")}`);
    expect(sms!.reference).toBe(await referenceOf(queued!.id));
    const [sent] = await messagesOf(orderId);
    expect(sent).toMatchObject({
      state: "sent",
      text: sms!.text,
      parts: smsParts(sms!.text).parts,
      provider: "http",
      attempts: 1,
      error: null,
      claimedUntil: null,
    });
    expect(sent!.sentAt).toBeInstanceOf(Date);
  });

  it("is written in Bangla, with Bengali digits, for an order placed in Bangla", async () => {
    const phone = nextPhone();
    const orderId = await orderFor(phone);
    await prisma.order.update({ where: { id: orderId }, data: { language: "bn" } });
    await prisma.smsMessage.updateMany({ where: { orderId }, data: { language: "bn" } });
    const order = await prisma.order.findUniqueOrThrow({ where: { id: orderId } });

    await sendDueMessages();

    const [sms] = deliveredTo(phone);
    const bengaliNumber = String(orderId).replace(/\d/g, (d) => "০১২৩৪৫৬৭৮৯"[Number(d)]!);
    expect(sms!.text).toContain(`আপনার অর্ডার #${bengaliNumber} পেয়েছি, মোট ${smsMoney(order.totalPaisa, "bn")}`);
    const [sent] = await messagesOf(orderId);
    expect(sent!.parts).toBe(smsParts(sms!.text).parts);
    expect(smsParts(sms!.text).encoding).toBe("UCS-2");
  });

  it("tells the shopper once when staff confirm by phone", async () => {
    const phone = nextPhone();
    const orderId = await orderFor(phone);
    await setOrderConfirmation(orderId, admin);
    await setOrderConfirmation(orderId, null); // taken back while held: withdrawn
    await setOrderConfirmation(orderId, admin); // marked again: queued again
    // Held back two minutes after the mark: not yet.
    await sendDueMessages();
    expect(deliveredTo(phone)).toHaveLength(1);
    await sendDueMessages({ now: minutesLater(3) });
    await setOrderConfirmation(orderId, null);
    await setOrderConfirmation(orderId, admin); // sent already: no second message
    await sendDueMessages({ now: minutesLater(6) });
    expect((await messagesOf(orderId)).map((m) => [m.event, m.state])).toEqual([
      ["order-placed", "sent"],
      ["order-confirmed", "sent"],
    ]);
    expect(deliveredTo(phone).map((sms) => sms.text)).toEqual([
      expect.stringContaining("we got your order"),
      expect.stringContaining(`your order #${orderId} is confirmed. Please keep Tk `),
    ]);
  });

  it("sends shipped with the courier's tracking link, then delivered; cancelled on its own order", async () => {
    const phone = nextPhone();
    const orderId = await orderFor(phone);
    await prisma.order.update({ where: { id: orderId }, data: { courier: "steadfast", trackingCode: "B015BAE4" } });
    expect((await changeOrderStatus(orderId, "shipped", admin)).outcome).toBe("changed");
    expect((await changeOrderStatus(orderId, "delivered", admin)).outcome).toBe("changed");
    const other = nextPhone();
    const cancelledId = await orderFor(other);
    await changeOrderStatus(cancelledId, "cancelled", admin);

    // Staff's shipped and delivered wait out the ten minutes they may be undone; a cancel cannot
    // be undone with one click, so it goes at once.
    await sendDueMessages();
    expect(deliveredTo(phone)).toHaveLength(1);
    expect(deliveredTo(other)).toHaveLength(2);
    await sendDueMessages({ now: minutesLater(11) });

    expect(deliveredTo(phone).map((sms) => sms.text)).toEqual([
      expect.stringContaining("we got your order"),
      expect.stringContaining(`is on its way. Track it: https://steadfast.com.bd/t/B015BAE4`),
      expect.stringContaining(`your order #${orderId} has been delivered`),
    ]);
    expect(deliveredTo(other).map((sms) => sms.text)).toEqual([
      expect.stringContaining("we got your order"),
      expect.stringContaining(`your order #${cancelledId} has been cancelled`),
    ]);
  });

  it("a Pathao parcel's link carries the shopper's phone, which Pathao's tracking page asks for", async () => {
    const phone = nextPhone();
    const orderId = await orderFor(phone);
    await prisma.order.update({ where: { id: orderId }, data: { courier: "pathao", trackingCode: "DL121224VS8TTJ" } });
    expect((await changeOrderStatus(orderId, "shipped", admin)).outcome).toBe("changed");
    await sendDueMessages({ now: minutesLater(11) });
    expect(deliveredTo(phone).map((sms) => sms.text)).toEqual([
      expect.stringContaining("we got your order"),
      expect.stringContaining(
        `is on its way. Track it: https://merchant.pathao.com/tracking?consignment_id=DL121224VS8TTJ&phone=${phone}`,
      ),
    ]);
  });

  it("never sends a status change staff undid, and sends the status when it comes back for real", async () => {
    const phone = nextPhone();
    const orderId = await orderFor(phone);
    expect((await changeOrderStatus(orderId, "shipped", admin)).outcome).toBe("changed");
    expect((await undoStatusChange(orderId, { from: "pending", to: "shipped" }, admin)).outcome).toBe("changed");
    await sendDueMessages({ now: minutesLater(11) });
    expect(deliveredTo(phone).map((sms) => sms.text)).toEqual([expect.stringContaining("we got your order")]);
    expect((await messagesOf(orderId)).map((m) => m.event)).toEqual(["order-placed"]);

    await changeOrderStatus(orderId, "shipped", admin);
    await sendDueMessages({ now: minutesLater(22) });
    expect(deliveredTo(phone).map((sms) => sms.text)).toEqual([
      expect.stringContaining("we got your order"),
      expect.stringContaining(`your order #${orderId} is on its way`),
    ]);
  });

  it("sends one message per event even when a status comes back (shipped, taken back, shipped again)", async () => {
    const orderId = await orderFor();
    await changeOrderStatus(orderId, "shipped", admin);
    await changeOrderStatus(orderId, "processing", admin);
    await changeOrderStatus(orderId, "shipped", admin);
    expect((await messagesOf(orderId)).map((m) => m.event)).toEqual(["order-placed", "order-shipped"]);
  });

  it("queues nothing for an event switched off, or without a gateway", async () => {
    await switchOn(["order-shipped"]);
    const orderId = await orderFor();
    await setOrderConfirmation(orderId, admin);
    expect(await messagesOf(orderId)).toEqual([]);
    await prisma.smsGateway.deleteMany();
    await changeOrderStatus(orderId, "shipped", admin);
    expect(await messagesOf(orderId)).toEqual([]);
  });

  it("queues nothing when the change that caused it rolls back", async () => {
    const orderId = await orderFor();
    await prisma.smsMessage.deleteMany({ where: { orderId } });
    await expect(
      prisma.$transaction(async (tx) => {
        await changeStatusIn(tx, orderId, "cancelled", admin);
        throw new Error("something after it failed");
      }),
    ).rejects.toThrow("something after it failed");
    expect(await messagesOf(orderId)).toEqual([]);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe("pending");
  });
});

describe("the sender's retries", () => {
  it("queues a message again after the gateway's 500, backed off, and sends it once when due", async () => {
    const phone = nextPhone();
    const orderId = await orderFor(phone);
    gateway.fail.push({ status: 500, body: "<html>Internal Server Error</html>" });
    const now = new Date();

    const first = await sendDueMessages({ now });
    const [waiting] = await messagesOf(orderId);
    expect(first.retrying).toEqual([waiting!.id]);
    expect(waiting).toMatchObject({
      state: "queued",
      attempts: 1,
      error: expect.stringContaining("Internal Server Error"),
    });
    expect(waiting!.nextAttemptAt.getTime()).toBe(now.getTime() + 60_000);

    // Not due yet: nothing is sent.
    expect((await sendDueMessages({ now: new Date(now.getTime() + 59_000) })).sent).toEqual([]);
    const second = await sendDueMessages({ now: new Date(now.getTime() + 60_000) });
    expect(second.sent).toEqual([waiting!.id]);
    expect(deliveredTo(phone)).toHaveLength(1);
    expect((await messagesOf(orderId))[0]).toMatchObject({ state: "sent", attempts: 2, error: null });
  });

  it("fails a message with the last reason after six attempts worth retrying", async () => {
    const orderId = await orderFor();
    const down: SmsGatewayClient = {
      provider: "http",
      idempotent: false,
      send: () => Promise.reject(new SmsGatewayError("The gateway could not be reached", "unreachable")),
      balance: async () => null,
    };
    let now = new Date();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt++) {
      await sendDueMessages({ now, client: down });
      const [row] = await messagesOf(orderId);
      if (row!.state === "queued") {
        waits.push((row!.nextAttemptAt.getTime() - now.getTime()) / 60_000);
        now = row!.nextAttemptAt;
      }
    }
    expect(waits).toEqual([1, 5, 15, 60, 240]);
    expect((await messagesOf(orderId))[0]).toMatchObject({
      state: "failed",
      attempts: 6,
      error: "The gateway could not be reached",
    });
  });

  it("fails at once with the gateway's reason when it refuses the key", async () => {
    const orderId = await orderFor();
    gateway.fail.push({ status: 401, body: '{"error":"bad key"}' });
    const summary = await sendDueMessages();
    const [row] = await messagesOf(orderId);
    expect(summary.failed).toEqual([row!.id]);
    expect(row).toMatchObject({ state: "failed", attempts: 1, error: '{"error":"bad key"}', provider: "http" });
  });
});

describe("a send cut off by a restart", () => {
  /** A message left "sending" by a process that stopped mid-send: its claim ended a minute ago. */
  async function cutOff(phone = nextPhone()) {
    const id = await queueMessage({ event: "test", phone, language: "en", text: "Hello from the shop" });
    await prisma.smsMessage.update({
      where: { id },
      data: { state: "sending", attempts: 1, claimedUntil: new Date(Date.now() - 60_000) },
    });
    return { id, phone };
  }

  it("is failed, not sent again, through a gateway without an idempotency key", async () => {
    const { id, phone } = await cutOff();
    const summary = await sendDueMessages();
    expect(summary.failed).toEqual([id]);
    expect(deliveredTo(phone)).toEqual([]);
    expect(await prisma.smsMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({
      state: "failed",
      error: SENDER_REASONS.interrupted,
    });
  });

  it("is sent again with the same reference through an idempotent gateway, and delivered once", async () => {
    const client = idempotentClient();
    // The cut-off attempt did reach the gateway: the repeat is refused as a duplicate, and it counts as sent.
    const reached = await cutOff();
    client.taken.push({ to: reached.phone, text: "Hello from the shop", reference: await referenceOf(reached.id) });
    // This one's attempt never reached it: it is sent now.
    const lost = await cutOff();

    const summary = await sendDueMessages({ client });

    expect(summary.sent.sort()).toEqual([reached.id, lost.id].sort());
    expect(client.taken.map((sms) => sms.reference).sort()).toEqual(
      [await referenceOf(reached.id), await referenceOf(lost.id)].sort(),
    );
    expect(await prisma.smsMessage.findUniqueOrThrow({ where: { id: reached.id } })).toMatchObject({
      state: "sent",
      attempts: 2,
      provider: "sslwireless",
    });
  });

  it("leaves a message alone while another sender's claim still runs", async () => {
    const id = await queueMessage({ event: "test", phone: nextPhone(), language: "en", text: "Still going" });
    await prisma.smsMessage.update({
      where: { id },
      data: { state: "sending", attempts: 1, claimedUntil: new Date(Date.now() + 60_000) },
    });
    expect(await sendDueMessages()).toEqual({ sent: [], retrying: [], failed: [] });
    expect((await prisma.smsMessage.findUniqueOrThrow({ where: { id } })).state).toBe("sending");
  });
});

describe("a long run", () => {
  it("claims each message from the clock when it reaches it, so a slow gateway never shortens a later claim", async () => {
    const ids = await Promise.all(
      [1, 2].map((n) => queueMessage({ event: "test", phone: nextPhone(), language: "en", text: `Slow ${n}` })),
    );
    const claims: { at: number; until: number }[] = [];
    const slow: SmsGatewayClient = {
      provider: "http",
      idempotent: false,
      async send(sms) {
        const row = await prisma.smsMessage.findUniqueOrThrow({
          where: { id: Number(/^haat-(\d+)-/.exec(sms.reference)![1]) },
        });
        claims.push({ at: Date.now(), until: row.claimedUntil!.getTime() });
        // The gateway takes 10 minutes over this one.
        vi.setSystemTime(Date.now() + 10 * 60_000);
        return { gatewayReference: null };
      },
      balance: async () => null,
    };
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const summary = await sendDueMessages({ client: slow });
      expect(summary.sent.sort()).toEqual([...ids].sort());
    } finally {
      vi.useRealTimers();
    }
    // Each claim ran past the moment its message was sent, the second as much as the first.
    for (const claim of claims) expect(claim.until).toBeGreaterThan(claim.at + 60_000);
  });
});

describe("two senders at once", () => {
  it("deliver each message once", async () => {
    const phones = Array.from({ length: 30 }, () => nextPhone());
    const ids = await Promise.all(
      phones.map((phone, n) => queueMessage({ event: "test", phone, language: "en", text: `Message ${n}` })),
    );
    const [a, b] = await Promise.all([sendDueMessages(), sendDueMessages()]);
    expect([...a!.sent, ...b!.sent].sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    const references = gateway.delivered.map((sms) => sms.reference);
    expect(references).toHaveLength(30);
    expect(new Set(references).size).toBe(30);
  });
});

describe("what the sender refuses itself", () => {
  it("fails a message when no gateway is set, naming why", async () => {
    const id = await queueMessage({ event: "test", phone: nextPhone(), language: "en", text: "Hello" });
    await sendDueMessages({ client: null });
    expect(await prisma.smsMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({
      state: "failed",
      error: SENDER_REASONS.noGateway,
    });
  });

  it("fails a number that is not a Bangladeshi mobile, and a text over 6 SMS, without a call", async () => {
    const landline = await queueMessage({ event: "test", phone: "029876543", language: "en", text: "Hello" });
    const long = await queueMessage({
      event: "test",
      phone: nextPhone(),
      language: "bn",
      text: "অ".repeat(67 * 6 + 1),
    });
    await sendDueMessages();
    expect(gateway.requests).toEqual([]);
    expect(await prisma.smsMessage.findUniqueOrThrow({ where: { id: landline } })).toMatchObject({
      state: "failed",
      error: SENDER_REASONS.notMobile,
    });
    expect(await prisma.smsMessage.findUniqueOrThrow({ where: { id: long } })).toMatchObject({
      state: "failed",
      parts: 7,
      error: SENDER_REASONS.tooLong(7),
    });
  });

  it("sends a checkout code while it lives and keeps its digits masked; fails one past its 5 minutes", async () => {
    const phone = nextPhone();
    const live = await queueMessage({
      event: "checkout-code",
      phone,
      language: "en",
      text: "482913 is your Haat order code. It expires in 5 minutes.",
    });
    const stale = await queueMessage({
      event: "checkout-code",
      phone: nextPhone(),
      language: "bn",
      text: "৪৮২৯১৩ আপনার কোড",
    });
    await prisma.smsMessage.update({
      where: { id: stale },
      data: { createdAt: new Date(Date.now() - 5 * 60_000 - 1000) },
    });

    await sendDueMessages();

    expect(deliveredTo(phone).map((sms) => sms.text)).toEqual([
      "482913 is your Haat order code. It expires in 5 minutes.",
    ]);
    expect((await prisma.smsMessage.findUniqueOrThrow({ where: { id: live } })).text).toBe(
      "•••••• is your Haat order code. It expires in 5 minutes.",
    );
    expect(await prisma.smsMessage.findUniqueOrThrow({ where: { id: stale } })).toMatchObject({
      state: "failed",
      error: SENDER_REASONS.expired,
      text: "•••••• আপনার কোড",
    });
  });
});

describe("checkout codes in the outbox", () => {
  it("go before messages due earlier, so a burst of order messages never lets a code die waiting", async () => {
    const earlier = [];
    for (const n of [1, 2, 3]) {
      earlier.push(await queueMessage({ event: "test", phone: nextPhone(), language: "en", text: `Earlier ${n}` }));
    }
    const code = await queueMessage({
      event: "checkout-code",
      phone: nextPhone(),
      language: "en",
      text: "482913 is your shop's order code. It expires in 5 minutes.",
    });
    expect(await sendDueMessages({ limit: 1 })).toMatchObject({ sent: [code] });
    expect(await sendDueMessages({ limit: 3 })).toMatchObject({ sent: earlier });
  });

  it("never show a live code on the owner's list of messages", async () => {
    const owner = await signedInJar(admin.id);
    const phone = nextPhone();
    await queueMessage({
      event: "checkout-code",
      phone,
      language: "en",
      text: "482913 is your shop's order code. It expires in 5 minutes.",
    });
    const page = await runData(messagesLoader, get(`/admin/sms/messages?phone=${phone}`, owner));
    expect(page.messages.items).toHaveLength(1);
    expect(page.messages.items[0]!.state).toBe("queued");
    expect(page.messages.items[0]!.text).toBe("•••••• is your shop's order code. It expires in 5 minutes.");
  });
});

describe("sending a failed message again", () => {
  it("sends it with a new reference, as the gateway may remember the one it refused", async () => {
    const phone = nextPhone();
    const orderId = await orderFor(phone);
    const [queued] = await messagesOf(orderId);
    gateway.fail.push({ status: 401, body: "wrong key" });
    await sendDueMessages();
    expect((await messagesOf(orderId))[0]!.state).toBe("failed");

    expect(await sendAgain(queued!.id, orderId)).toBe("order-placed");
    await sendDueMessages();

    const [sms] = deliveredTo(phone);
    const { createdAt } = await prisma.smsMessage.findUniqueOrThrow({ where: { id: queued!.id } });
    expect(sms!.reference).not.toBe(messageReference(queued!.id, createdAt));
    expect(sms!.reference).toBe(messageReference(queued!.id, createdAt, 1));
    expect((await messagesOf(orderId))[0]).toMatchObject({ state: "sent", resends: 1 });
  });
});

describe("a claim's outcome", () => {
  it("is written by its own claim only, even after Send again started the attempts again", async () => {
    const id = await queueMessage({ event: "test", phone: nextPhone(), language: "en", text: "Hello" });
    const now = new Date();
    const stalled = await claimMessage({ id, state: "queued", attempts: 0 }, now, new Date(now.getTime() + 1_000));
    // The first sender stalls past its claim; meanwhile the message failed, staff sent it again
    // (attempts back at 0) and another sender claimed it: the same attempt number, its own claim.
    await prisma.smsMessage.update({ where: { id }, data: { state: "queued", attempts: 0, claimedUntil: null } });
    const current = await claimMessage({ id, state: "queued", attempts: 0 }, now, new Date(now.getTime() + 5_000));
    expect(stalled).not.toBeNull();
    expect(current).not.toBeNull();
    const outcome = { state: "sent" as const, text: "Hello", parts: 1, error: null };
    expect(await recordOutcome(stalled!, outcome)).toBe(false);
    expect(await recordOutcome(current!, outcome)).toBe(true);
  });
});

describe("sending after a shopper's request", () => {
  it("happens after the request answered: a gateway that never answers does not hold the order up", async () => {
    const stop = sendWhenQueued();
    try {
      gateway.fail.push("hang");
      const phone = nextPhone();
      const orderId = await orderFor(phone);
      // The checkout has answered; the sender is still waiting on the gateway.
      await expect.poll(() => gateway.requests.length).toBe(1);
      expect((await messagesOf(orderId))[0]!.state).toBe("sending");
      // After the gateway's 2 s timeout nobody knows whether it took the message: this gateway
      // cannot tell a repeat, so it is failed for staff to decide, never sent twice.
      await expect.poll(async () => (await messagesOf(orderId))[0]!.state, { timeout: 10_000 }).toBe("failed");
      expect((await messagesOf(orderId))[0]!.error).toBe(SENDER_REASONS.noAnswer);
    } finally {
      stop();
    }
  });
});

describe("the order page's text messages", () => {
  it("shows each message's state, parts, text and reason, and staff send a failed one again", async () => {
    const member = await prisma.adminUser.create({
      data: { email: `sms.member${Date.now()}@haat.example`, role: "staff", passwordHash: "x" },
    });
    const jar = await signedInJar(member.id);
    const phone = nextPhone();
    const orderId = await orderFor(phone);
    gateway.fail.push({ status: 401, body: "wrong key" });
    await sendDueMessages();
    const params = { id: String(orderId) };

    const page = await runData(orderLoader, get(`/admin/orders/view/${orderId}`, jar), params);
    expect(page.smsMessages).toMatchObject([
      {
        event: "order-placed",
        state: "failed",
        error: "wrong key",
        // Money as "Tk 1,310": the English text stays GSM 7-bit, one part (the taka sign would make it Unicode, two).
        parts: 1,
        text: expect.stringContaining(`#${orderId}`),
      },
    ]);

    const [failed] = page.smsMessages;
    const resent = await run(
      orderAction,
      post(`/admin/orders/view/${orderId}`, { intent: "sms-send-again", message: failed!.id }, jar),
      params,
    );
    expect(resent.status).toBe(302);
    expect(await prisma.smsMessage.findUniqueOrThrow({ where: { id: failed!.id } })).toMatchObject({
      state: "queued",
      attempts: 0,
      error: null,
      text: "",
    });
    expect(
      await prisma.auditEvent.count({
        where: { action: "sms.message-resent", subjectId: orderId, actorId: member.id },
      }),
    ).toBe(1);
    await sendDueMessages();
    expect(deliveredTo(phone)).toHaveLength(1);

    // A message no longer failed is not queued again (a second click, a stale page).
    const again = await run(
      orderAction,
      post(`/admin/orders/view/${orderId}`, { intent: "sms-send-again", message: failed!.id }, jar),
      params,
    );
    expect(again.status).toBe(302);
    expect((await prisma.smsMessage.findUniqueOrThrow({ where: { id: failed!.id } })).state).toBe("sent");
    expect(await prisma.auditEvent.count({ where: { action: "sms.message-resent", subjectId: orderId } })).toBe(1);
  });
});

describe("the owner's list of messages sent", () => {
  it("is the owner's only: staff are refused", async () => {
    const member = await prisma.adminUser.create({
      data: { email: `sms.list${Date.now()}@haat.example`, role: "staff", passwordHash: "x" },
    });
    expect((await run(messagesLoader, get("/admin/sms/messages", await signedInJar(member.id)))).status).toBe(403);
  });

  it("lists every message newest first, filtered by state and by a phone typed in any form", async () => {
    const owner = await signedInJar(admin.id);
    expect(expectData(await run(messagesLoader, get("/admin/sms/messages", owner))).messages.total).toBe(0);
    const phone = "01712000999";
    const first = await queueMessage({ event: "test", phone, language: "en", text: "First" });
    const second = await queueMessage({ event: "test", phone: nextPhone(), language: "en", text: "Second" });
    gateway.fail.push({ status: 401, body: "wrong key" });
    await sendDueMessages();

    const all = await runData(messagesLoader, get("/admin/sms/messages", owner));
    expect(all.messages.items.map((m) => m.id)).toEqual([second, first]);
    const failed = await runData(messagesLoader, get("/admin/sms/messages?state=failed", owner));
    expect(failed.messages.items.map((m) => m.id)).toEqual([first]);
    const byPhone = await runData(
      messagesLoader,
      get(`/admin/sms/messages?phone=${encodeURIComponent("+880 ১৭১২-০০০৯৯৯")}`, owner),
    );
    expect(byPhone.messages.items.map((m) => m.id)).toEqual([first]);
    const notMobile = await runData(messagesLoader, get("/admin/sms/messages?phone=12345", owner));
    expect(notMobile).toMatchObject({ phoneInvalid: true, messages: { total: 0 } });
  });
});

describe("a process that stops", () => {
  it("writes the outcome of the message it holds before it ends, and claims no other", async () => {
    const stop = sendWhenQueued();
    try {
      gateway.fail.push("hang");
      const phones = [nextPhone(), nextPhone(), nextPhone()];
      const ids: number[] = [];
      for (const phone of phones) ids.push(await queueMessage({ event: "test", phone, language: "en", text: "Bye" }));
      // The first message is with the gateway, which does not answer.
      await expect.poll(() => gateway.requests.length).toBe(1);
      await stopSending();
      // Its attempt ended (the 2 s timeout) and was written, never left "sending": failed, since
      // the gateway may have taken it and cannot tell a repeat.
      const rows = await prisma.smsMessage.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });
      expect(rows.map((row) => [row.state, row.attempts])).toEqual([
        ["failed", 1],
        ["queued", 0],
        ["queued", 0],
      ]);
      expect(gateway.requests).toHaveLength(1);
    } finally {
      stop();
    }
  });
});
