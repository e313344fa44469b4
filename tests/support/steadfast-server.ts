/**
 * A local HTTP server that implements Steadfast's documented merchant API v1 (the endpoints haat
 * uses), for tests: a real server on a free loopback port, not a mock of `fetch`.
 *
 * - Checks the `Api-Key` and `Secret-Key` headers (401 otherwise).
 * - POST /create_order: validates invoice, recipient_name, recipient_phone (11 digits),
 *   recipient_address and cod_amount as documented; 422 `{ status: 422, errors: {...} }` when a
 *   field is wrong or the invoice was used before; else 200 with a consignment "in_review".
 * - POST /create_order/bulk-order: `{ data: [...] }`, at most 500; one row per parcel with
 *   status "success" or "error".
 * - GET /status_by_invoice/{invoice}: the parcel's delivery_status (set with `setStatus`).
 * - GET /get_balance: a fixed balance of 1520.50 taka.
 * - `delayMs` holds every answer back, to test timeouts.
 * - GET /payments: the payments added with `addPayment` (a bare list, as public SDKs type it; or,
 *   with `paymentsPerPage` set, one page `?page=` of them in Laravel's paginator `{ current_page,
 *   data, next_page_url, … }`, its `next_page_url` on this server unless `nextPageOrigin` says
 *   another);
 *   GET /payments/{id}: one with its consignments (`cod_amount`, `delivery_charge`, `cod_charge`
 *   in taka), 404 for an unknown id.
 * - POST /__control/status `{ invoice, status }` (no keys): sets a parcel's status from another
 *   process, as a rider's scan would (the Playwright journeys use it).
 * - POST /__control/payment `{ id, consignments }` (no keys, `addPayment`'s fields): makes that
 *   payment the account's only one, as if Steadfast had just paid it, from another process.
 * - `redirect` answers every API request (keys or not) with that status and a `Location` of
 *   `to` + the request's path, as a moved or hijacked API would; `startHeaderRecorder` is a server
 *   to point it at, which records whatever reaches it.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeSteadfast = {
  baseUrl: string;
  apiKey: string;
  secretKey: string;
  /** Every request received: method, path, headers (lower-case) and parsed body. */
  requests: { method: string; path: string; headers: http.IncomingHttpHeaders; body: unknown }[];
  /** The consignments created, by invoice. */
  consignments: Map<
    string,
    { consignmentId: number; trackingCode: string; status: string; body: Record<string, unknown> }
  >;
  setStatus(invoice: string, status: string): void;
  /** The payments Steadfast made to the shop, by id (GET /payments, GET /payments/{id}). */
  payments: Map<string, SteadfastPaymentRow>;
  /** Adds a payment: its consignments as given; its amount is what they pay (cod − charges). */
  addPayment(payment: {
    id: number;
    createdAt?: string;
    consignments: {
      consignment_id: number | string;
      invoice?: string;
      cod_amount: number;
      delivery_charge: number;
      cod_charge?: number;
    }[];
  }): void;
  /** Payments a page of GET /payments holds; null (the default): all of them, as a bare list. */
  paymentsPerPage: number | null;
  /** The origin the paginator's `next_page_url` names instead of this server's (a moved or hostile answer). */
  nextPageOrigin: string | null;
  /** Milliseconds every answer waits before it is sent. */
  delayMs: number;
  /** When set, every API request is answered with `status` and `Location: <to><path>` instead. */
  redirect: { status: number; to: string } | null;
  close(): Promise<void>;
};

/** One payment as the local Steadfast answers it. */
type SteadfastPaymentRow = {
  id: number;
  amount: number;
  status: string;
  created_at: string;
  updated_at: string;
  consignments: Record<string, unknown>[];
};

/** A local HTTP server that records every request it gets (method, path, headers) and answers 200 `{}`. */
export type HeaderRecorder = {
  /** http://127.0.0.1:<port> */
  origin: string;
  requests: { method: string; path: string; headers: http.IncomingHttpHeaders }[];
  close(): Promise<void>;
};

/** Starts a `HeaderRecorder` on 127.0.0.1 and a free port. */
export async function startHeaderRecorder(): Promise<HeaderRecorder> {
  const requests: HeaderRecorder["requests"] = [];
  const server = http.createServer((request, response) => {
    requests.push({ method: request.method ?? "", path: request.url ?? "", headers: request.headers });
    request.resume();
    request.on("end", () => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The port of this Vitest worker's Steadfast, the one tests/setup/setup-test-env.ts points the app at. */
export function workerSteadfastPort(): number {
  return Number(new URL(process.env.STEADFAST_BASE_URL!).port);
}

/** Starts the server on 127.0.0.1 and `port` (default: a free one). */
export async function startFakeSteadfast(port = 0): Promise<FakeSteadfast> {
  let nextId = 1_424_100;
  const fake: Omit<FakeSteadfast, "baseUrl" | "close"> = {
    apiKey: "test-api-key",
    secretKey: "test-secret-key",
    requests: [],
    consignments: new Map(),
    setStatus(invoice, status) {
      const consignment = fake.consignments.get(invoice);
      if (!consignment) throw new Error(`No consignment ${invoice}`);
      consignment.status = status;
    },
    delayMs: 0,
    redirect: null,
    paymentsPerPage: null,
    nextPageOrigin: null,
    payments: new Map(),
    addPayment({ id, createdAt = "2026-11-20T10:00:00.000000Z", consignments }) {
      const amount = consignments.reduce(
        (sum, row) => sum + row.cod_amount - row.delivery_charge - (row.cod_charge ?? 0),
        0,
      );
      fake.payments.set(String(id), {
        id,
        amount: Math.round(amount * 100) / 100,
        status: "paid",
        created_at: createdAt,
        updated_at: createdAt,
        consignments: consignments.map((row, index) => ({ id: id * 1000 + index, status: "delivered", ...row })),
      });
    },
  };

  /** The field errors of one parcel, Laravel-style ({ field: [message] }); empty when it is valid. */
  const problems = (parcel: Record<string, unknown>): Record<string, string[]> => {
    const errors: Record<string, string[]> = {};
    if (typeof parcel.invoice !== "string" || !/^[A-Za-z0-9_-]+$/.test(parcel.invoice)) {
      errors.invoice = ["The invoice field is required and may only contain letters, numbers, dashes and underscores."];
    } else if (fake.consignments.has(parcel.invoice)) {
      errors.invoice = ["The invoice has already been taken."];
    }
    if (typeof parcel.recipient_name !== "string" || !parcel.recipient_name || parcel.recipient_name.length > 100) {
      errors.recipient_name = ["The recipient name field is required."];
    }
    if (typeof parcel.recipient_phone !== "string" || !/^\d{11}$/.test(parcel.recipient_phone)) {
      errors.recipient_phone = ["The recipient phone must be 11 digits."];
    }
    if (
      typeof parcel.recipient_address !== "string" ||
      !parcel.recipient_address ||
      parcel.recipient_address.length > 250
    ) {
      errors.recipient_address = ["The recipient address field is required."];
    }
    if (typeof parcel.cod_amount !== "number" || !(parcel.cod_amount >= 0)) {
      errors.cod_amount = ["The cod amount must be a number, at least 0."];
    }
    return errors;
  };
  const create = (parcel: Record<string, unknown>) => {
    const consignmentId = nextId++;
    const trackingCode = `B0${consignmentId.toString(16).toUpperCase()}`;
    fake.consignments.set(String(parcel.invoice), { consignmentId, trackingCode, status: "in_review", body: parcel });
    return { consignmentId, trackingCode };
  };

  /** The port the server listens on, known once it does. */
  let listening = port;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      const path = new URL(request.url ?? "/", "http://x").pathname.replace(/^\/api\/v1/, "");
      fake.requests.push({ method: request.method ?? "", path, headers: request.headers, body });
      const answer = (status: number, json: unknown) =>
        setTimeout(() => {
          response.writeHead(status, { "Content-Type": "application/json" });
          response.end(JSON.stringify(json));
        }, fake.delayMs);

      // For tests in another process (Playwright): set a parcel's status the way a rider would.
      if (request.method === "POST" && path === "/__control/status") {
        const { invoice, status } = (body ?? {}) as { invoice?: string; status?: string };
        if (!invoice || !status || !fake.consignments.has(invoice)) return answer(404, { message: "No such parcel." });
        fake.setStatus(invoice, status);
        return answer(200, { ok: true });
      }
      // For tests in another process: Steadfast pays the shop for the parcels named. The list holds
      // this payment alone, so a journey run twice against one server reads one new payment each time.
      if (request.method === "POST" && path === "/__control/payment") {
        const payment = (body ?? {}) as Parameters<FakeSteadfast["addPayment"]>[0];
        if (!Number.isInteger(payment.id) || !Array.isArray(payment.consignments)) {
          return answer(422, { message: "A payment needs an integer id and its consignments." });
        }
        fake.payments.clear();
        fake.addPayment(payment);
        return answer(200, { ok: true });
      }
      if (fake.redirect) {
        response.writeHead(fake.redirect.status, { Location: `${fake.redirect.to}${request.url ?? "/"}` });
        response.end();
        return;
      }
      if (request.headers["api-key"] !== fake.apiKey || request.headers["secret-key"] !== fake.secretKey) {
        return answer(401, { status: 401, message: "Unauthorized." });
      }
      if (request.method === "POST" && path === "/create_order") {
        const parcel = (body ?? {}) as Record<string, unknown>;
        const errors = problems(parcel);
        if (Object.keys(errors).length > 0) return answer(422, { status: 422, errors });
        const { consignmentId, trackingCode } = create(parcel);
        return answer(200, {
          status: 200,
          message: "Consignment has been created successfully.",
          consignment: {
            consignment_id: consignmentId,
            invoice: parcel.invoice,
            tracking_code: trackingCode,
            status: "in_review",
          },
        });
      }
      if (request.method === "POST" && path === "/create_order/bulk-order") {
        const data = (body as { data?: unknown } | null)?.data;
        if (!Array.isArray(data) || data.length > 500) {
          return answer(422, { status: 422, errors: { data: ["The data must be an array of at most 500 items."] } });
        }
        return answer(
          200,
          (data as Record<string, unknown>[]).map((parcel) => {
            if (Object.keys(problems(parcel)).length > 0) {
              return { ...parcel, consignment_id: null, tracking_code: null, status: "error" };
            }
            const { consignmentId, trackingCode } = create(parcel);
            return { ...parcel, consignment_id: consignmentId, tracking_code: trackingCode, status: "success" };
          }),
        );
      }
      if (request.method === "GET" && path === "/get_balance") {
        return answer(200, { status: 200, current_balance: 1520.5 });
      }
      if (request.method === "GET" && path === "/payments") {
        const listed = [...fake.payments.values()].map(({ consignments: _consignments, ...payment }) => payment);
        const perPage = fake.paymentsPerPage;
        if (perPage === null) return answer(200, listed);
        const page = Math.max(1, Number(new URL(request.url ?? "/", "http://x").searchParams.get("page")) || 1);
        const lastPage = Math.max(1, Math.ceil(listed.length / perPage));
        const pageUrl = (n: number) =>
          `${fake.nextPageOrigin ?? `http://127.0.0.1:${listening}`}/api/v1/payments?page=${n}`;
        return answer(200, {
          current_page: page,
          data: listed.slice((page - 1) * perPage, page * perPage),
          first_page_url: pageUrl(1),
          last_page: lastPage,
          next_page_url: page < lastPage ? pageUrl(page + 1) : null,
          per_page: perPage,
          prev_page_url: page > 1 ? pageUrl(page - 1) : null,
          total: listed.length,
        });
      }
      const payment = /^\/payments\/(.+)$/.exec(path);
      if (request.method === "GET" && payment) {
        const row = fake.payments.get(decodeURIComponent(payment[1]!));
        if (!row) return answer(404, { status: 404, message: "Payment not found." });
        return answer(200, row);
      }
      const byInvoice = /^\/status_by_invoice\/(.+)$/.exec(path);
      if (request.method === "GET" && byInvoice) {
        const consignment = fake.consignments.get(decodeURIComponent(byInvoice[1]!));
        if (!consignment) return answer(404, { status: 404, message: "Consignment not found." });
        return answer(200, { status: 200, delivery_status: consignment.status });
      }
      return answer(404, { status: 404, message: "Not found." });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  listening = (server.address() as AddressInfo).port;
  return {
    ...fake,
    get delayMs() {
      return fake.delayMs;
    },
    set delayMs(value: number) {
      fake.delayMs = value;
    },
    get redirect() {
      return fake.redirect;
    },
    get paymentsPerPage() {
      return fake.paymentsPerPage;
    },
    set paymentsPerPage(value: number | null) {
      fake.paymentsPerPage = value;
    },
    get nextPageOrigin() {
      return fake.nextPageOrigin;
    },
    set nextPageOrigin(value: string | null) {
      fake.nextPageOrigin = value;
    },
    set redirect(value: FakeSteadfast["redirect"]) {
      fake.redirect = value;
    },
    baseUrl: `http://127.0.0.1:${listening}/api/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
