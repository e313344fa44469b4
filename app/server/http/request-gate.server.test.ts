import { describe, expect, it } from "vitest";
import {
  checkBodySize,
  checkContentType,
  checkOrigin,
  createRequestGate,
  isAdminPath,
  MAX_FORM_BYTES,
  routedPath,
} from "./request-gate.server";

describe("routedPath", () => {
  it("resolves dot segments, encoded or not, and backslashes, as the URL parser Remix uses does", () => {
    for (const target of [
      "/admin/../cart",
      "/admin/%2e%2e/cart",
      "/admin/%2E%2E/cart",
      "/admin/.%2e/cart",
      "/admin\\..\\cart",
    ]) {
      expect(routedPath(target), target).toBe("/cart");
    }
    expect(routedPath("/admin/products?x=1")).toBe("/admin/products");
    // Not a dot segment: an encoded slash stays part of the name.
    expect(routedPath("/admin/..%2fcart")).toBe("/admin/..%2fcart");
  });
  it("keeps a path starting with // a path, as the adapter does (not a host)", () => {
    expect(routedPath("//evil.example/admin")).toBe("//evil.example/admin");
  });
  it("refuses a target that is not a path", () => {
    expect(routedPath("http://evil.example/")).toBeNull();
    expect(routedPath("*")).toBeNull();
  });
});

describe("isAdminPath", () => {
  it("is the admin area and its .data answers, not paths that merely start alike", () => {
    for (const path of ["/admin", "/admin/", "/admin/products", "/admin.data", "/admin/orders.data"])
      expect(isAdminPath(path), path).toBe(true);
    for (const path of ["/administrator", "/admin-app.webmanifest", "/admin-app/icons/x.png", "/cart"])
      expect(isAdminPath(path), path).toBe(false);
  });
});

describe("checkOrigin", () => {
  const host = "shop.example";
  it("allows the shop's own origin and requests without origin headers", () => {
    expect(checkOrigin({ origin: "https://shop.example", "sec-fetch-site": "same-origin" }, host)).toBeNull();
    expect(checkOrigin({ "sec-fetch-site": "none" }, host)).toBeNull();
    expect(checkOrigin({}, host)).toBeNull();
  });
  it("refuses another origin, null, a malformed one, and cross-site or same-site fetches", () => {
    expect(checkOrigin({ origin: "https://evil.example" }, host)?.status).toBe(403);
    expect(checkOrigin({ origin: "null" }, host)?.status).toBe(403);
    expect(checkOrigin({ origin: "::" }, host)?.status).toBe(403);
    expect(checkOrigin({ "sec-fetch-site": "cross-site" }, host)?.status).toBe(403);
    expect(checkOrigin({ "sec-fetch-site": "same-site", origin: "https://shop.example" }, host)?.status).toBe(403);
    expect(checkOrigin({ origin: "https://shop.example" }, undefined)?.status).toBe(403);
  });
  it("compares the port too", () => {
    expect(checkOrigin({ origin: "http://shop.example:8080" }, "shop.example:3000")?.status).toBe(403);
    expect(checkOrigin({ origin: "http://shop.example:3000" }, "shop.example:3000")).toBeNull();
  });
});

describe("checkContentType", () => {
  it("accepts the two form encodings, multipart only with a boundary", () => {
    expect(checkContentType("application/x-www-form-urlencoded")).toBeNull();
    expect(checkContentType("application/x-www-form-urlencoded; charset=UTF-8")).toBeNull();
    expect(checkContentType("Multipart/Form-Data; boundary=----x")).toBeNull();
    expect(checkContentType("multipart/form-data")?.status).toBe(415);
  });
  it("refuses everything else with 415", () => {
    for (const type of ["application/json", "text/plain", "text/xml", "", undefined]) {
      expect(checkContentType(type)?.status, String(type)).toBe(415);
    }
  });
});

describe("checkBodySize", () => {
  it("refuses a declared length over the limit, a malformed one, and a chunked body without a length", () => {
    expect(checkBodySize(String(MAX_FORM_BYTES), undefined, MAX_FORM_BYTES)).toBeNull();
    expect(checkBodySize(String(MAX_FORM_BYTES + 1), undefined, MAX_FORM_BYTES)?.status).toBe(413);
    expect(checkBodySize("12abc", undefined, MAX_FORM_BYTES)?.status).toBe(400);
    expect(checkBodySize(undefined, "chunked", MAX_FORM_BYTES)?.status).toBe(411);
    expect(checkBodySize(undefined, undefined, MAX_FORM_BYTES)).toBeNull();
  });
});

describe("createRequestGate", () => {
  /** Serves the gate on a free port (answering 204 to what it lets through) and sends one request. */
  async function throughGate(request: {
    method: string;
    path: string;
    headers: Record<string, string>;
    body?: string;
  }) {
    const http = await import("node:http");
    const lines: string[] = [];
    let signedInAsked = 0;
    const gate = createRequestGate({
      trustProxy: false,
      isSignedIn: async () => {
        signedInAsked += 1;
        return false;
      },
      log: (line) => lines.push(line),
    });
    const server = http.createServer((req, res) => {
      void gate(req, res, () => {
        res.statusCode = 204;
        res.end(JSON.stringify(req.headers));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    try {
      const response = await new Promise<{ status: number; cacheControl: string | undefined }>((resolve, reject) => {
        const req = http.request({ host: "127.0.0.1", port, ...request }, (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0, cacheControl: res.headers["cache-control"] }));
        });
        req.on("error", reject);
        req.end(request.body);
      });
      return { ...response, lines, signedInAsked };
    } finally {
      server.close();
    }
  }

  it("logs a refusal on one line, with the method, the routed path, the status and the reason", async () => {
    const result = await throughGate({
      method: "POST",
      path: "/admin/%2e%2e/cart",
      headers: { "Content-Type": "application/json", "Content-Length": "2" },
      body: "{}",
    });
    expect(result.status).toBe(415);
    expect(result.lines).toEqual(['refused POST "/cart": 415 unsupported body type (application/json)']);
  });

  it("asks for the session only for a large body to the admin area, and refuses it without one", async () => {
    const small = await throughGate({
      method: "POST",
      path: "/admin/products/create",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "3" },
      body: "a=b",
    });
    expect(small.status).toBe(204);
    expect(small.signedInAsked).toBe(0);
    expect(small.cacheControl).toBe("no-store");
    const large = await throughGate({
      method: "POST",
      path: "/admin/products/create",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(MAX_FORM_BYTES + 1) },
    });
    expect(large.status).toBe(413);
    expect(large.signedInAsked).toBe(1);
  });
});
