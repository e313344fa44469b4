/**
 * One console line per sign-in success, failure and lockout, for whoever watches the server's
 * output (docs/decisions/021-sign-in-throttling.md). The line is the event, then key=value fields:
 *
 *     sign-in failed email=staff@haat.example address=203.0.113.7 device=no reason=invalid-credentials
 *     sign-in locked-out email=staff@haat.example address=203.0.113.7 device=no limit=account retry-after=4
 *     sign-in succeeded email=staff@haat.example address=203.0.113.7 device=yes user=3
 *
 * A value with anything but letters, digits and `@ . _ + - : |` is written as a JSON string, so a
 * typed e-mail cannot forge a field or a line. The password is never a field.
 */

type SignInEvent = "succeeded" | "failed" | "locked-out";

type SignInFields = {
  /** What was typed as the e-mail (at most 254 characters are logged). */
  email: string;
  /** The client address. */
  address: string;
  /** Whether the attempt carried a valid device cookie for this e-mail. */
  device: boolean;
  /** Why it failed. */
  reason?: string;
  /** Which limit refused it. */
  limit?: string;
  /** The Retry-After sent, in seconds. */
  retryAfter?: number;
  /** The admin signed in. */
  user?: number;
};

/** Writes the line for a sign-in event: console.info for a success, console.warn otherwise. */
export function logSignIn(event: SignInEvent, fields: SignInFields): void {
  const pairs: [string, string | number | undefined][] = [
    ["email", fields.email.length > 254 ? `${fields.email.slice(0, 254)}…` : fields.email],
    ["address", fields.address],
    ["device", fields.device ? "yes" : "no"],
    ["reason", fields.reason],
    ["limit", fields.limit],
    ["retry-after", fields.retryAfter],
    ["user", fields.user],
  ];
  const line = [`sign-in ${event}`]
    .concat(
      pairs
        .filter((pair): pair is [string, string | number] => pair[1] !== undefined)
        .map(([key, value]) => `${key}=${/^[\w@.+:|-]+$/.test(String(value)) ? value : JSON.stringify(String(value))}`),
    )
    .join(" ");
  if (event === "succeeded") console.info(line);
  else console.warn(line);
}
