/**
 * Downloading a picture from an address a product CSV names, with the limits an address typed by
 * somebody else needs (OWASP's server-side request forgery advice): http(s) only; the host's
 * addresses looked up first and refused when any is not a public address (`isPublicAddress`, an
 * allow-list; unless IMPORT_IMAGES_ALLOW_PRIVATE; `DownloadLimits.mayConnect`); the connection
 * made to the address that was checked (so a second lookup cannot point elsewhere); redirects
 * followed by hand, each checked the same way, at most MAX_REDIRECTS; a time limit for the whole
 * download and a size limit counted while reading.
 */
import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

/** Why a picture could not be downloaded. */
export type DownloadFailure =
  "notHttp" | "privateAddress" | "unreachable" | "timeout" | "httpStatus" | "tooBig" | "tooManyRedirects";

/** Thrown by `downloadImage`; `transient` failures (timeouts, 5xx, refused connections) are worth one more try. */
export class DownloadError extends Error {
  constructor(
    readonly reason: DownloadFailure,
    readonly transient: boolean,
    detail = "",
  ) {
    super(`Picture download failed: ${reason}${detail ? ` (${detail})` : ""}`);
    this.name = "DownloadError";
  }
}

/** Redirects followed at most. */
const MAX_REDIRECTS = 3;

/**
 * Limits of one download: size in bytes, time in ms for the whole of it (redirects included), and
 * which addresses may be connected to (`isPublicAddress`, or anything when the shop's setting
 * allows private addresses).
 */
export type DownloadLimits = { maxBytes: number; timeoutMs: number; mayConnect: (address: string) => boolean };

/**
 * The only IPv6 block a picture may come from: global unicast, 2000::/3 (RFC 4291 section 2.4,
 * the addresses the Internet routes). Everything else is refused: ::/96 (IPv4-compatible, so
 * `[::127.0.0.1]` is the loopback), ::ffff:0:0/96 (IPv4-mapped), ::ffff:0:0:0/96 (IPv4-translated),
 * 64:ff9b::/96 and 64:ff9b:1::/48 (NAT64), unique-local, link-local, site-local, multicast.
 */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/**
 * Whether a picture may be fetched from `address` (an IPv4 or IPv6 address as text): an
 * allow-list, naming what it allows. IPv4: public unicast, outside every range ipaddr.js names
 * (private, loopback, link-local, carrier-grade NAT, multicast, broadcast, reserved and test
 * networks). IPv6: inside 2000::/3 and outside every special range ipaddr.js names there (6to4
 * 2002::/16 and Teredo 2001::/32, which embed an IPv4 address; documentation, benchmarking,
 * ORCHID, AMT and the other IETF blocks of 2001::/23). False for anything that is not an address.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") return parsed.range() === "unicast";
  return parsed.match(GLOBAL_UNICAST_V6) && parsed.range() === "unicast";
}

/**
 * The bytes at `url`, within `limits`.
 *
 * @throws {DownloadError} with the reason: not http(s), a private address (the host's or a
 *   redirect's), unreachable (DNS or connection), timeout, an HTTP status other than 200, more
 *   than `maxBytes`, or more than MAX_REDIRECTS redirects.
 */
export async function downloadImage(url: string, limits: DownloadLimits): Promise<Buffer> {
  const deadline = AbortSignal.timeout(limits.timeoutMs);
  let current = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    let parsed: URL;
    try {
      parsed = new URL(current);
    } catch {
      throw new DownloadError("notHttp", false);
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new DownloadError("notHttp", false);
    const host = parsed.hostname.replace(/^\[|\]$/g, "");
    let addresses: { address: string; family: number }[];
    try {
      addresses = ipaddr.isValid(host)
        ? [{ address: host, family: host.includes(":") ? 6 : 4 }]
        : await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new DownloadError("unreachable", false, "DNS");
    }
    if (addresses.length === 0) throw new DownloadError("unreachable", false, "DNS");
    if (addresses.some((entry) => !limits.mayConnect(entry.address))) {
      throw new DownloadError("privateAddress", false, host);
    }
    const answer = await get(parsed, addresses[0]!, limits, deadline);
    if (answer.kind === "redirect") {
      current = new URL(answer.location, parsed).toString();
      continue;
    }
    return answer.body;
  }
  throw new DownloadError("tooManyRedirects", false);
}

/** One request to `url`, connected to `address`: the body of a 200, or a redirect's location. */
function get(
  url: URL,
  address: { address: string; family: number },
  limits: DownloadLimits,
  deadline: AbortSignal,
): Promise<{ kind: "body"; body: Buffer } | { kind: "redirect"; location: string }> {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) callback(null, [address] as never);
    else callback(null, address.address, address.family);
  };
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    if (deadline.aborted) {
      reject(new DownloadError("timeout", true));
      return;
    }
    const request = client.get(
      url,
      { lookup: pinned, signal: deadline, headers: { accept: "image/*", "user-agent": "haat-product-import" } },
      (response) => {
        const status = response.statusCode ?? 0;
        if ([301, 302, 303, 307, 308].includes(status) && response.headers.location) {
          response.resume();
          resolve({ kind: "redirect", location: response.headers.location });
          return;
        }
        if (status !== 200) {
          response.resume();
          reject(new DownloadError("httpStatus", status >= 500 || status === 429, String(status)));
          return;
        }
        const declared = Number(response.headers["content-length"] ?? "0");
        if (declared > limits.maxBytes) {
          response.destroy();
          reject(new DownloadError("tooBig", false));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > limits.maxBytes) {
            response.destroy();
            reject(new DownloadError("tooBig", false));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => resolve({ kind: "body", body: Buffer.concat(chunks) }));
        response.on("error", () => reject(new DownloadError(deadline.aborted ? "timeout" : "unreachable", true)));
      },
    );
    request.on("error", () => reject(new DownloadError(deadline.aborted ? "timeout" : "unreachable", true)));
  });
}
