/**
 * A second node's SMS sender, for tests/postgresql/sms-outbox.test.ts: a process of its own
 * (forked under tsx with the test's environment: the same database), with its own connection pool,
 * running the app's `sendDueMessages` as the "sms-outbox" job would. Protocol, one reply per ask:
 *   { ask: "send", limit } → { sent, retrying, failed } (ids), after runs until one finds nothing due
 *   { ask: "exit" } → the process closes its connections and ends.
 */
import { prisma } from "~/models/db/client.server";
import { sendDueMessages, type SendSummary } from "~/server/sms/sender.server";

type Ask = { ask: "send"; limit: number } | { ask: "exit" };

process.on("message", (message: Ask) => {
  if (message.ask === "exit") {
    void prisma.$disconnect().finally(() => process.exit(0));
    return;
  }
  void sendAll(message.limit).then(
    (summary) => process.send!(summary),
    (error: unknown) => process.send!({ error: error instanceof Error ? error.message : String(error) }),
  );
});
process.send!({ ready: true });

async function sendAll(limit: number): Promise<SendSummary> {
  const all: SendSummary = { sent: [], retrying: [], failed: [] };
  for (;;) {
    const run = await sendDueMessages({ limit });
    all.sent.push(...run.sent);
    all.retrying.push(...run.retrying);
    all.failed.push(...run.failed);
    if (run.sent.length + run.retrying.length + run.failed.length === 0) {
      // Nothing claimed: done once nothing is due any more (the other node may hold the rest).
      const left = await prisma.smsMessage.count({ where: { state: "queued", nextAttemptAt: { lte: new Date() } } });
      if (left === 0) return all;
    }
  }
}
