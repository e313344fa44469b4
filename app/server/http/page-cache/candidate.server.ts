/**
 * A page-cache candidate on its way through Express: the page cache marks a GET it lets render
 * (`markCandidate`) with what storing its answer needs (`Pending`), and Express's `capture`
 * middleware, mounted after compression, records the body as Remix writes it (`recordBody`).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { KeyInputs, RenderedInputs } from "./page-notes.server";

/** What a candidate request's MISS carries through Express to `capture`. */
export type Pending = {
  key: string;
  /** The canonical URL the page is rendered for. */
  url: string;
  /** The last change of the log applied when the render started. */
  seen: number;
  inputs: KeyInputs;
  /** The record its loaders fill (`noteRenderedInputs`, page-notes.server.ts). */
  rendered: RenderedInputs;
  /** Storing its answer, once the answer has ended. */
  job?: Promise<void>;
};

const PENDING = Symbol("haat.pageCache.pending");
type CandidateRequest = IncomingMessage & { [PENDING]?: Pending };

/** Marks `req` as a candidate whose answer may be stored as `pending` says. */
export function markCandidate(req: IncomingMessage, pending: Pending): void {
  (req as CandidateRequest)[PENDING] = pending;
}

/** What `markCandidate` marked `req` with; undefined for a request the cache will not store. */
export function candidateOf(req: IncomingMessage): Pending | undefined {
  return (req as CandidateRequest)[PENDING];
}

/**
 * Records the body `res` is sent with, chunk by chunk as the app writes it (strings in their
 * encoding, UTF-8 by default), and calls `onEnd` with the whole of it once the app has ended the
 * answer (after `res.end` passed it on).
 */
export function recordBody(res: ServerResponse, onEnd: (raw: Buffer) => void): void {
  const chunks: Buffer[] = [];
  const write = res.write;
  const end = res.end;
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (typeof chunk === "string")
      chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as ServerResponse["write"];
  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    if (typeof chunk !== "function") keep(chunk, rest[0]);
    const result = (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    onEnd(Buffer.concat(chunks));
    return result;
  } as ServerResponse["end"];
}
