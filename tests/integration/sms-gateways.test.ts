/**
 * The SMS gateways against a local server implementing their documented endpoints
 * (tests/support/sms-gateway-server.ts, a real HTTP server on this worker's port): SSL Wireless's
 * and BulkSMSBD's clients (taken, wrong key, bad number, no balance, a 5xx, no answer, a redirect,
 * SSL's refusal of a repeated csms_id), and the owner's /admin/sms page: owner only, keys checked
 * before they are saved and stored sealed, refusals that keep what was typed (never a secret), the
 * URL template's placeholders checked, and the test message sent and recorded with its outcome.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/models/db/client.server";
import { action, loader } from "~/routes/admin.sms._index/route";
import { messageReference, SmsGatewayError } from "~/server/sms/gateway";
import { shopSmsGateway } from "~/server/sms/gateway-account.server";
import { seal } from "~/server/secret-box.server";
import { bulkSmsBdGateway } from "~/server/sms/bulksmsbd.server";
import { csmsIdOf, sslWirelessGateway } from "~/server/sms/ssl-wireless.server";
import { startFakeSmsGateway, workerSmsGatewayPort, type FakeSmsGateway } from "../support/sms-gateway-server";
import { createAdmin, get, post, run, signedInJar, type CookieJar } from "./helpers";

let gateway: FakeSmsGateway;

beforeAll(async () => {
  gateway = await startFakeSmsGateway(workerSmsGatewayPort());
});
afterAll(() => gateway.close());

beforeEach(() => {
  gateway.delivered.length = 0;
  gateway.requests.length = 0;
  gateway.fail.length = 0;
  gateway.bulkSmsBdBalance = 500;
});

/** The error `promise` rejects with (failing the test when it resolves). */
async function failureOf(promise: Promise<unknown>): Promise<SmsGatewayError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SmsGatewayError);
  return error as SmsGatewayError;
}

const ssl = (overrides: { apiToken?: string; sid?: string; timeoutMs?: number } = {}) =>
  sslWirelessGateway({
    apiToken: overrides.apiToken ?? gateway.sslToken,
    sid: overrides.sid ?? gateway.sslSid,
    baseUrl: process.env.SSL_WIRELESS_BASE_URL,
    timeoutMs: overrides.timeoutMs ?? 2000,
  });

const bulk = (overrides: { apiKey?: string; senderId?: string; timeoutMs?: number } = {}) =>
  bulkSmsBdGateway({
    apiKey: overrides.apiKey ?? gateway.bulkSmsBdKey,
    senderId: overrides.senderId ?? gateway.bulkSmsBdSenderId,
    baseUrl: process.env.BULKSMSBD_BASE_URL,
    timeoutMs: overrides.timeoutMs ?? 2000,
  });

describe("the SSL Wireless client", () => {
  it("sends one text with the country code and the reference as csms_id, and reads SSL's reference", async () => {
    const client = ssl();
    expect(client).toMatchObject({ provider: "sslwireless", idempotent: true });
    const sent = await client.send({ to: "01712345678", text: "আপনার অর্ডার #12 পাওয়া গেছে", reference: "haat-12" });
    expect(sent.gatewayReference).toMatch(/^ssl-/);
    expect(gateway.delivered).toEqual([
      expect.objectContaining({
        via: "sslwireless",
        to: "8801712345678",
        text: "আপনার অর্ডার #12 পাওয়া গেছে",
        reference: "haat12",
      }),
    ]);
    const request = gateway.requests[0]!;
    expect(request).toMatchObject({ method: "POST", path: "/sslwireless/api/v3/send-sms" });
    expect(JSON.parse(request.body)).toMatchObject({
      api_token: gateway.sslToken,
      sid: gateway.sslSid,
      csms_id: "haat12",
    });
  });

  it("refuses a repeated csms_id as a duplicate, delivering the message once", async () => {
    const client = ssl();
    await client.send({ to: "01712345678", text: "Once", reference: "haat-40" });
    const again = await failureOf(client.send({ to: "01712345678", text: "Once", reference: "haat-40" }));
    expect(again).toMatchObject({ kind: "duplicate", retryable: false });
    expect(again.message).toContain("4023");
    expect(gateway.delivered).toHaveLength(1);
  });

  it("names a wrong token or sender id unauthorised, and a bad number refused, in the gateway's words", async () => {
    const token = await failureOf(
      ssl({ apiToken: "wrong-token" }).send({ to: "01712345678", text: "x", reference: "haat-1" }),
    );
    expect(token).toMatchObject({ kind: "unauthorised", retryable: false });
    expect(token.message).toMatch(/Unauthorized.*4001/);
    const sid = await failureOf(ssl({ sid: "OTHER" }).send({ to: "01712345678", text: "x", reference: "haat-2" }));
    expect(sid).toMatchObject({ kind: "unauthorised" });
    const number = await failureOf(ssl().send({ to: "01212345678", text: "x", reference: "haat-3" }));
    expect(number).toMatchObject({ kind: "refused", retryable: false });
    expect(number.message).toMatch(/Invalid MSISDN.*4025/);
    expect(gateway.delivered).toHaveLength(0);
  });

  it("reads the balance, and treats a 5xx, no answer and a redirect as worth trying again", async () => {
    expect(await ssl().balance()).toBe("500.00");
    gateway.fail.push({ status: 502, body: "<html>Bad gateway</html>" });
    expect(await failureOf(ssl().send({ to: "01712345678", text: "x", reference: "haat-5" }))).toMatchObject({
      kind: "bad-answer",
      retryable: true,
    });
    gateway.fail.push("hang");
    expect(
      await failureOf(ssl({ timeoutMs: 300 }).send({ to: "01712345678", text: "x", reference: "haat-6" })),
    ).toMatchObject({
      kind: "timeout",
      retryable: true,
    });
    gateway.fail.push({ status: 302, body: "" });
    expect(await failureOf(ssl().balance())).toMatchObject({ kind: "bad-answer", retryable: true });
    expect(gateway.delivered).toHaveLength(0);
  });

  it("turns a reference into a csms_id of at most 20 letters and digits", () => {
    expect(csmsIdOf("haat-123")).toBe("haat123");
    expect(csmsIdOf("haat-123456789012345678901")).toHaveLength(20);
  });

  it("gives message 12 of a restored or new database another csms_id than the old message 12", () => {
    // Ids start again after a restore; SSL Wireless remembers csms_ids and would drop the new one.
    const before = csmsIdOf(messageReference(12, new Date("2026-11-01T10:00:00Z")));
    const after = csmsIdOf(messageReference(12, new Date("2026-11-29T10:00:00Z")));
    expect(after).not.toBe(before);
    expect(csmsIdOf(messageReference(99_999_999, new Date("2030-01-01T00:00:00Z")))).toMatch(/^[a-z0-9]{1,20}$/);
    expect(csmsIdOf(messageReference(99_999_999, new Date("2030-01-01T00:00:00Z")))).toMatch(/^haat/);
  });
});

describe("a gateway's reasons", () => {
  it("never carry the key, even when the gateway repeats the request in its error", async () => {
    const secret = "live-key-8f2Q+x/9";
    const client = await shopSmsGateway({
      provider: "http",
      settings: JSON.stringify({
        url: `${gateway.origin}/http/send?key={key}&to={to}&text={text}`,
        method: "GET",
        body: "",
        contentType: "form",
        successText: "",
      }),
      secretSealed: seal(secret),
      secretHint: secret.slice(-4),
      updatedAt: new Date(),
      updatedByEmail: null,
    });
    gateway.fail.push({ status: 400, body: `invalid api_key ${secret} (also ${encodeURIComponent(secret)})` });
    const failure = await failureOf(client!.send({ to: "01712345678", text: "x", reference: "haat-1-a" }));
    expect(failure.message).not.toContain(secret);
    expect(failure.message).not.toContain(encodeURIComponent(secret));
    expect(failure.message).toBe("invalid api_key … (also …)");
    expect(failure).toMatchObject({ kind: "refused", retryable: false });
  });
});

describe("the BulkSMSBD client", () => {
  it("posts the documented form (key in the body, not the URL) and reads the message id", async () => {
    const client = bulk();
    expect(client).toMatchObject({ provider: "bulksmsbd", idempotent: false });
    const sent = await client.send({ to: "01812345678", text: "Order #7 shipped", reference: "haat-7" });
    expect(sent.gatewayReference).toMatch(/^\d+$/);
    const request = gateway.requests[0]!;
    expect(request).toMatchObject({ method: "POST", path: "/bulksmsbd/api/smsapi" });
    expect(request.path).not.toContain(gateway.bulkSmsBdKey);
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
      api_key: gateway.bulkSmsBdKey,
      type: "text",
      number: "8801812345678",
      senderid: gateway.bulkSmsBdSenderId,
      message: "Order #7 shipped",
    });
    expect(gateway.delivered).toEqual([expect.objectContaining({ via: "bulksmsbd", to: "8801812345678" })]);
  });

  it("maps its codes: wrong key or sender unauthorised, bad number refused, no balance refused for now", async () => {
    const key = await failureOf(bulk({ apiKey: "wrong" }).send({ to: "01812345678", text: "x", reference: "haat-1" }));
    expect(key).toMatchObject({ kind: "unauthorised", retryable: false });
    expect(key.message).toMatch(/User Id not found.*1011/);
    const sender = await failureOf(
      bulk({ senderId: "880000" }).send({ to: "01812345678", text: "x", reference: "haat-2" }),
    );
    expect(sender).toMatchObject({ kind: "unauthorised" });
    expect(sender.message).toContain("1002");
    const number = await failureOf(bulk().send({ to: "01112345678", text: "x", reference: "haat-3" }));
    expect(number).toMatchObject({ kind: "refused", retryable: false });
    expect(number.message).toMatch(/Invalid Number.*1001/);
    gateway.bulkSmsBdBalance = 0;
    const balance = await failureOf(bulk().send({ to: "01812345678", text: "x", reference: "haat-4" }));
    expect(balance).toMatchObject({ kind: "refused", retryable: true });
    expect(balance.message).toMatch(/Balance Insufficient.*1007/);
    expect(gateway.delivered).toHaveLength(0);
  });

  it("reads the balance in taka, and treats a 5xx, no answer and a redirect as worth trying again", async () => {
    expect(await bulk().balance()).toBe("৳500.00");
    expect(await failureOf(bulk({ apiKey: "wrong" }).balance())).toMatchObject({ kind: "unauthorised" });
    gateway.fail.push({ status: 500, body: "Internal Server Error" });
    expect(await failureOf(bulk().send({ to: "01812345678", text: "x", reference: "haat-5" }))).toMatchObject({
      kind: "bad-answer",
      retryable: true,
    });
    gateway.fail.push("hang");
    expect(
      await failureOf(bulk({ timeoutMs: 300 }).send({ to: "01812345678", text: "x", reference: "haat-6" })),
    ).toMatchObject({
      kind: "timeout",
    });
    gateway.fail.push({ status: 301, body: "" });
    expect(await failureOf(bulk().send({ to: "01812345678", text: "x", reference: "haat-7" }))).toMatchObject({
      kind: "bad-answer",
    });
    expect(gateway.delivered).toHaveLength(0);
  });
});

describe("the /admin/sms page", () => {
  let owner: CookieJar;
  let ownerId: number;
  /** This test's owner's audit lines of `action`. */
  const audited = (action: string) => prisma.auditEvent.count({ where: { action, actorId: ownerId } });
  beforeEach(async () => {
    // One database for the file: each test starts with no gateway and no messages.
    await prisma.smsGateway.deleteMany();
    await prisma.smsMessage.deleteMany();
    const admin = await createAdmin();
    ownerId = admin.id;
    owner = await signedInJar(admin.id);
  });

  const bulkForm = (fields: Record<string, string> = {}) => ({
    intent: "save",
    provider: "bulksmsbd",
    bulkSenderId: gateway.bulkSmsBdSenderId,
    bulkApiKey: gateway.bulkSmsBdKey,
    ...fields,
  });
  const httpForm = (fields: Record<string, string> = {}) => ({
    intent: "save",
    provider: "http",
    httpUrl: `${gateway.origin}/http/send?key={key}&to={to}&text={text}`,
    httpMethod: "GET",
    httpBody: "",
    httpContentType: "form",
    httpSuccessText: "ok",
    httpKey: gateway.httpKey,
    ...fields,
  });

  it("is the owner's: staff are refused", async () => {
    const staff = await createAdmin();
    await prisma.adminUser.update({ where: { id: staff.id }, data: { role: "staff" } });
    const jar = await signedInJar(staff.id);
    expect((await run(loader, get("/admin/sms", jar))).status).toBe(403);
    expect((await run(action, post("/admin/sms", bulkForm(), jar))).status).toBe(403);
    expect((await run(action, post("/admin/sms", { intent: "test", testPhone: "01712345678" }, jar))).status).toBe(403);
    expect(await prisma.smsGateway.count()).toBe(0);
    expect(gateway.requests).toHaveLength(0);
  });

  it("refuses a key the gateway refuses, keeping what was typed except the key; saves a right one sealed", async () => {
    const wrong = await run(action, post("/admin/sms", bulkForm({ bulkApiKey: "wrong-key-9999" }), owner));
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({
      gateway: {
        values: { provider: "bulksmsbd", bulkSenderId: gateway.bulkSmsBdSenderId },
        formError: expect.stringMatching(/BulkSMSBD.*1011/),
      },
    });
    expect(JSON.stringify(wrong.data)).not.toContain("wrong-key-9999");
    expect(await prisma.smsGateway.count()).toBe(0);

    const saved = await run(action, post("/admin/sms", bulkForm(), owner));
    expect(saved).toRedirectTo("/admin/sms");
    await expect(saved).toSetToast({ kind: "success", message: /৳500\.00/ });
    const row = await prisma.smsGateway.findUniqueOrThrow({ where: { id: 1 } });
    expect(row).toMatchObject({ provider: "bulksmsbd", secretHint: gateway.bulkSmsBdKey.slice(-4) });
    expect(JSON.parse(row.settings)).toEqual({ senderId: gateway.bulkSmsBdSenderId });
    expect(row.secretSealed).not.toBe("");
    expect(JSON.stringify(row)).not.toContain(gateway.bulkSmsBdKey);
    expect(await shopSmsGateway()).toMatchObject({ provider: "bulksmsbd", idempotent: false });

    const page = await run(loader, get("/admin/sms", owner));
    expect(page.data?.gateway).toMatchObject({
      configured: true,
      readable: true,
      provider: "bulksmsbd",
      keyHint: "0002",
      sender: gateway.bulkSmsBdSenderId,
    });
    expect(JSON.stringify(page.data)).not.toContain(gateway.bulkSmsBdKey);
    expect(await audited("sms.gateway-saved")).toBe(1);
  });

  it("saves SSL Wireless checked, checks it again, and removes it", async () => {
    const saved = await run(
      action,
      post(
        "/admin/sms",
        { intent: "save", provider: "sslwireless", sslSid: gateway.sslSid, sslApiToken: gateway.sslToken },
        owner,
      ),
    );
    await expect(saved).toSetToast({ kind: "success", message: /SSL Wireless.*500\.00/ });
    expect(await shopSmsGateway()).toMatchObject({ provider: "sslwireless", idempotent: true });

    await expect(await run(action, post("/admin/sms", { intent: "check" }, owner))).toSetToast({
      kind: "success",
      message: /500\.00/,
    });
    await expect(await run(action, post("/admin/sms", { intent: "remove" }, owner))).toSetToast({
      kind: "success",
      message: /removed/,
    });
    expect(await prisma.smsGateway.count()).toBe(0);
    expect(await audited("sms.gateway-removed")).toBe(1);
  });

  it("saves a gateway it cannot reach, saying the key is not checked yet", async () => {
    gateway.fail.push("hang");
    const saved = await run(action, post("/admin/sms", bulkForm(), owner));
    await expect(saved).toSetToast({ kind: "info", message: /not checked yet/ });
    expect(await prisma.smsGateway.count()).toBe(1);
  });

  it("asks for each provider's own fields, and for a provider", async () => {
    const none = await run(action, post("/admin/sms", { intent: "save" }, owner));
    expect(none.data).toMatchObject({ gateway: { fieldErrors: { provider: expect.any(String) } } });
    const empty = await run(action, post("/admin/sms", bulkForm({ bulkSenderId: " ", bulkApiKey: "" }), owner));
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({
      gateway: { fieldErrors: { bulkSenderId: expect.any(String), bulkApiKey: expect.any(String) } },
    });
    expect(gateway.requests).toHaveLength(0);
  });

  it("checks a URL template's placeholders, naming an unknown one, before saving it with its key sealed", async () => {
    const unknown = await run(
      action,
      post("/admin/sms", httpForm({ httpUrl: `${gateway.origin}/http/send?to={to}&text={message}&key={key}` }), owner),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.data).toMatchObject({
      gateway: {
        values: { httpUrl: `${gateway.origin}/http/send?to={to}&text={message}&key={key}`, httpSuccessText: "ok" },
        fieldErrors: { httpUrl: expect.stringContaining("{message}") },
      },
    });
    expect(JSON.stringify(unknown.data)).not.toContain(gateway.httpKey);

    const noText = await run(
      action,
      post("/admin/sms", httpForm({ httpUrl: `${gateway.origin}/send?to={to}&key={key}` }), owner),
    );
    expect(noText.data).toMatchObject({ gateway: { fieldErrors: { httpUrl: expect.stringContaining("{text}") } } });
    const notWeb = await run(action, post("/admin/sms", httpForm({ httpUrl: "ftp://example.bd/{to}/{text}" }), owner));
    expect(notWeb.data).toMatchObject({ gateway: { fieldErrors: { httpUrl: expect.stringContaining("http") } } });
    const unusedKey = await run(
      action,
      post("/admin/sms", httpForm({ httpUrl: `${gateway.origin}/http/send?to={to}&text={text}` }), owner),
    );
    expect(unusedKey.data).toMatchObject({ gateway: { fieldErrors: { httpKey: expect.stringContaining("{key}") } } });
    const postBody = await run(
      action,
      post(
        "/admin/sms",
        httpForm({
          httpUrl: `${gateway.origin}/http/send`,
          httpMethod: "POST",
          httpBody: "to={to_local}&text={text}&sender={from}",
          httpKey: "",
        }),
        owner,
      ),
    );
    expect(postBody.data).toMatchObject({ gateway: { fieldErrors: { httpBody: expect.stringContaining("{from}") } } });
    expect(await prisma.smsGateway.count()).toBe(0);

    const saved = await run(action, post("/admin/sms", httpForm(), owner));
    await expect(saved).toSetToast({ kind: "success", message: /test message/ });
    const row = await prisma.smsGateway.findUniqueOrThrow({ where: { id: 1 } });
    expect(row.provider).toBe("http");
    expect(JSON.stringify(row)).not.toContain(gateway.httpKey);
    expect(gateway.requests).toHaveLength(0);
  });

  it("sends a test message straight through the gateway and records it with its outcome", async () => {
    await run(action, post("/admin/sms", bulkForm(), owner));
    const sent = await run(action, post("/admin/sms", { intent: "test", testPhone: "+880 1712-345678" }, owner));
    expect(sent).toRedirectTo("/admin/sms");
    await expect(sent).toSetToast({ kind: "success", message: /01712345678/ });
    expect(gateway.delivered).toEqual([expect.objectContaining({ via: "bulksmsbd", to: "8801712345678" })]);
    const message = await prisma.smsMessage.findFirstOrThrow({ where: { event: "test" } });
    expect(message).toMatchObject({
      phone: "01712345678",
      language: "en",
      state: "sent",
      provider: "bulksmsbd",
      gatewayReference: expect.any(String),
      claimedUntil: null,
      parts: 1,
    });
    expect(message.text).toBe(gateway.delivered[0]!.text);

    gateway.bulkSmsBdBalance = 0;
    const refused = await run(action, post("/admin/sms", { intent: "test", testPhone: "০১৮১২৩৪৫৬৭৮" }, owner));
    await expect(refused).toSetToast({ kind: "error", message: /Balance Insufficient/ });
    expect(await prisma.smsMessage.findFirstOrThrow({ where: { event: "test", phone: "01812345678" } })).toMatchObject({
      state: "failed",
      error: expect.stringContaining("1007"),
    });
    expect(await audited("sms.test-sent")).toBe(2);
  });

  it("refuses a test message to a number that is not a Bangladeshi mobile, or with no gateway", async () => {
    const noGateway = await run(action, post("/admin/sms", { intent: "test", testPhone: "01712345678" }, owner));
    await expect(noGateway).toSetToast({ kind: "error", message: /No SMS gateway/ });
    await run(action, post("/admin/sms", bulkForm(), owner));
    const bad = await run(action, post("/admin/sms", { intent: "test", testPhone: "+44 7700 900123" }, owner));
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      test: { values: { testPhone: "+44 7700 900123" }, fieldErrors: { testPhone: expect.any(String) } },
    });
    expect(gateway.delivered).toHaveLength(0);
    expect(await prisma.smsMessage.count()).toBe(0);
  });
});
