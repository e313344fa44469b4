/**
 * A local HTTP server that implements bKash's Tokenized Checkout API v1.2.0-beta (the endpoints
 * haat uses, https://developer.bka.sh/docs) and bKash's payment page, for tests: a real server on
 * a loopback port, not a mock of `fetch`.
 *
 * - POST /v1.2.0-beta/tokenized/checkout/token/grant and /token/refresh: headers `username` and
 *   `password` (401 otherwise), body `app_key` ("2001 Invalid App Key" otherwise) and `app_secret`;
 *   tokens live `expiresIn` seconds (`expireTokens()` ends them at once).
 * - Every other call needs a live `Authorization` id_token and the `X-APP-Key` (401 otherwise).
 * - /create: checks mode "0011", amount (two decimals), currency, intent, callbackURL, payerReference;
 *   a merchantInvoiceNumber used before is "2029". Answers paymentID and bkashURL (this server's page).
 * - /execute: "Completed" with a trxID for a payment the shopper approved; "2023" when the page chose
 *   "insufficient balance"; "2056" before approval or after a cancel; "2117" when execute was called
 *   before; "2062" once completed.
 * - /payment/status, /general/searchTransaction, /payment/refund ("2071" for more than is left).
 * - GET /pay/{paymentID}: the stand-in for bKash's page, with Approve, Insufficient balance, Fail
 *   and Cancel buttons (plain forms: works without JavaScript); each redirects to the payment's
 *   callbackURL with `paymentID`, `status` (success, failure or cancel) and `apiVersion`, as bKash does.
 * - `delayMs` holds every API answer back; `delays` holds one endpoint's ("execute", "status", …)
 *   while it still does its work; `down` drops every API connection unanswered.
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** One payment as the local bKash knows it. */
type LocalBkashPayment = {
  paymentID: string;
  amount: string;
  merchantInvoiceNumber: string;
  payerReference: string;
  callbackURL: string;
  /** "Initiated" (shopper on the page), "Approved" (shopper said yes; execute not called), "Completed", "Failed", "Cancelled". */
  state: "Initiated" | "Approved" | "Insufficient" | "Completed" | "Failed" | "Cancelled";
  executeCalls: number;
  trxID: string | null;
  refunded: number;
};

export type FakeBkash = {
  /** http://127.0.0.1:<port>/v1.2.0-beta */
  baseUrl: string;
  origin: string;
  keys: { username: string; password: string; appKey: string; appSecret: string };
  payments: Map<string, LocalBkashPayment>;
  /** Every API request: its endpoint path (after the version) and parsed body. */
  requests: { path: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> }[];
  /** How many tokens were granted and refreshed. */
  grants: number;
  refreshes: number;
  /** The lifetime of new id_tokens, in seconds. */
  expiresIn: number;
  /** Ends every id_token now (a refresh token still works unless `refuseRefresh`). */
  expireTokens(): void;
  refuseRefresh: boolean;
  delayMs: number;
  /** Per endpoint (its last path segment: "execute", "status", "create", …): ms to hold the answer back. */
  delays: Record<string, number>;
  down: boolean;
  /** What the shopper does on the page, without a browser. */
  shopper(paymentID: string, choice: "approve" | "insufficient" | "fail" | "cancel"): string;
  close(): Promise<void>;
};

/** Starts the server on 127.0.0.1 and `port` (default: a free one). */
export async function startFakeBkash(port = 0): Promise<FakeBkash> {
  // Unique across the servers of one test file (its database keeps the trxIDs of earlier tests).
  let counter = Math.floor(Math.random() * 1e6) * 1000;
  const liveTokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  const sockets = new Set<Socket>();
  const state = {
    keys: {
      username: "sandboxTokenizedUser",
      password: "sandbox-password",
      appKey: "test-app-key-1234",
      appSecret: "test-app-secret",
    },
    payments: new Map<string, LocalBkashPayment>(),
    requests: [] as FakeBkash["requests"],
    grants: 0,
    refreshes: 0,
    expiresIn: 3600,
    refuseRefresh: false,
    delayMs: 0,
    delays: {} as Record<string, number>,
    down: false,
  };
  let origin = "";

  const choose = (payment: LocalBkashPayment, choice: string): string => {
    const status =
      choice === "approve" || choice === "insufficient" ? "success" : choice === "cancel" ? "cancel" : "failure";
    if (payment.state === "Initiated") {
      payment.state =
        choice === "approve"
          ? "Approved"
          : choice === "insufficient"
            ? "Insufficient"
            : choice === "cancel"
              ? "Cancelled"
              : "Failed";
    }
    const url = new URL(payment.callbackURL);
    url.searchParams.set("paymentID", payment.paymentID);
    url.searchParams.set("status", status);
    url.searchParams.set("apiVersion", "1.2.0-beta");
    return url.toString();
  };

  const paymentAnswer = (payment: LocalBkashPayment) => ({
    statusCode: "0000",
    statusMessage: "Successful",
    paymentID: payment.paymentID,
    transactionStatus: payment.state === "Approved" || payment.state === "Insufficient" ? "Initiated" : payment.state,
    ...(payment.trxID ? { trxID: payment.trxID } : {}),
    amount: payment.amount,
    currency: "BDT",
    intent: "sale",
    merchantInvoiceNumber: payment.merchantInvoiceNumber,
  });

  const api = (path: string, headers: http.IncomingHttpHeaders, body: Record<string, unknown>): [number, unknown] => {
    const error = (code: string, message: string): [number, unknown] => [
      200,
      { statusCode: code, statusMessage: message },
    ];
    if (path === "/tokenized/checkout/token/grant" || path === "/tokenized/checkout/token/refresh") {
      if (headers.username !== state.keys.username || headers.password !== state.keys.password) {
        return [401, { message: "Unauthorized" }];
      }
      if (body.app_key !== state.keys.appKey || body.app_secret !== state.keys.appSecret)
        return error("2001", "Invalid App Key");
      if (path.endsWith("/refresh")) {
        if (state.refuseRefresh || !refreshTokens.has(String(body.refresh_token)))
          return error("2079", "Invalid refresh token");
        state.refreshes += 1;
      } else state.grants += 1;
      const idToken = `id-token-${++counter}`;
      const refreshToken = `refresh-token-${counter}`;
      liveTokens.set(idToken, Date.now() + state.expiresIn * 1000);
      refreshTokens.add(refreshToken);
      return [
        200,
        {
          statusCode: "0000",
          statusMessage: "Successful",
          id_token: idToken,
          token_type: "Bearer",
          expires_in: state.expiresIn,
          refresh_token: refreshToken,
        },
      ];
    }
    const until = liveTokens.get(String(headers.authorization));
    if (!until || until < Date.now() || headers["x-app-key"] !== state.keys.appKey)
      return [401, { message: "Unauthorized" }];

    if (path === "/tokenized/checkout/create") {
      if (body.mode !== "0011" || body.currency !== "BDT" || body.intent !== "sale")
        return error("2025", "Invalid request body");
      if (typeof body.amount !== "string" || !/^\d+\.\d{2}$/.test(body.amount) || Number(body.amount) <= 0)
        return error("2006", "Invalid amount");
      if (
        typeof body.callbackURL !== "string" ||
        !/^https?:\/\//.test(body.callbackURL) ||
        !body.payerReference ||
        !body.merchantInvoiceNumber
      ) {
        return error("2025", "Invalid request body");
      }
      if ([...state.payments.values()].some((p) => p.merchantInvoiceNumber === body.merchantInvoiceNumber)) {
        return error("2029", "Duplicate for all transactions");
      }
      const paymentID = `TR00${String(++counter).padStart(6, "0")}${Date.now().toString(36).toUpperCase()}`;
      const payment: LocalBkashPayment = {
        paymentID,
        amount: body.amount,
        merchantInvoiceNumber: String(body.merchantInvoiceNumber),
        payerReference: String(body.payerReference),
        callbackURL: body.callbackURL,
        state: "Initiated",
        executeCalls: 0,
        trxID: null,
        refunded: 0,
      };
      state.payments.set(paymentID, payment);
      return [
        200,
        { ...paymentAnswer(payment), bkashURL: `${origin}/pay/${paymentID}`, callbackURL: payment.callbackURL },
      ];
    }
    const payment = state.payments.get(String(body.paymentID ?? ""));
    if (path === "/tokenized/checkout/execute") {
      if (!payment) return error("2002", "Invalid Payment ID");
      payment.executeCalls += 1;
      if (payment.state === "Completed") return error("2062", "The payment has already been completed");
      if (payment.executeCalls > 1) return error("2117", "Payment execution already been called before");
      if (payment.state === "Insufficient") {
        payment.state = "Failed";
        return error("2023", "Insufficient Balance");
      }
      if (payment.state !== "Approved") return error("2056", "Invalid Payment State");
      payment.state = "Completed";
      payment.trxID = `TRX${(++counter).toString(36).toUpperCase()}`;
      return [200, paymentAnswer(payment)];
    }
    if (path === "/tokenized/checkout/payment/status") {
      if (!payment) return error("2002", "Invalid Payment ID");
      return [200, paymentAnswer(payment)];
    }
    if (path === "/tokenized/checkout/general/searchTransaction") {
      const found = [...state.payments.values()].find((p) => p.trxID && p.trxID === body.trxID);
      if (!found) return error("2002", "Invalid Payment ID");
      return [
        200,
        {
          statusCode: "0000",
          trxID: found.trxID,
          transactionStatus: "Completed",
          amount: found.amount,
          currency: "BDT",
        },
      ];
    }
    if (path === "/tokenized/checkout/payment/refund") {
      if (!payment || payment.state !== "Completed" || payment.trxID !== body.trxID)
        return error("2002", "Invalid Payment ID");
      const paisa = Math.round(Number(body.amount) * 100);
      const left = Math.round(Number(payment.amount) * 100) - payment.refunded;
      if (!(paisa > 0) || paisa > left) return error("2071", "Refund amount exceeds the transaction amount");
      payment.refunded += paisa;
      return [
        200,
        {
          statusCode: "0000",
          originalTrxID: payment.trxID,
          refundTrxID: `RFD${(++counter).toString(36).toUpperCase()}`,
          transactionStatus: "Completed",
          amount: body.amount,
          currency: "BDT",
          charge: "0.00",
        },
      ];
    }
    return [404, { message: "Not found" }];
  };

  const page = (
    payment: LocalBkashPayment,
  ) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>bKash payment</title></head>
<body><h1>bKash (local test page)</h1><p data-testid="bkash-amount">Pay ৳${payment.amount} to the merchant, invoice ${payment.merchantInvoiceNumber}</p>
<form method="post"><button name="choice" value="approve">Approve</button> <button name="choice" value="insufficient">Insufficient balance</button> <button name="choice" value="fail">Fail</button> <button name="choice" value="cancel">Cancel</button></form></body></html>`;

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const url = new URL(request.url ?? "/", "http://x");
      const pay = /^\/pay\/([A-Za-z0-9]+)$/.exec(url.pathname);
      if (pay) {
        const payment = state.payments.get(pay[1]!);
        if (!payment) {
          response.writeHead(404, { "Content-Type": "text/plain" });
          return response.end("No such payment");
        }
        if (request.method === "POST") {
          const choice = new URLSearchParams(raw).get("choice") ?? "fail";
          response.writeHead(302, { Location: choose(payment, choice) });
          return response.end();
        }
        response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        return response.end(page(payment));
      }
      if (state.down) {
        request.socket.destroy();
        return;
      }
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        // an empty body below
      }
      const path = url.pathname.replace(/^\/v1\.2\.0-beta/, "");
      state.requests.push({ path, headers: request.headers, body });
      const [status, json] =
        request.method === "POST" ? api(path, request.headers, body) : [404, { message: "Not found" }];
      const wait = state.delayMs + (state.delays[path.split("/").at(-1) ?? ""] ?? 0);
      setTimeout(() => {
        if (response.destroyed) return;
        response.writeHead(status, { "Content-Type": "application/json" });
        response.end(JSON.stringify(json));
      }, wait);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: listening } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${listening}`;
  const fake = {
    baseUrl: `${origin}/v1.2.0-beta`,
    origin,
    keys: state.keys,
    payments: state.payments,
    requests: state.requests,
    expireTokens() {
      for (const token of liveTokens.keys()) liveTokens.set(token, 0);
    },
    shopper(paymentID: string, choice: "approve" | "insufficient" | "fail" | "cancel") {
      const payment = state.payments.get(paymentID);
      if (!payment) throw new Error(`No payment ${paymentID}`);
      return choose(payment, choice);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  for (const key of ["grants", "refreshes", "expiresIn", "refuseRefresh", "delayMs", "delays", "down"] as const) {
    Object.defineProperty(fake, key, {
      get: () => state[key],
      set: (value: never) => {
        state[key] = value;
      },
      enumerable: true,
    });
  }
  return fake as unknown as FakeBkash;
}

/** The port of this Vitest worker's bKash, the one tests/setup/setup-test-env.ts points the app at. */
export function workerBkashPort(): number {
  return Number(new URL(process.env.BKASH_BASE_URL!).port);
}
