/**
 * A local HTTP server standing in for the SMS gateways haat talks to, for tests: a real server on a
 * loopback port, not a mock of `fetch`. Each gateway's documented endpoints live under its own path
 * prefix, so one server serves them all:
 * - `/http/send` (GET or POST, any parameters): a generic gateway for the URL-template client. It
 *   reads `to`, `text`, `key` and `reference` from the query, a form body or a JSON body, checks
 *   `key` against `httpKey` (401 `{"error":"bad key"}` otherwise) and answers 200 `{"status":"ok"}`.
 * - `/sslwireless/…` and `/bulksmsbd/…`: SSL Wireless's and BulkSMSBD's APIs (added with their clients).
 * - GET `/__messages` (no key): every message delivered so far, as JSON, for the end-to-end tests
 *   that read a checkout code from another process.
 *
 * `fail` makes the next answers fail on purpose (an HTTP status and body, or `hang` to answer never,
 * for timeouts); `delivered` is what a shopper's phone would have received.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

/** One message the gateway accepted for delivery. */
export type DeliveredSms = {
  /** Which API took it: "http", "sslwireless" or "bulksmsbd". */
  via: string;
  /** The number as the request gave it. */
  to: string;
  text: string;
  /** The client's reference when the API takes one. */
  reference: string | null;
  at: number;
};

/** A failure to answer the next request(s) with instead of the API's own answer. */
export type PlannedFailure = { status: number; body: string } | "hang";

export type FakeSmsGateway = {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** The generic gateway's key (`/http/send?key=…`). */
  httpKey: string;
  delivered: DeliveredSms[];
  /** Every request received: method, path with query, and the raw body. */
  requests: { method: string; path: string; body: string }[];
  /** Failures answered to the next requests, first first (one each). */
  fail: PlannedFailure[];
  close(): Promise<void>;
};

/** The port of this Vitest worker's gateway, the one tests/setup/setup-test-env.ts points the app at. */
export function workerSmsGatewayPort(): number {
  return Number(new URL(process.env.SSL_WIRELESS_BASE_URL!).port);
}

/** A request's parameters from its query, and from a form or JSON body. */
function paramsOf(url: URL, body: string, contentType: string): Record<string, string> {
  const params: Record<string, string> = Object.fromEntries(url.searchParams);
  if (contentType.includes("application/json")) {
    try {
      const json = JSON.parse(body) as Record<string, unknown>;
      for (const [key, value] of Object.entries(json)) params[key] = String(value);
    } catch {
      // Not JSON: the API answers as for missing parameters.
    }
  } else if (body !== "") {
    for (const [key, value] of new URLSearchParams(body)) params[key] = value;
  }
  return params;
}

/** What an API route answers: a status and a JSON body. */
type Answer = { status: number; json: unknown };

/** The API routes, by path prefix; each gets the path after its prefix and the request's parameters. */
type Route = (rest: string, method: string, params: Record<string, string>, gateway: FakeSmsGateway) => Answer;

function httpRoute(rest: string, _method: string, params: Record<string, string>, gateway: FakeSmsGateway): Answer {
  if (rest !== "/send") return { status: 404, json: { error: "not found" } };
  if (params.key !== gateway.httpKey) return { status: 401, json: { error: "bad key" } };
  if (!params.to || !params.text) return { status: 400, json: { error: "to and text are required" } };
  gateway.delivered.push({
    via: "http",
    to: params.to,
    text: params.text,
    reference: params.reference ?? null,
    at: Date.now(),
  });
  return { status: 200, json: { status: "ok" } };
}

/** Starts the server on 127.0.0.1 and `port` (default: a free one). */
export async function startFakeSmsGateway(port = 0): Promise<FakeSmsGateway> {
  const routes: Record<string, Route> = { "/http": httpRoute };
  const gateway: FakeSmsGateway = {
    origin: "",
    httpKey: "test-http-key",
    delivered: [],
    requests: [],
    fail: [],
    close: async () => {},
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const url = new URL(request.url ?? "/", "http://localhost");
      const send = (status: number, text: string) => {
        response.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
        response.end(text);
      };
      if (url.pathname === "/__messages") return send(200, JSON.stringify(gateway.delivered));
      gateway.requests.push({ method: request.method ?? "", path: url.pathname + url.search, body });
      const planned = gateway.fail.shift();
      if (planned === "hang") return;
      if (planned) return send(planned.status, planned.body);
      const prefix = Object.keys(routes).find((key) => url.pathname.startsWith(`${key}/`));
      if (!prefix) return send(404, JSON.stringify({ error: "not found" }));
      const params = paramsOf(url, body, request.headers["content-type"] ?? "");
      const answer = routes[prefix]!(url.pathname.slice(prefix.length), request.method ?? "", params, gateway);
      send(answer.status, JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  gateway.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  gateway.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return gateway;
}
