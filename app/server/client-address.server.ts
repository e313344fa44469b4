/**
 * How the back office shows a client address (the activity trail, the refused sign-ins): as people
 * read it, not as the socket gave it. Node gives an IPv4 client of a dual-stack server as an
 * IPv4-mapped IPv6 address (`::ffff:203.0.113.5`), and a browser on the server itself as `::1` or
 * `127.0.0.1`, which mean nothing to a shop owner.
 */
import ipaddr from "ipaddr.js";

/** A client address to show: `loopback` when it is the server's own machine, else `text` to show. */
export type ReadableAddress = { loopback: boolean; text: string };

/**
 * The readable form of client address `address`: an IPv4-mapped IPv6 address as its IPv4 address
 * (`::ffff:203.0.113.5` → `203.0.113.5`), an IPv6 address in its short form (RFC 5952, zone such as
 * `%eth0` dropped), `loopback` for 127.0.0.0/8 and `::1`. Anything that is not an IP address
 * (an older row, a proxy's label) is shown as stored.
 */
export function readableAddress(address: string): ReadableAddress {
  const bare = address.trim().replace(/%.*$/, "");
  if (!ipaddr.IPv4.isValidFourPartDecimal(bare) && !ipaddr.IPv6.isValid(bare)) return { loopback: false, text: address };
  const parsed = ipaddr.process(bare);
  return { loopback: parsed.range() === "loopback", text: parsed.toString() };
}
