/** Queuing an outbox message in tests, as the shop's own callers do. */
import { prisma } from "~/models/db/client.server";
import { messagesQueued, queueMessageIn } from "~/models/sms/outbox.server";

/**
 * Queues a message outside an order in its own transaction, as a checkout code is, and wakes this
 * process's sender. Returns the message's id.
 */
export async function queueMessage(message: Parameters<typeof queueMessageIn>[1]): Promise<number> {
  const id = await prisma.$transaction((tx) => queueMessageIn(tx, message));
  messagesQueued();
  return id;
}
