/**
 * A worker of a test's cluster (app/server/rate-limit.server.test.ts), started by `cluster.fork()`
 * under tsx with HAAT_RATE_LIMITS=primary, as server.js's primary starts a server process. It
 * answers the primary's questions with the app's own limits, one reply per question:
 *   { ask: "consume", id, keyPrefix, points, key } → { id, allowed: boolean }
 *   { ask: "sign-in", id, email } → { id, verdict } (takeLoginAttempt from a new address)
 */
import { createLimiter, waitFrom, type Limiter } from "~/server/rate-limit.server";
import { takeLoginAttempt } from "~/server/auth/sign-in-limits.server";

type Question =
  | { ask: "consume"; id: number; keyPrefix: string; points: number; key: string }
  | { ask: "sign-in"; id: number; email: string; address: string };

const limiters = new Map<string, Limiter>();

process.on("message", (message: Question | { channel?: string }) => {
  if (!("ask" in message)) return; // the limits' own messages (rate-limiter-flexible's channel)
  void answer(message).then((reply) => process.send!({ id: message.id, ...reply }));
});
process.send!({ ready: true });

async function answer(question: Question): Promise<Record<string, unknown>> {
  if (question.ask === "sign-in") {
    return { verdict: await takeLoginAttempt({ address: question.address, email: question.email, device: null }) };
  }
  let limiter = limiters.get(question.keyPrefix);
  if (!limiter) {
    limiter = createLimiter({ keyPrefix: question.keyPrefix, points: question.points, duration: 60 });
    limiters.set(question.keyPrefix, limiter);
  }
  const waitMs = await limiter.consume(question.key).then(() => 0, waitFrom);
  return { allowed: waitMs === 0 };
}
