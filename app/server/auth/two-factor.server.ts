/**
 * Two-factor sign-in with TOTP, authenticator apps' six-digit codes (RFC 6238: SHA-1, 6 digits,
 * 30-second steps), through `otpauth`; docs/decisions/034-two-factor-sign-in.md.
 *
 * - The secret is 160 random bits (base32), stored sealed (secret-box.server.ts) and shown once as a
 *   QR code (an SVG made here by `qrcode`, nothing sent to a third party) and as text.
 * - A code is accepted one step either side of now (clock drift), and once: the step that signed in
 *   is stored, and a code of that step or an earlier one is refused.
 * - Ten recovery codes of 10 characters from 29 letters and digits without look-alikes (about 48
 *   random bits each, `xxxxx-xxxxx`), shown once, stored as SHA-256 hashes, each usable once.
 * - Between the password and the code, the sign-in is held in a signed cookie for 5 minutes
 *   (`holdSignIn`), never a session, and used once: the cookie names a random id the database keeps
 *   (table HeldSignIn, so any server process can take the second step) until the second step
 *   succeeds (`spendHeldSignIn`), so a copy of the cookie is worth nothing after that. An account
 *   keeps at most 3 held sign-ins (a new one replaces its oldest), so nobody's sign-ins push out
 *   another account's. Codes are limited per account: 5 in 5 minutes, 20 in a day.
 */
import { createCookie } from "@remix-run/node";
import crypto from "node:crypto";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { RateLimiterRes } from "rate-limiter-flexible";
import { z } from "zod";
import { getEnv } from "~/config/env.server";
import { deleteHeldSignIn, isSignInHeld, storeHeldSignIn } from "~/models/auth/two-factor.server";
import { secureCookieName } from "../cookie-name.server";
import { createLimiter } from "../rate-limit.server";

const PERIOD_SECONDS = 30;
const RECOVERY_CODE_COUNT = 10;
/** How long the step between password and code may take, in seconds. */
const PENDING_SECONDS = 5 * 60;

/** A new TOTP secret, base32 (160 bits, RFC 4226's recommended length). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The TOTP of `secret` for the account `email` at the shop `issuer`. */
function totpOf(secret: string, email = "", issuer = "haat"): TOTP {
  return new TOTP({ issuer, label: email, algorithm: "SHA1", digits: 6, period: PERIOD_SECONDS, secret });
}

/**
 * What an authenticator app scans: the otpauth:// address and its QR code as an SVG document
 * (its markup, to put in the page), for the account `email` at the shop `issuer`.
 */
export async function totpEnrolment(
  secret: string,
  email: string,
  issuer: string,
): Promise<{ uri: string; qrSvg: string }> {
  const uri = totpOf(secret, email, issuer).toString();
  const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { uri, qrSvg };
}

/**
 * The time step (30-second count since 1970) of `code` for `secret`, within one step of `now` (ms),
 * or null when the code is wrong or its step is not after `lastStep` (a code is used once).
 */
export function verifyTotp(secret: string, code: string, lastStep: number | null, now = Date.now()): number | null {
  const token = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secret).validate({ token, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** The recovery codes' alphabet: lower-case letters and digits without look-alikes (i, l, o, 0, 1, 8, 9). */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz234567";

/** `RECOVERY_CODE_COUNT` new recovery codes, `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
  });
}

/** The stored form of a recovery code as typed (case, spaces and dashes ignored): SHA-256, hex. */
export function hashRecoveryCode(code: string): string {
  return crypto.createHash("sha256").update(code.toLowerCase().replace(/[\s-]/g, "")).digest("hex");
}

/** Whether `input` looks like a recovery code rather than a six-digit code. */
export function isRecoveryCodeShaped(input: string): boolean {
  return /^[a-hj-kmnp-z2-7]{5}-?[a-hj-kmnp-z2-7]{5}$/i.test(input.trim());
}

/** The held sign-in between password and code: who, where to go after, until when (ms), its id. */
const pendingSchema = z.object({
  userId: z.number().int(),
  redirectTo: z.string(),
  until: z.number(),
  nonce: z.string(),
});
export type PendingSignIn = z.infer<typeof pendingSchema>;

/** Held sign-ins kept per account; a new one replaces that account's oldest. */
const HELD_PER_ACCOUNT = 3;

const pendingCookie = createCookie(secureCookieName("haat_2fa", getEnv().COOKIE_SECURE), {
  httpOnly: true,
  sameSite: "lax",
  path: "/admin",
  secure: getEnv().COOKIE_SECURE,
  secrets: [getEnv().SESSION_SECRET],
  maxAge: PENDING_SECONDS,
});

/**
 * The Set-Cookie header that holds the sign-in of `userId` for 5 minutes, usable once. The account
 * keeps at most HELD_PER_ACCOUNT held sign-ins: this one replaces its oldest.
 * @throws the database's error when it cannot be stored.
 */
export async function holdSignIn(userId: number, redirectTo: string): Promise<string> {
  const nonce = crypto.randomBytes(16).toString("base64url");
  const until = Date.now() + PENDING_SECONDS * 1000;
  await storeHeldSignIn(userId, nonce, new Date(until), HELD_PER_ACCOUNT);
  return pendingCookie.serialize({ userId, redirectTo, until, nonce });
}

/**
 * The held sign-in of the request, or null (none, tampered with, over 5 minutes old, replaced by
 * newer ones of the account, or already used by a successful second step).
 */
export async function heldSignIn(request: Request): Promise<PendingSignIn | null> {
  const parsed = pendingSchema.safeParse(await pendingCookie.parse(request.headers.get("Cookie")));
  if (!parsed.success || parsed.data.until <= Date.now()) return null;
  return (await isSignInHeld(parsed.data.userId, parsed.data.nonce)) ? parsed.data : null;
}

/**
 * Uses up `held` before its second step's code is used up, so a code is never spent by a request
 * that does not sign in. Resolves true the first time; false when it was already used (two
 * requests with one cookie, in one process or two: only one deletes it) or has expired. A code
 * that then turns out to be taken already gives it back with `restoreHeldSignIn`.
 */
export function spendHeldSignIn(held: PendingSignIn): Promise<boolean> {
  return deleteHeldSignIn(held.userId, held.nonce);
}

/**
 * Gives back `held`, spent by `spendHeldSignIn` for a code that was then refused, so the person can
 * try another code with the same cookie. Nothing happens once it has expired. It counts as the
 * account's newest held sign-in.
 */
export async function restoreHeldSignIn(held: PendingSignIn): Promise<void> {
  if (held.until <= Date.now()) return;
  await storeHeldSignIn(held.userId, held.nonce, new Date(held.until), HELD_PER_ACCOUNT);
}

/** The Set-Cookie header that drops the held sign-in. */
export function releaseSignIn(): Promise<string> {
  return pendingCookie.serialize("", { maxAge: 0 });
}

/** Code attempts per account: 5 in 5 minutes, and 20 in a day (about a 1-in-50,000 chance a day). */
const codeAttempts = [
  createLimiter({ keyPrefix: "two-factor", points: 5, duration: 5 * 60 }),
  createLimiter({ keyPrefix: "two-factor-day", points: 20, duration: 24 * 60 * 60 }),
];

/**
 * Takes one code attempt for `userId`: resolves true while fewer than 5 codes were tried in the
 * last 5 minutes and fewer than 20 in the last day (the caller `forgiveCodeAttempts` after a right
 * one), false when refused. Counted like the sign-in limits (../rate-limit.server.ts): a restart
 * forgets them.
 */
export async function takeCodeAttempt(userId: number): Promise<boolean> {
  try {
    for (const limiter of codeAttempts) await limiter.consume(String(userId));
    return true;
  } catch (error) {
    if (error instanceof RateLimiterRes) return false;
    throw error;
  }
}

/** Forgets the account's code attempts (after a right code). */
export async function forgiveCodeAttempts(userId: number): Promise<void> {
  for (const limiter of codeAttempts) await limiter.delete(String(userId));
}
