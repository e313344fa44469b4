/**
 * Sign-in throttling; docs/decisions/021-sign-in-throttling.md. Every count is a limit of
 * ../rate-limit.server.ts: in memory in one process, shared by all processes of a cluster
 * (docs/decisions/052-one-process-per-core.md).
 *
 * An attempt from a browser the account has not signed in from is limited three ways:
 * - per client address + e-mail: 10 attempts in 15 minutes;
 * - per client address: 50 attempts in 15 minutes, whichever e-mails they name;
 * - per account (the e-mail, from every address together): after 5 failures in a row, each further
 *   attempt must wait 1 s, 2 s, 4 s … (at most 15 minutes) after the one before. Spreading guesses
 *   over many addresses does not get around this one.
 * An attempt that carries the account's device cookie (./device-cookie.server.ts: this browser
 * signed in to this account before) is exempt from all three, so staff behind an address that
 * someone else is guessing from, or whose account is under attack, still get in. It is limited by
 * its own counter instead: 10 attempts in 15 minutes; a device past that is treated as unknown.
 *
 * A client address is counted by `clientKey` (client-key.server.ts): an IPv6 address by its
 * /64 network (one subscriber's line, in which changing address is free), an IPv4 address, also
 * written as `::ffff:a.b.c.d`, by itself.
 *
 * Every attempt is counted before the password is checked, so parallel guesses cannot slip past a
 * limit. A success gives back what its attempt took, and clears the account's failures: only
 * failures add up (before, 50 ordinary sign-ins from one office address locked every colleague out).
 */
import { clientKey } from "../client-key.server";
import { createLimiter, waitFrom } from "../rate-limit.server";

const WINDOW_SECONDS = 15 * 60;
/** Consecutive failures of an account before its back-off starts. */
const FREE_FAILURES = 5;
/** The first back-off wait, in milliseconds; each further failure doubles it. */
const FIRST_WAIT_MS = 1000;
/** The longest back-off wait, in milliseconds. */
const MAX_WAIT_MS = WINDOW_SECONDS * 1000;
/** An account's failures are forgotten this long after the first of them, in seconds (a success forgets them at once). */
const FORGET_AFTER_SECONDS = 24 * 60 * 60;

const perAddressAndEmail = createLimiter({ keyPrefix: "login-account", points: 10, duration: WINDOW_SECONDS });
const perAddress = createLimiter({ keyPrefix: "login-address", points: 50, duration: WINDOW_SECONDS });
const perDevice = createLimiter({ keyPrefix: "login-device", points: 10, duration: WINDOW_SECONDS });

/** One sign-in attempt: the client address, the e-mail typed, and the trusted device id (or null). */
type LoginAttempt = {
  address: string;
  email: string;
  /** The id of a valid device cookie issued for this e-mail (trustedDeviceFor), else null. */
  device: string | null;
};

/** Which limit refused an attempt. */
type LoginLimit = "address" | "address+email" | "account";

/** What takeLoginAttempt decided: go ahead (and by which path), or wait. */
type LoginVerdict = { allowed: true; viaDevice: boolean } | { allowed: false; waitMs: number; limit: LoginLimit };

/** The account an e-mail names, as findAdminForLogin looks it up (at most an e-mail's 254 characters). */
const accountOf = (email: string) => email.trim().toLowerCase().slice(0, 254);

/**
 * Takes one sign-in attempt, before the password is checked.
 * Returns `{ allowed: true, viaDevice }` when the attempt may go ahead (`viaDevice`: it counted
 * against its device, not its address and account), or `{ allowed: false, waitMs, limit }` with
 * the milliseconds to wait (at least 1) and the limit that refused it.
 * @throws whatever the limiter throws other than its limit-reached answer.
 */
export async function takeLoginAttempt({ address: typed, email, device }: LoginAttempt): Promise<LoginVerdict> {
  if (device !== null) {
    const deviceMs = await perDevice.consume(device).then(() => 0, waitFrom);
    if (deviceMs === 0) return { allowed: true, viaDevice: true };
    // Past its own limit, the device is treated as any unknown browser below.
  }
  const account = accountOf(email);
  const address = clientKey(typed);
  // Already waiting: refused before it costs the address anything.
  const backoffMs = await accountWait(account);
  if (backoffMs > 0) return { allowed: false, waitMs: backoffMs, limit: "account" };

  const [pairMs, addressMs] = await Promise.all([
    perAddressAndEmail.consume(`${address}|${account}`).then(() => 0, waitFrom),
    perAddress.consume(address).then(() => 0, waitFrom),
  ]);
  if (pairMs > 0 || addressMs > 0) {
    return pairMs >= addressMs
      ? { allowed: false, waitMs: pairMs, limit: "address+email" }
      : { allowed: false, waitMs: addressMs, limit: "address" };
  }
  // Checked again and counted in one step: a parallel attempt may have counted while this one waited
  // for the limiters above.
  const waitMs = await takeAccountAttempt(account);
  if (waitMs > 0) return { allowed: false, waitMs, limit: "account" };
  return { allowed: true, viaDevice: false };
}

/**
 * After a successful sign-in: clears the account's failures, and gives back what the attempt took
 * (`verdict` is what takeLoginAttempt answered for it): the device's attempts, or this address +
 * e-mail's attempts and the one point of the address's budget (its earlier failures stay counted).
 */
export async function recordSuccessfulLogin(
  { address: typed, email, device }: LoginAttempt,
  verdict: { viaDevice: boolean },
): Promise<void> {
  const account = accountOf(email);
  const address = clientKey(typed);
  await Promise.all([accountFailures.delete(account), accountGate.delete(account)]);
  if (verdict.viaDevice && device !== null) await perDevice.delete(device);
  else await Promise.all([perAddressAndEmail.delete(`${address}|${account}`), perAddress.reward(address, 1)]);
}

/**
 * The account-wide back-off, in two limits so that it holds across processes:
 * - `accountFailures` counts the account's attempts in a row (every attempt that goes ahead counts
 *   as one until one succeeds), forgotten FORGET_AFTER_SECONDS after the first of them;
 * - `accountGate` is held, one point, by the attempt that set the account's current wait, until
 *   that wait is over. Taking it is the one atomic step that decides between parallel attempts
 *   (the limiter answers them one at a time, in this process or in the cluster's primary).
 */
const accountFailures = createLimiter({
  keyPrefix: "login-account-failures",
  points: Number.MAX_SAFE_INTEGER,
  duration: FORGET_AFTER_SECONDS,
});
const accountGate = createLimiter({ keyPrefix: "login-account-wait", points: 1, duration: MAX_WAIT_MS / 1000 });

/** Milliseconds until the account may try again (0: now). */
async function accountWait(account: string): Promise<number> {
  const gate = await accountGate.get(account);
  return gate !== null && gate.consumedPoints > 0 ? Math.max(0, gate.msBeforeNext) : 0;
}

/** The wait, in ms, that the account's `failures`-th attempt in a row sets for the next one (0: none). */
function waitAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - FREE_FAILURES));
}

/**
 * Counts an attempt for the account unless it must still wait; returns the wait in milliseconds
 * (0: counted, go ahead). From the FREE_FAILURES-th attempt in a row on, the next one must wait
 * FIRST_WAIT_MS, doubled for each further attempt, at most MAX_WAIT_MS: such an attempt goes ahead
 * only if it takes the account's gate, which then stays taken for that wait. Of parallel attempts
 * one takes it; the others are refused and not counted.
 */
async function takeAccountAttempt(account: string): Promise<number> {
  const { consumedPoints: failures } = await accountFailures.consume(account);
  const waitMs = waitAfter(failures);
  if (waitMs === 0) return 0;
  const refusedMs = await accountGate.consume(account, 1, { customDuration: waitMs / 1000 }).then(() => 0, waitFrom);
  if (refusedMs > 0) await accountFailures.reward(account, 1);
  return refusedMs;
}
