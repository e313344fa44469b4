/**
 * What every in-memory limit of the app shares (the sign-in limits in auth/, the tracking look-up
 * limit of /orders/track): reading how long a refusal asks the client to wait.
 */
import { RateLimiterRes } from "rate-limiter-flexible";

/**
 * The wait a limiter's refusal asks for, in milliseconds (at least 1): the rejection handler of
 * `limiter.consume(key).then(() => 0, waitFrom)`, which every limit of the app reads this way.
 * @throws `error` again when it is not the limiter's limit-reached answer.
 */
export function waitFrom(error: unknown): number {
  if (error instanceof RateLimiterRes) return Math.max(1, error.msBeforeNext);
  throw error;
}
