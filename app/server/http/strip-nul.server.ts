/**
 * A stream that drops NUL bytes (0x00) from server-rendered HTML.
 *
 * Why: React 18.3's `renderToPipeableStream` copies text into 2048-byte buffers with
 * `TextEncoder.encodeInto`; when a multi-byte character (every Bangla letter is 3 bytes in UTF-8)
 * does not fit at the end of a buffer, it still writes the whole buffer, so the one or two bytes
 * left unused go out as NULs. Browsers drop a NUL in ordinary text, but inside a `<textarea>` or
 * `<title>` they show it as "�" (U+FFFD), and a textarea saved without JavaScript would store
 * that "�" in the database: a Bangla product description edited in the back office was the case
 * seen. Well-formed HTML never contains a NUL, and no byte of a multi-byte UTF-8 character is 0,
 * so dropping every 0x00 byte restores the intended bytes exactly.
 */
import { Transform, type TransformCallback } from "node:stream";

/** Drops every 0x00 byte of `chunk`; the same Buffer when it has none (the usual case). */
export function withoutNul(chunk: Buffer): Buffer {
  if (chunk.indexOf(0) === -1) return chunk;
  const kept = Buffer.allocUnsafe(chunk.length);
  let length = 0;
  for (const byte of chunk) if (byte !== 0) kept[length++] = byte;
  return kept.subarray(0, length);
}

/** A Transform stream that passes its input on with every 0x00 byte dropped (`withoutNul`). */
export function stripNul(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      done(null, withoutNul(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)));
    },
  });
}
