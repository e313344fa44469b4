/**
 * Sign-in throttling with rate-limiter-flexible, in memory (haat is one process).
 * Every attempt takes a point before the password is checked, so parallel guesses cannot slip
 * past the limit: 10 per client address + e-mail and 50 per client address in 15 minutes.
 * A successful sign-in gives the address + e-mail points back, and the address point its own
 * attempt took: only failures add up, so staff sharing one address (an office, or every client
 * behind a proxy when TRUST_PROXY is off) are never locked out by signing in.
 */
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

const WINDOW_SECONDS = 15 * 60;
const ATTEMPTS_PER_ACCOUNT = 10;
const ATTEMPTS_PER_ADDRESS = 50;
const perAccount = new RateLimiterMemory({
  keyPrefix: "login-account",
  points: ATTEMPTS_PER_ACCOUNT,
  duration: WINDOW_SECONDS,
});
const perAddress = new RateLimiterMemory({
  keyPrefix: "login-address",
  points: ATTEMPTS_PER_ADDRESS,
  duration: WINDOW_SECONDS,
});

const accountKey = (address: string, email: string) => `${address}|${email.trim().toLowerCase()}`;

/**
 * Takes one sign-in attempt for this client address and e-mail.
 * Returns 0 when the attempt may go ahead, or the milliseconds to wait when a limit is reached.
 * @throws whatever the limiter throws other than its limit-reached answer.
 */
export async function takeLoginAttempt(address: string, email: string): Promise<number> {
  const results = await Promise.all([
    perAccount.consume(accountKey(address, email)).then(() => 0, waitFrom),
    perAddress.consume(address).then(() => 0, waitFrom),
  ]);
  return Math.max(...results);
}

/**
 * After a successful sign-in: gives back this address + e-mail's attempts and the one point of the
 * address's budget that this attempt took (its earlier failures stay counted).
 */
export async function recordSuccessfulLogin(address: string, email: string): Promise<void> {
  await Promise.all([perAccount.delete(accountKey(address, email)), perAddress.reward(address, 1)]);
}

function waitFrom(error: unknown): number {
  if (error instanceof RateLimiterRes) return Math.max(1, error.msBeforeNext);
  throw error;
}
