/**
 * The key a client address is counted under by a per-address limit: one subscriber's line, not
 * one address of it. An IPv6 subscriber gets a whole /64 network and may change address within it
 * at will, so it counts by that network; an IPv4 address, also written as IPv6 (`::ffff:a.b.c.d`),
 * counts by itself.
 */

/**
 * The key client address `address` is counted under: an IPv6 address's first four groups (its /64
 * network, zeros shortened, a zone such as `%eth0` dropped) as `2001:db8:7:1::/64`, an IPv4
 * address (also as `::ffff:a.b.c.d`) as it is, anything else as given.
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(":")) return address;
  const bare = address.replace(/%.*$/, "").toLowerCase();
  const [head = "", tail = ""] = bare.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = bare.includes("::") ? (tail ? tail.split(":") : []) : [];
  const missing = Math.max(0, 8 - headGroups.length - tailGroups.length);
  const groups = [...headGroups, ...Array<string>(missing).fill("0"), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
