/**
 * A local HTTP server standing in for the SMS gateways haat talks to, for tests: a real server on a
 * loopback port, not a mock of `fetch`. Each gateway's documented endpoints live under its own path
 * prefix, so one server serves them all:
 * - `/http/send` (GET or POST, any parameters): a generic gateway for the URL-template client. It
 *   reads `to`, `text`, `key` and `reference` from the query, a form body or a JSON body, checks
 *   `key` against `httpKey` (401 `{"error":"bad key"}` otherwise) and answers 200 `{"status":"ok"}`.
 * - `/sslwireless/api/v3/send-sms` and `/sslwireless/api/v3/balance` (POST, JSON): SSL Wireless's
 *   ISMS Plus API as app/server/sms/ssl-wireless.server.ts documents it: `api_token` must be
 *   `sslToken` and `sid` `sslSid` (4001 / 4002 otherwise), `msisdn` a Bangladeshi mobile with the
 *   country code (4025), `csms_id` one not used before (4023: the message is not delivered again).
 *   Answers HTTP 200 with `{status, status_code, error_message, smsinfo}`; the balance is 500.
 * - `/bulksmsbd/api/smsapi` and `/bulksmsbd/api/getBalanceApi` (GET or POST, query or form):
 *   BulkSMSBD's API as app/server/sms/bulksmsbd.server.ts documents it: `api_key` must be
 *   `bulkSmsBdKey` (1011), `senderid` `bulkSmsBdSenderId` (1002), `number` a Bangladeshi mobile with
 *   the country code (1001); `bulkSmsBdBalance` taka at 0 answers 1007. Always HTTP 200
 *   `{response_code, message_id, success_message, error_message}`.
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
type PlannedFailure = { status: number; body: string } | "hang";

export type FakeSmsGateway = {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** The generic gateway's key (`/http/send?key=…`). */
  httpKey: string;
  /** The SSL Wireless API token and sender id (SID) the fake accepts. */
  sslToken: string;
  sslSid: string;
  /** The BulkSMSBD API key and sender id the fake accepts, and the account's balance in taka (0: "insufficient"). */
  bulkSmsBdKey: string;
  bulkSmsBdSenderId: string;
  bulkSmsBdBalance: number;
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

/** A Bangladeshi mobile number with the country code, as both APIs take it. */
const MSISDN = /^8801[3-9]\d{8}$/;

/** The csms_ids SSL Wireless has taken, per fake (the API refuses a repeat). */
const usedCsmsIds = new WeakMap<FakeSmsGateway, Set<string>>();

function sslWirelessRoute(
  rest: string,
  method: string,
  params: Record<string, string>,
  gateway: FakeSmsGateway,
): Answer {
  const refusal = (code: number, message: string) => ({
    status: 200,
    json: { status: "FAILED", status_code: code, error_message: message, smsinfo: [] },
  });
  if (method !== "POST") return { status: 405, json: { message: "Method not allowed" } };
  if (rest !== "/api/v3/send-sms" && rest !== "/api/v3/balance") return refusal(4004, "Invalid endpoint URL");
  if (params.api_token !== gateway.sslToken) return refusal(4001, "Unauthorized");
  if (params.sid !== gateway.sslSid) return refusal(4002, "SID not permitted");
  if (rest === "/api/v3/balance") {
    return { status: 200, json: { status: "SUCCESS", status_code: 200, error_message: "", balance: "500.00" } };
  }
  if (!params.msisdn || !params.sms || !params.csms_id) return refusal(4022, "Required parameter missing");
  if (!MSISDN.test(params.msisdn)) return refusal(4025, "Invalid MSISDN");
  const used = usedCsmsIds.get(gateway) ?? new Set<string>();
  usedCsmsIds.set(gateway, used);
  if (used.has(params.csms_id)) return refusal(4023, "Duplicate CSMS ID");
  used.add(params.csms_id);
  const referenceId = `ssl-${used.size}`;
  gateway.delivered.push({
    via: "sslwireless",
    to: params.msisdn,
    text: params.sms,
    reference: params.csms_id,
    at: Date.now(),
  });
  return {
    status: 200,
    json: {
      status: "SUCCESS",
      status_code: 200,
      error_message: "",
      smsinfo: [
        {
          sms_status: "SUCCESS",
          status_message: "Success",
          msisdn: params.msisdn,
          sms_type: /^[\x20-\x7e\n]*$/.test(params.sms) ? "EN" : "BN",
          sms_body: params.sms,
          csms_id: params.csms_id,
          reference_id: referenceId,
        },
      ],
    },
  };
}

function bulkSmsBdRoute(
  rest: string,
  _method: string,
  params: Record<string, string>,
  gateway: FakeSmsGateway,
): Answer {
  const refusal = (code: number, message: string) => ({
    status: 200,
    json: { response_code: code, error_message: message },
  });
  if (rest !== "/api/smsapi" && rest !== "/api/getBalanceApi") return { status: 404, json: { error: "not found" } };
  if (params.api_key !== gateway.bulkSmsBdKey) return refusal(1011, "User Id not found");
  if (rest === "/api/getBalanceApi") {
    return {
      status: 200,
      json: { response_code: 202, balance: gateway.bulkSmsBdBalance.toFixed(2), error_message: "" },
    };
  }
  if (!params.number || !params.message || !params.senderid || params.type !== "text") {
    return refusal(1003, "Please Required all fields/Contact Your System Administrator");
  }
  if (params.senderid !== gateway.bulkSmsBdSenderId)
    return refusal(1002, "sender id not correct/sender id is disabled");
  if (!MSISDN.test(params.number)) return refusal(1001, "Invalid Number");
  if (gateway.bulkSmsBdBalance <= 0) return refusal(1007, "Balance Insufficient");
  gateway.delivered.push({
    via: "bulksmsbd",
    to: params.number,
    text: params.message,
    reference: null,
    at: Date.now(),
  });
  return {
    status: 200,
    json: {
      response_code: 202,
      message_id: 1000 + gateway.delivered.length,
      success_message: "SMS Submitted Successfully",
      error_message: "",
    },
  };
}

/** Starts the server on 127.0.0.1 and `port` (default: a free one). */
export async function startFakeSmsGateway(port = 0): Promise<FakeSmsGateway> {
  const routes: Record<string, Route> = {
    "/http": httpRoute,
    "/sslwireless": sslWirelessRoute,
    "/bulksmsbd": bulkSmsBdRoute,
  };
  const gateway: FakeSmsGateway = {
    origin: "",
    httpKey: "test-http-key",
    sslToken: "test-ssl-token-0001",
    sslSid: "HAATTEST",
    bulkSmsBdKey: "test-bulksmsbd-key-0002",
    bulkSmsBdSenderId: "8809601000000",
    bulkSmsBdBalance: 500,
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
