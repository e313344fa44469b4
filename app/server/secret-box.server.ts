/**
 * Seals short secrets (a courier's API key and secret key) for storage in the database, with
 * AES-256-GCM from Node's own crypto module. The key is derived with HKDF-SHA-256 from
 * SESSION_SECRET, which lives in the environment, not the database: a copy of the database alone
 * (a backup, a stolen file) does not reveal the secrets. Changing SESSION_SECRET makes sealed
 * values unreadable; they must then be entered again (docs/decisions/029-courier-hand-off.md).
 */
import crypto from "node:crypto";
import { getEnv } from "~/config/env.server";

/** What the derived key is for: a different purpose gets an unrelated key from the same secret. */
const PURPOSE = "haat sealed settings v1";

function keyFrom(secret: string): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", secret, Buffer.alloc(0), PURPOSE, 32));
}

/**
 * `plain` sealed as "iv.tag.ciphertext" (base64url parts): a fresh 96-bit IV each time, so sealing
 * the same value twice gives different text. `secret` defaults to this process's SESSION_SECRET.
 */
export function seal(plain: string, secret: string = getEnv().SESSION_SECRET): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", keyFrom(secret), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
}

/**
 * The plain text of a value made by `seal`, or null when it cannot be opened: sealed under another
 * SESSION_SECRET, altered, or not a sealed value at all.
 */
export function unseal(sealed: string, secret: string = getEnv().SESSION_SECRET): string | null {
  const parts = sealed.split(".");
  if (parts.length !== 3) return null;
  try {
    const [iv, tag, body] = parts.map((part) => Buffer.from(part, "base64url")) as [Buffer, Buffer, Buffer];
    const decipher = crypto.createDecipheriv("aes-256-gcm", keyFrom(secret), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
