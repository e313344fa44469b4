/**
 * A fuzz of malformed and hostile requests over every action of the build's route manifest (public
 * and admin, signed in and not, pages and their `.data` answers): wrong or missing Content-Type,
 * broken multipart, JSON to a form action, odd methods, hostile origins, garbage cookies, dot
 * segments, absurd field values. The server may refuse each one however it likes (400, 403, 404,
 * 405, 411, 413, 415, a redirect, a page with errors) but never with a 500. The generator is
 * seeded, so a failure names a request that can be sent again.
 */
import { expect, test } from "@playwright/test";
import { adminCookie, buildRoutes, concretePath, ORIGIN, raw, sameOrigin, type RawRequest } from "./http";

/** Requests per run (at least 1,000). */
const REQUESTS = 1_200;
/** Requests in flight at once. */
const CONCURRENCY = 8;
/** Form posts to the sign-in that reach the password check: few, so the suite's own sign-ins are not throttled. */
const SIGN_IN_FORMS = 15;

/** mulberry32: a small seeded PRNG, so the same seed makes the same requests. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick };
}

const FIELD_NAMES = [
  "intent",
  "id",
  "productId",
  "variantId",
  "quantity",
  "name",
  "phone",
  "email",
  "address",
  "area",
  "district",
  "shippingMethod",
  "checkoutToken",
  "expectedSubtotalPaisa",
  "price",
  "discountedPrice",
  "categoryId",
  "description",
  "isFeatured",
  "status",
  "redirectTo",
  "password",
  "imageId",
  "images",
  "delete",
  "order",
  "page",
] as const;
const INTENTS = ["add", "buy-now", "update", "remove", "checkout", "delete", "save", "status", "", "x".repeat(300)];
const VALUES = [
  "",
  "0",
  "-1",
  "1",
  "2",
  "1e309",
  "NaN",
  "Infinity",
  "0x10",
  "9007199254740993",
  "99999999999999999999",
  "1.5",
  " 1 ",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "../../etc/passwd",
  "//evil.example",
  "https://evil.example",
  "\u0000",
  "\uFEFF",
  "০১৭১২৩৪৫৬৭৮",
  "🙂".repeat(50),
  "a".repeat(5000),
  "%",
  "%zz",
  "Inside Dhaka",
  "Outside Dhaka",
  "Pending",
  "Delivered",
];

/** Builds one malformed request for `path` (an action's path) from the generator `r`. */
function malformed(
  r: ReturnType<typeof random>,
  path: string,
  cookie: string | undefined,
  formsOnly: boolean,
): RawRequest {
  const fields = () => {
    const params = new URLSearchParams();
    const count = Math.floor(r.next() * 8);
    for (let i = 0; i < count; i++) {
      const name = r.next() < 0.9 ? r.pick(FIELD_NAMES) : r.pick(VALUES);
      params.append(name, name === "intent" ? r.pick(INTENTS) : r.pick(VALUES));
    }
    return params.toString();
  };
  const target = r.pick([
    path,
    path,
    `${path}.data`,
    `${path}?index`,
    `${path}?redirectTo=//evil.example`,
    `${path}/../${path.split("/").pop()}`,
  ]);
  const method = r.next() < 0.85 ? "POST" : r.pick(["PUT", "PATCH", "DELETE"]);
  const headerSets: Record<string, string | undefined>[] = [
    sameOrigin,
    sameOrigin,
    { Origin: ORIGIN },
    {},
    { Origin: "null" },
    { Origin: "https://evil.example" },
    { Origin: "not a url" },
    { "Sec-Fetch-Site": "cross-site" },
  ];
  const cookies = [
    cookie,
    cookie,
    undefined,
    "haat_session=garbage",
    "haat_session=%E0%A4%A; haat_cart=%%%",
    `haat_cart=${"x".repeat(3000)}`,
  ];
  const headers: Record<string, string | undefined> = { ...r.pick(headerSets), Cookie: r.pick(cookies) };

  const shapes = [
    () => ({ type: "application/x-www-form-urlencoded", body: fields() }),
    () => ({ type: "application/x-www-form-urlencoded", body: fields() }),
    () => ({ type: "application/x-www-form-urlencoded", body: "%%%&=&==&a=%E0%A4&" + "k=v&".repeat(200) }),
    () => ({
      type: "multipart/form-data; boundary=fuzz",
      body: `--fuzz\r\nContent-Disposition: form-data; name="intent"\r\n\r\n${r.pick(INTENTS)}\r\n--fuzz--\r\n`,
    }),
    () => ({
      type: "multipart/form-data; boundary=fuzz",
      body: '--fuzz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--fu',
    }),
    () => ({ type: "multipart/form-data; boundary=fuzz", body: "garbage without parts" }),
    () => ({ type: "multipart/form-data", body: "--x\r\n\r\n" }),
    () => ({ type: "application/json", body: JSON.stringify({ intent: r.pick(INTENTS), id: 1 }) }),
    () => ({ type: "text/plain", body: fields() }),
    () => ({ type: undefined, body: fields() }),
    () => ({ type: "application/xml", body: "<a/>" }),
    () => ({
      type: "application/x-www-form-urlencoded; charset=utf-16",
      body: Buffer.from(fields(), "utf16le").toString("binary"),
    }),
    () => ({
      type: "application/x-www-form-urlencoded",
      body: Buffer.from(Array.from({ length: 200 }, () => Math.floor(r.next() * 256))).toString("binary"),
    }),
  ];
  // Past its quota, the sign-in gets only bodies that never reach the password check: broken
  // multipart, or types the gate refuses.
  const { type, body } = r.pick(formsOnly ? shapes.slice(4, 11) : shapes)();
  return { method, path: target, headers: { ...headers, "Content-Type": type }, body: Buffer.from(body, "binary") };
}

test("1,200 malformed requests over every action get no 500", async () => {
  test.setTimeout(180_000);
  const cookie = await adminCookie();
  const actions = buildRoutes()
    .filter((route) => route.hasAction)
    .map((route) => concretePath(route.path));
  expect(actions).toEqual(
    expect.arrayContaining([
      "/cart",
      "/admin/login",
      "/admin/logout",
      "/admin/:list/upload".replace(":list", "products"),
    ]),
  );
  const r = random(20261124);
  let signInForms = 0;
  const requests: RawRequest[] = [];
  while (requests.length < REQUESTS) {
    const path = r.pick(actions);
    const isSignIn = path === "/admin/login";
    const formsOnly = isSignIn && signInForms >= SIGN_IN_FORMS;
    // Never the real session to the logout: it would end the session the rest of the fuzz uses.
    const request = malformed(r, path, path === "/admin/logout" ? undefined : cookie, formsOnly);
    if (isSignIn && !formsOnly) signInForms += 1;
    requests.push(request);
  }

  const byStatus = new Map<number, number>();
  const failures: string[] = [];
  let index = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (index < requests.length) {
        const request = requests[index++]!;
        const res = await raw(request);
        byStatus.set(res.status, (byStatus.get(res.status) ?? 0) + 1);
        if (res.status >= 500) {
          failures.push(
            `${request.method} ${request.path} (${request.headers?.["Content-Type"]}): ${res.status} ${res.body.slice(0, 200)}`,
          );
        }
      }
    }),
  );
  const counts = [...byStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}: ${n}`)
    .join(", ");
  console.log(`fuzz: ${requests.length} requests over ${actions.length} actions; by status ${counts}`);
  test.info().annotations.push({ type: "by status", description: counts });
  expect(failures, failures.slice(0, 10).join("\n")).toEqual([]);
  expect(requests.length).toBeGreaterThanOrEqual(1_000);
});
