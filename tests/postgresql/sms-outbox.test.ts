/**
 * The SMS outbox on PostgreSQL (docs/decisions/065-sms.md): only what differs from SQLite, where one
 * writer at a time makes every race a queue. Here the claims run on separate connections under READ
 * COMMITTED: several sessions of one process, and two nodes (two processes, each with its own pool:
 * tests/support/sms-sender-worker.ts) sending the same outbox, deliver each message once; a node
 * killed while its gateway call hangs leaves a message that is never sent twice.
 */
import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/models/db/client.server";
import { queueMessage } from "../support/sms-outbox";
import { DEFAULT_SMS_TEMPLATES } from "~/rules/sms";
import { SmsGatewayError, type OutgoingSms, type SmsGatewayClient } from "~/server/sms/gateway";
import { SENDER_REASONS, sendDueMessages, type SendSummary } from "~/server/sms/sender.server";
import { startFakeSmsGateway, workerSmsGatewayPort, type FakeSmsGateway } from "../support/sms-gateway-server";
import { createProduct } from "../integration/helpers";
import { placeOrder } from "../integration/place-order";

let gateway: FakeSmsGateway;

beforeAll(async () => {
  gateway = await startFakeSmsGateway(workerSmsGatewayPort());
  const settings = JSON.stringify({
    url: `${gateway.origin}/http/send?key=test-http-key&to={to}&text={text}&reference={reference}`,
    method: "GET",
  });
  await prisma.smsGateway.create({ data: { id: 1, provider: "http", settings } });
  const placed = DEFAULT_SMS_TEMPLATES["order-placed"];
  await prisma.smsTemplate.create({
    data: { event: "order-placed", enabled: true, textEn: placed.en, textBn: placed.bn },
  });
});
afterAll(() => gateway.close());

beforeEach(async () => {
  gateway.delivered.length = 0;
  gateway.requests.length = 0;
  gateway.fail.length = 0;
  await prisma.smsMessage.deleteMany();
});

let phoneCounter = 0;
const nextPhone = () => `0191${String(++phoneCounter).padStart(7, "0")}`;

/** Queues `count` messages to phones of their own; returns their ids. */
const queueMany = (count: number) =>
  Promise.all(
    Array.from({ length: count }, (_, n) =>
      queueMessage({ event: "test", phone: nextPhone(), language: "en", text: `Outbox message ${n}` }),
    ),
  );

const byNumber = (a: number, b: number) => a - b;

/** A sender in a process of its own, on its own connections: a second node. */
type Node = { child: ChildProcess; send(limit: number): Promise<SendSummary>; stop(): Promise<void> };

async function startNode(): Promise<Node> {
  const child = fork(path.resolve("tests/support/sms-sender-worker.ts"), {
    execArgv: ["--import", "tsx"],
    env: process.env,
  });
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`the sender node exited with ${code}`)));
  });
  return {
    child,
    send: (limit) =>
      new Promise((resolve, reject) => {
        child.once("message", (reply: SendSummary | { error: string }) =>
          "error" in reply ? reject(new Error(reply.error)) : resolve(reply),
        );
        child.send({ ask: "send", limit });
      }),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.send({ ask: "exit" });
      }),
  };
}

describe("the SMS outbox on PostgreSQL", () => {
  it("claims each message once when six sessions send at once", async () => {
    const ids = await queueMany(60);
    const runs = await Promise.all(Array.from({ length: 6 }, () => sendDueMessages({ limit: 60 })));
    const sent = runs.flatMap((run) => run.sent);
    expect(sent.sort(byNumber)).toEqual([...ids].sort(byNumber));
    expect(gateway.delivered).toHaveLength(60);
    expect(new Set(gateway.delivered.map((sms) => sms.reference)).size).toBe(60);
  });

  it("delivers every message once when two nodes send the same outbox", async () => {
    const nodes = await Promise.all([startNode(), startNode()]);
    try {
      const lamp = await createProduct({ name: "PG Outbox Lamp", pricePaisa: 50_000, stockQuantity: 100 });
      const orders = await Promise.all(
        Array.from({ length: 10 }, () => placeOrder([[lamp.variantId, 1]], { phone: nextPhone() })),
      );
      const queued = await queueMany(140);
      const all = await prisma.smsMessage.findMany({ select: { id: true } });
      expect(all).toHaveLength(150);

      const [a, b] = await Promise.all(nodes.map((node) => node.send(5)));

      // Both nodes took a share, and no message went through both.
      expect(a!.sent.length).toBeGreaterThan(0);
      expect(b!.sent.length).toBeGreaterThan(0);
      expect([...a!.sent, ...b!.sent].sort(byNumber)).toEqual(all.map((row) => row.id).sort(byNumber));
      const references = gateway.delivered.map((sms) => sms.reference);
      expect(references).toHaveLength(150);
      expect(new Set(references).size).toBe(150);
      expect(await prisma.smsMessage.count({ where: { state: "sent" } })).toBe(150);
      expect(await prisma.smsMessage.count({ where: { orderId: { in: orders }, event: "order-placed" } })).toBe(10);
      expect(queued).toHaveLength(140);
    } finally {
      await Promise.all(nodes.map((node) => node.stop()));
    }
  }, 60_000);

  it("never sends twice a message whose node was killed mid-send", async () => {
    const node = await startNode();
    const [cutOff] = await queueMany(1);
    gateway.fail.push("hang");
    void node.send(1).catch(() => {});
    // The node has claimed it and is waiting on the gateway: it is stopped there.
    await expect.poll(() => gateway.requests.length).toBe(1);
    node.child.kill("SIGKILL");
    await new Promise((resolve) => node.child.once("exit", resolve));
    expect(await prisma.smsMessage.findUniqueOrThrow({ where: { id: cutOff! } })).toMatchObject({ state: "sending" });

    // Its claim has not ended: the other node leaves it alone.
    expect((await sendDueMessages()).failed).toEqual([]);
    // Once it ended, two nodes reach for it at once: one takes it over, and fails it (the generic
    // gateway takes no idempotency key, so it may or may not have reached the phone).
    const later = new Date(Date.now() + 10 * 60_000);
    const runs = await Promise.all([sendDueMessages({ now: later }), sendDueMessages({ now: later })]);
    expect(runs.flatMap((run) => run.failed)).toEqual([cutOff]);
    expect(await prisma.smsMessage.findUniqueOrThrow({ where: { id: cutOff! } })).toMatchObject({
      state: "failed",
      attempts: 2,
      error: SENDER_REASONS.interrupted,
    });
    expect(gateway.delivered).toEqual([]);
  }, 30_000);

  it("re-sends a cut-off message once through an idempotent gateway when two nodes take it over", async () => {
    const taken: OutgoingSms[] = [];
    const idempotent: SmsGatewayClient = {
      provider: "sslwireless",
      idempotent: true,
      async send(sms) {
        if (taken.some((earlier) => earlier.reference === sms.reference)) {
          throw new SmsGatewayError("Duplicate csms_id", "duplicate", false);
        }
        taken.push(sms);
        return { gatewayReference: null };
      },
      balance: async () => null,
    };
    const ids = await queueMany(10);
    await prisma.smsMessage.updateMany({
      where: { id: { in: ids } },
      data: { state: "sending", attempts: 1, claimedUntil: new Date(Date.now() - 1000) },
    });
    const runs = await Promise.all(Array.from({ length: 4 }, () => sendDueMessages({ client: idempotent })));
    expect(runs.flatMap((run) => run.sent).sort(byNumber)).toEqual([...ids].sort(byNumber));
    expect(taken).toHaveLength(10);
    expect(new Set(taken.map((sms) => sms.reference)).size).toBe(10);
  });
});
