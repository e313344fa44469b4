/**
 * Turns to render a page the page cache does not hold (app/server/http/page-cache/page-cache.server.ts,
 * docs/decisions/057-page-cache-for-crowds.md): a fixed number of renders run at once for the whole
 * process, and the misses beyond wait their turn, served round-robin by client address.
 *
 * - **Fair, not rationed.** The waiting requests are kept in one queue per address, and the
 *   addresses take turns: when a render ends, the next turn goes to the waiting address with the
 *   fewest renders running, the one that waited longest since its last turn among equals. So a
 *   flood of new URLs from one address gets one turn in every round while other addresses wait, and
 *   a crowd behind one address (a carrier's NAT, a proxy without TRUST_PROXY) gets every turn when
 *   nobody else waits.
 * - **Bounded wait.** A request that has waited `maxWaitMs` for a turn is answered by `shed` (the
 *   cache sends 503 with Retry-After) instead of waiting on; the count is in `stats`.
 * - **A turn is the render's work, not the client's reading.** It ends when the app ends the
 *   answer (`res.end`), or when the connection closes, whichever comes first, so a client that
 *   reads its answer slowly holds no turn from others.
 * - A request whose connection has closed is dropped when its turn comes. "Closed" is read from
 *   the request's own connection: an answer to a request that arrived on a kept-alive connection
 *   before the previous answer on it was finished has no socket of its own yet (Node assigns it
 *   then), and such a request is as alive as any.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

/** How long a visitor told the shop is busy should wait before asking again, in seconds. */
const RETRY_AFTER_SECONDS = 5;

/** What a miss that found no turn to render in time is answered (503), in both languages. */
const BUSY_PAGE =
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS}"><title>Busy</title></head><body>` +
  `<p>The shop is busy right now. This page will try again in a few seconds.</p>` +
  `<p lang="bn">দোকানে এখন খুব ভিড়। কয়েক সেকেন্ডের মধ্যে পাতাটি আবার চেষ্টা করবে।</p></body></html>`;

/**
 * Answers a miss that found no turn to render in time: 503, try again shortly (`Retry-After`). The
 * page tells a visitor without JavaScript the same, in English and Bangla, and reloads itself after
 * the wait. No shop data is in it, and it is never stored.
 */
export function answerBusy(req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(503, {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    "Retry-After": String(RETRY_AFTER_SECONDS),
    "Content-Security-Policy": "default-src 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Cache": "BUSY",
  });
  res.end(req.method === "HEAD" ? undefined : BUSY_PAGE);
}

/** A miss waiting for its turn. */
type Waiting = {
  req: IncomingMessage;
  res: ServerResponse;
  start: () => void;
  timer: ReturnType<typeof setTimeout>;
};

export type RenderTurnsOptions = {
  /** Renders that may run at once, for the whole process (at least 1). */
  turns: number;
  /** How long a request may wait for a turn before `shed` answers it, in ms. */
  maxWaitMs: number;
};

type RenderTurnsStats = {
  /** Renders running now. */
  running: number;
  /** Requests waiting for a turn now. */
  waiting: number;
  /** Client addresses with a request waiting now. */
  clients: number;
  /** Requests that had to wait for a turn, since the start. */
  queued: number;
  /** Requests answered by `shed` after waiting `maxWaitMs`, since the start. */
  shed: number;
};

export type RenderTurns = {
  /**
   * Calls `start` (the render) now if a turn is free, else when its turn comes; calls `shed`
   * instead when that takes longer than `maxWaitMs`. Neither is called when the request's
   * connection closed while it waited.
   */
  take(client: string, req: IncomingMessage, res: ServerResponse, start: () => void, shed: () => void): void;
  stats(): RenderTurnsStats;
};

/**
 * Whether the client of `req` has gone: its connection closed, or its answer was destroyed. Never
 * `res.socket`: an answer may have no socket yet while its connection is alive (see above).
 */
function clientGone(req: IncomingMessage, res: ServerResponse): boolean {
  return res.destroyed || req.socket.destroyed;
}

/** Creates the render turns of one process (see the module's comment). */
export function createRenderTurns(options: RenderTurnsOptions): RenderTurns {
  const limit = Math.max(1, Math.floor(options.turns));
  let running = 0;
  let waitingCount = 0;
  let queued = 0;
  let shed = 0;
  /** Per client address, its waiting requests, oldest first; in the order the addresses take turns. */
  const queues = new Map<string, Waiting[]>();
  /** Per client address, its renders running now (addresses with none are not kept). */
  const runningBy = new Map<string, number>();

  function begin(client: string, res: ServerResponse, start: () => void): void {
    running++;
    runningBy.set(client, (runningBy.get(client) ?? 0) + 1);
    let ended = false;
    const release = () => {
      if (ended) return;
      ended = true;
      res.off("close", release);
      running--;
      const left = runningBy.get(client)! - 1;
      if (left > 0) runningBy.set(client, left);
      else runningBy.delete(client);
      next();
    };
    const end = res.end;
    res.end = function (this: ServerResponse, ...args: unknown[]) {
      const result = (end as (...args: unknown[]) => ServerResponse).apply(this, args);
      release();
      return result;
    } as ServerResponse["end"];
    res.once("close", release);
    start();
  }

  /** The waiting address to have the next turn: the fewest renders running, first in line among equals. */
  function nextClient(): string {
    let chosen = "";
    let fewest = Infinity;
    for (const client of queues.keys()) {
      const count = runningBy.get(client) ?? 0;
      if (count < fewest) [chosen, fewest] = [client, count];
      if (count === 0) break;
    }
    return chosen;
  }

  /** Gives free turns to the waiting requests, one address after another. */
  function next(): void {
    while (running < limit && queues.size > 0) {
      const client = nextClient();
      const queue = queues.get(client)!;
      const waiting = queue.shift()!;
      waitingCount--;
      // The address goes to the back of the line with what it has left.
      queues.delete(client);
      if (queue.length > 0) queues.set(client, queue);
      clearTimeout(waiting.timer);
      if (clientGone(waiting.req, waiting.res)) continue;
      begin(client, waiting.res, waiting.start);
    }
  }

  function take(
    client: string,
    req: IncomingMessage,
    res: ServerResponse,
    start: () => void,
    onShed: () => void,
  ): void {
    if (clientGone(req, res)) return;
    if (running < limit && queues.size === 0) return begin(client, res, start);
    queued++;
    let queue = queues.get(client);
    if (!queue) queues.set(client, (queue = []));
    const waiting: Waiting = {
      req,
      res,
      start,
      timer: setTimeout(() => {
        const at = queue.indexOf(waiting);
        if (at === -1) return;
        queue.splice(at, 1);
        waitingCount--;
        if (queue.length === 0 && queues.get(client) === queue) queues.delete(client);
        if (clientGone(req, res)) return;
        shed++;
        onShed();
      }, options.maxWaitMs),
    };
    queue.push(waiting);
    waitingCount++;
    next();
  }

  return {
    take,
    stats: () => ({ running, waiting: waitingCount, clients: queues.size, queued, shed }),
  };
}
