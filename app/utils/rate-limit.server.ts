/**
 * Sign-in throttling with rate-limiter-flexible, in memory (haat is one process).
 * Failed sign-ins count per client address + e-mail (10 per 15 minutes) and per client address
 * (50 per 15 minutes); a successful sign-in clears the address + e-mail count.
 */
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

const WINDOW_SECONDS = 15 * 60;
const perAccount = new RateLimiterMemory({ keyPrefix: "login-account", points: 10, duration: WINDOW_SECONDS });
const perAddress = new RateLimiterMemory({ keyPrefix: "login-address", points: 50, duration: WINDOW_SECONDS });

const keys = (address: string, email: string) => ({
  account: `${address}|${email.trim().toLowerCase()}`,
  address,
});

/** Milliseconds until this address may try this e-mail again, or 0 when it may now. */
export async function loginBlockedFor(address: string, email: string): Promise<number> {
  const k = keys(address, email);
  const [account, byAddress] = await Promise.all([perAccount.get(k.account), perAddress.get(k.address)]);
  const waits = [
    account && account.consumedPoints >= 10 ? account.msBeforeNext : 0,
    byAddress && byAddress.consumedPoints >= 50 ? byAddress.msBeforeNext : 0,
  ];
  return Math.max(...waits);
}

/** Counts a failed sign-in. */
export async function recordFailedLogin(address: string, email: string): Promise<void> {
  const k = keys(address, email);
  await Promise.all([
    perAccount.consume(k.account).catch(ignoreLimitReached),
    perAddress.consume(k.address).catch(ignoreLimitReached),
  ]);
}

/** Clears the failure count after a successful sign-in. */
export async function recordSuccessfulLogin(address: string, email: string): Promise<void> {
  await perAccount.delete(keys(address, email).account);
}

function ignoreLimitReached(error: unknown) {
  if (!(error instanceof RateLimiterRes)) throw error;
}
