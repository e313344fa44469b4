/**
 * The one-time code at checkout (docs/decisions/065-sms.md), against a real SQLite database through
 * the /cart route: the code step (no order without the right code, every field kept), the code's
 * life, tries and replay, the limits per phone and per client address, the device that remembers
 * a proved phone, and when no code is asked (setting off, no gateway, a phone with a delivered
 * order under "new-phones"). The codes are read from the outbox, where checkout queues them (the
 * sender sends them; it is not run here). Time is moved by the model's `now` parameters and by
 * ageing the stored rows, never by waiting.
 */
import assert from "node:assert/strict";
import { beforeEach, describe, expect, it } from "vitest";
import { enAdmin } from "~/i18n/admin/areas";
import { localDigits } from "~/i18n/format";
import { prisma } from "~/models/db/client.server";
import { getShopSettings, saveShopSettings } from "~/models/settings.server";
import { checkCheckoutCode, requestCheckoutCode } from "~/models/sms/phone-verification.server";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin.settings/route";
import { action as cartAction, loader as cartLoader } from "~/routes/_shop.cart/route";
import type { CheckoutCodeMode } from "~/rules/checkout-code";
import {
  CookieJar,
  createAdmin,
  createProduct,
  expectData,
  get,
  multipart,
  post,
  run,
  runData,
  signedInJar,
  type HandlerData,
  type Outcome,
} from "./helpers";

const MINUTE = 60 * 1000;
let variantId: number;
/** This test's shopper phone and client address: the tests share one database, and codes count per phone and address. */
let phone: string;
let ADDRESS: string;
let counter = 0;

beforeEach(async () => {
  counter += 1;
  phone = `0181234${String(5000 + counter)}`;
  ADDRESS = `203.0.113.${counter}`;
  variantId = (await createProduct({ name: "Code Lamp", pricePaisa: 50_000 })).variantId;
  await setCheckoutCode("every-order");
  await useGateway();
});

/** Sets the shop's checkout code setting. */
async function setCheckoutCode(mode: CheckoutCodeMode) {
  const { id: _id, updatedAt: _updatedAt, logoId: _logoId, logo: _logo, ...input } = await getShopSettings();
  await saveShopSettings({ ...input, checkoutCode: mode });
}

/** Sets the shop's SMS gateway: the generic URL-template API (never called here: the sender does not run). */
async function useGateway() {
  const settings = JSON.stringify({
    url: "http://127.0.0.1:9/http/send?to={to}&text={text}",
    method: "GET",
    body: "",
    contentType: "form",
    successText: "",
  });
  await prisma.smsGateway.upsert({
    where: { id: 1 },
    create: { id: 1, provider: "http", settings, secretSealed: "", secretHint: "" },
    update: { provider: "http", settings },
  });
}

/** A shopper's browser: its cookies, its client address, its cart with one lamp. */
class Shopper {
  jar = new CookieJar();
  constructor(
    readonly fields: Record<string, string> = {},
    readonly address?: string,
    readonly path = "/cart",
  ) {}

  /** Puts a lamp in the cart and reads the checkout form's hidden fields. */
  async fillCart() {
    this.jar.take(
      (await run(cartAction, post(this.path, { intent: "add", variantId, quantity: 1 }, this.jar))).headers,
    );
    const page = await runData(cartLoader, get(this.path, this.jar));
    this.hidden = { checkoutToken: page.checkoutToken, expectedSubtotalPaisa: String(page.subtotalPaisa) };
    return this;
  }

  hidden: Record<string, string> = {};

  /** Posts the checkout form with `extra` (the code field, `codePhone`, another intent…). */
  async post(extra: Record<string, string> = {}) {
    const fields = {
      intent: "checkout",
      name: "Rahima Code",
      phone,
      address: "House 9, Road 3",
      area: "Mirpur 10",
      district: "Dhaka",
      shippingMethod: "Inside Dhaka",
      ...this.fields,
      ...this.hidden,
      ...extra,
    };
    const outcome = await run(
      cartAction,
      post(this.path, fields, this.jar),
      {},
      { clientAddress: this.address ?? ADDRESS },
    );
    this.jar.take(outcome.headers);
    return outcome;
  }
}

/** The data of a refused checkout; fails on anything else. */
function refusal(outcome: Outcome<HandlerData<typeof cartAction>>) {
  expect(outcome.status).toBe(400);
  const data = expectData(outcome);
  assert("fieldErrors" in data, `expected a refused checkout, got ${JSON.stringify(data)}`);
  return data;
}

/** The code queued last for `phone`, read from its SMS text (it starts with the code). */
async function lastCode(phone: string) {
  const message = await prisma.smsMessage.findFirst({
    where: { phone, event: "checkout-code" },
    orderBy: { id: "desc" },
  });
  const code = /^(\d{6}) /.exec(message?.text ?? "")?.[1];
  if (!code) throw new Error(`No code queued for ${phone}: ${JSON.stringify(message)}`);
  return code;
}

const codesSent = (phone: string) => prisma.smsMessage.count({ where: { phone, event: "checkout-code" } });
const ordersOf = (phone: string) => prisma.order.count({ where: { customerPhone: phone } });

/** Moves every code of `phone` `ms` into the past (as if that much time went by). */
async function age(phone: string, ms: number) {
  const rows = await prisma.phoneVerification.findMany({ where: { phone } });
  for (const row of rows) {
    await prisma.phoneVerification.update({
      where: { id: row.id },
      data: { createdAt: new Date(row.createdAt.getTime() - ms), expiresAt: new Date(row.expiresAt.getTime() - ms) },
    });
  }
}

describe("the checkout code step", () => {
  it("places no order without the code, keeps every field, and places it with the right code", async () => {
    const shopper = await new Shopper({ email: "rahima@example.com" }).fillCart();
    const asked = refusal(await shopper.post());
    expect(asked.codeStep).toEqual({
      phone: phone,
      typed: "",
      notice: `We sent a 6-digit code to ${phone}. Enter it to place your order.`,
      error: null,
      resendInSeconds: expect.any(Number),
    });
    // A new code may be asked a minute after this one (the page counts it down with JavaScript).
    expect(asked.codeStep!.resendInSeconds).toBeGreaterThan(50);
    expect(asked.codeStep!.resendInSeconds).toBeLessThanOrEqual(60);
    expect(asked.formError).toBe("");
    expect(asked.values).toMatchObject({ name: "Rahima Code", email: "rahima@example.com", area: "Mirpur 10" });
    expect(await ordersOf(phone)).toBe(0);
    const sms = await prisma.smsMessage.findFirstOrThrow({ where: { phone: phone, event: "checkout-code" } });
    expect(sms).toMatchObject({ state: "queued", language: "en", orderId: null });
    expect(sms.text).toMatch(/^\d{6} is your .+ order code\. It expires in 5 minutes\.$/);
    // The code is stored as an HMAC only.
    const row = await prisma.phoneVerification.findFirstOrThrow({ where: { phone: phone } });
    expect(row).toMatchObject({ address: ADDRESS, attempts: 0, verifiedAt: null });
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toContain(await lastCode(phone));

    const code = await lastCode(phone);
    const wrong = refusal(await shopper.post({ codePhone: phone, code: code === "000000" ? "111111" : "000000" }));
    expect(wrong.codeStep?.error).toBe("That code is not right. Tries left for this code: 4.");
    expect(wrong.formError).toBe("Please correct the highlighted fields.");
    expect(wrong.codeStep?.typed).toMatch(/^\d{6}$/);
    expect(wrong.values).toMatchObject({ name: "Rahima Code", email: "rahima@example.com" });
    expect(await ordersOf(phone)).toBe(0);

    const empty = refusal(await shopper.post({ codePhone: phone, code: " " }));
    expect(empty.codeStep?.error).toBe(`Enter the 6-digit code we sent to ${phone}.`);
    const short = refusal(await shopper.post({ codePhone: phone, code: "12345" }));
    expect(short.codeStep?.error).toBe("The code is 6 digits, e.g. 123456.");

    const placed = await shopper.post({ codePhone: phone, code });
    expect(placed).toRedirectTo(/^\/order-success\?order=\d+$/);
    expect(await ordersOf(phone)).toBe(1);
    expect(await codesSent(phone)).toBe(1);
  });

  it("places the order without a code once codes stop reaching phones, and asks again once one gets through", async () => {
    // The gateway took the key but fails every message (no balance): the shopper's code failed.
    const shopper = await new Shopper().fillCart();
    refusal(await shopper.post());
    await prisma.smsMessage.updateMany({ where: { phone, event: "checkout-code" }, data: { state: "failed" } });
    expect(await shopper.post({ codePhone: phone, code: "" })).toRedirectTo(/^\/order-success/);
    expect(await ordersOf(phone)).toBe(1);

    // Shop-wide: three failed codes in a row in the last hour, and a new phone is not asked either.
    const others = ["01912340001", "01912340002", "01912340003"];
    await prisma.smsMessage.createMany({
      data: others.map((other) => ({
        event: "checkout-code",
        phone: other,
        language: "en",
        text: "",
        state: "failed",
      })),
    });
    phone = "01912340004";
    const next = await new Shopper().fillCart();
    expect(await next.post()).toRedirectTo(/^\/order-success/);
    expect(await codesSent(phone)).toBe(0);

    // One code delivered since: the gateway works again, and codes are asked again.
    await prisma.smsMessage.create({
      data: { event: "checkout-code", phone: "01912340005", language: "en", text: "", state: "sent" },
    });
    phone = "01912340006";
    const later = await new Shopper().fillCart();
    expect(refusal(await later.post()).codeStep?.phone).toBe(phone);
  });

  it("remembers the proved phone on the device: its next order asks no code, another browser's does", async () => {
    const shopper = await new Shopper().fillCart();
    refusal(await shopper.post());
    expect(await shopper.post({ codePhone: phone, code: await lastCode(phone) })).toRedirectTo(/^\/order-success/);
    await shopper.fillCart();
    expect(await shopper.post()).toRedirectTo(/^\/order-success/);
    expect(await ordersOf(phone)).toBe(2);
    expect(await codesSent(phone)).toBe(1);

    // The same phone from another browser is asked again (after the minute the last code holds).
    await age(phone, 2 * MINUTE);
    const other = await new Shopper().fillCart();
    expect(refusal(await other.post()).codeStep?.phone).toBe(phone);
    expect(await codesSent(phone)).toBe(2);
  });

  it("speaks Bangla on a Bangla page: the SMS, the notice and the refusals, in Bengali digits", async () => {
    const shopper = await new Shopper({}, undefined, "/bn/cart").fillCart();
    const asked = refusal(await shopper.post());
    expect(asked.codeStep?.notice).toBe(
      `${localDigits(phone, "bn")} নম্বরে ৬ সংখ্যার একটি কোড পাঠিয়েছি। অর্ডার করতে কোডটি লিখুন।`,
    );
    const sms = await prisma.smsMessage.findFirstOrThrow({ where: { phone: phone, event: "checkout-code" } });
    expect(sms.language).toBe("bn");
    expect(sms.text).toMatch(/^\d{6} আপনার .+ অর্ডার কোড। ৫ মিনিটে মেয়াদ শেষ হবে।$/);
    const code = await lastCode(phone);
    const wrong = refusal(await shopper.post({ codePhone: phone, code: code === "000000" ? "111111" : "000000" }));
    expect(wrong.codeStep?.error).toBe("কোডটি সঠিক নয়। এই কোডের জন্য আর ৪ বার চেষ্টা করতে পারবেন।");
    // The code typed in Bengali digits is read.
    const bengali = code.replace(/\d/g, (digit) => "০১২৩৪৫৬৭৮৯"[Number(digit)]!);
    expect(await shopper.post({ codePhone: phone, code: bengali })).toRedirectTo(/^\/bn\/order-success/);
  });

  it("sends no second code within the minute; Send a new code is refused with the seconds left, then sends one", async () => {
    const shopper = await new Shopper().fillCart();
    refusal(await shopper.post());
    const first = await lastCode(phone);
    // Place order again without a code: the step again, no new SMS.
    expect(refusal(await shopper.post()).codeStep?.notice).toContain("We sent a 6-digit code");
    expect(await codesSent(phone)).toBe(1);

    const tooSoon = refusal(await shopper.post({ intent: "resend-code", codePhone: phone, code: "12" }));
    const secondsLeft = Number(/^You can ask for a new code in (\d+) seconds\.$/.exec(tooSoon.formError)?.[1]);
    expect(secondsLeft).toBeGreaterThanOrEqual(1);
    expect(secondsLeft).toBeLessThanOrEqual(60);
    expect(tooSoon.codeStep).toMatchObject({ phone: phone, typed: "12", resendInSeconds: secondsLeft });
    expect(tooSoon.values.name).toBe("Rahima Code");
    expect(await codesSent(phone)).toBe(1);

    await age(phone, 61 * 1000);
    const resent = refusal(await shopper.post({ intent: "resend-code", codePhone: phone, code: "123" }));
    expect(resent.codeStep).toMatchObject({
      notice: `We sent a new code to ${phone}.`,
      typed: "",
      resendInSeconds: 60,
    });
    expect(await codesSent(phone)).toBe(2);
    const second = await lastCode(phone);
    expect(await ordersOf(phone)).toBe(0);

    // Only the newest code counts.
    if (first !== second) {
      const old = refusal(await shopper.post({ codePhone: phone, code: first }));
      expect(old.codeStep?.error).toBe("That code is not right. Tries left for this code: 4.");
    }
    expect(await shopper.post({ codePhone: phone, code: second })).toRedirectTo(/^\/order-success/);
  });

  it("asks a code for a phone changed after the code was sent", async () => {
    const shopper = await new Shopper().fillCart();
    refusal(await shopper.post());
    const firstCode = await lastCode(phone);
    const changed = refusal(await shopper.post({ phone: "01912345678", codePhone: phone, code: firstCode }));
    expect(changed.codeStep).toMatchObject({ phone: "01912345678", typed: "" });
    expect(changed.codeStep?.notice).toContain("01912345678");
    expect(await codesSent("01912345678")).toBe(1);
    expect(await ordersOf("01912345678")).toBe(0);
    expect(await ordersOf(phone)).toBe(0);
    const placed = await shopper.post({
      phone: "01912345678",
      codePhone: "01912345678",
      code: await lastCode("01912345678"),
    });
    expect(placed).toRedirectTo(/^\/order-success/);
  });

  it("refuses a code after 5 wrong tries, even the right one", async () => {
    const shopper = await new Shopper().fillCart();
    refusal(await shopper.post());
    const code = await lastCode(phone);
    const wrongCode = code === "000000" ? "111111" : "000000";
    const answers: (string | null | undefined)[] = [];
    for (let n = 0; n < 5; n++) {
      answers.push(refusal(await shopper.post({ codePhone: phone, code: wrongCode })).codeStep?.error);
    }
    expect(answers).toEqual([
      "That code is not right. Tries left for this code: 4.",
      "That code is not right. Tries left for this code: 3.",
      "That code is not right. Tries left for this code: 2.",
      "That code is not right. Tries left for this code: 1.",
      "Too many wrong codes. Press “Send a new code”.",
    ]);
    const right = refusal(await shopper.post({ codePhone: phone, code }));
    expect(right.codeStep?.error).toBe("Too many wrong codes. Press “Send a new code”.");
    expect((await prisma.phoneVerification.findFirstOrThrow({ where: { phone: phone } })).attempts).toBe(5);
    expect(await ordersOf(phone)).toBe(0);
  });

  it("refuses an expired code and a replayed one, each with its own answer", async () => {
    const shopper = await new Shopper().fillCart();
    refusal(await shopper.post());
    const code = await lastCode(phone);
    await age(phone, 5 * MINUTE);
    const expired = refusal(await shopper.post({ codePhone: phone, code }));
    expect(expired.codeStep?.error).toBe("This code has expired. Press “Send a new code”.");

    refusal(await shopper.post({ intent: "resend-code", codePhone: phone, code }));
    const fresh = await lastCode(phone);
    expect(await shopper.post({ codePhone: phone, code: fresh })).toRedirectTo(/^\/order-success/);
    // The same code sent again from another browser (a copied form): refused as used.
    const thief = await new Shopper().fillCart();
    const replayed = refusal(await thief.post({ codePhone: phone, code: fresh }));
    expect(replayed.codeStep?.error).toBe("This code was already used. Press “Send a new code”.");
    expect(await ordersOf(phone)).toBe(1);
  });

  it("checks a code's life, tries and use at the given time (the model)", async () => {
    const now = new Date("2026-11-29T10:00:00Z");
    const at = (ms: number) => new Date(now.getTime() + ms);
    const request = { phone: "01700000001", address: "198.51.100.1", lang: "en" as const, shopName: "Haat" };
    expect(await checkCheckoutCode("01700000001", "123456", now)).toEqual({ outcome: "none" });
    expect(await requestCheckoutCode({ ...request, now })).toEqual({ outcome: "sent", sentAt: now });
    const code = await lastCode("01700000001");
    expect(await checkCheckoutCode("01700000001", code, at(5 * MINUTE))).toEqual({ outcome: "expired" });
    expect(await checkCheckoutCode("01700000001", code, at(5 * MINUTE - 1))).toEqual({ outcome: "verified" });
    expect(await checkCheckoutCode("01700000001", code, at(5 * MINUTE - 1))).toEqual({ outcome: "used" });
  });
});

describe("the code limits", () => {
  it("sends 3 codes per phone in an hour and 10 in a day, saying when the next may go", async () => {
    const start = new Date("2026-11-29T00:00:00Z");
    const request = (minutes: number, address = `198.51.100.${minutes % 200}`) =>
      requestCheckoutCode({
        phone: "01711111111",
        address,
        lang: "en",
        shopName: "Haat",
        now: new Date(start.getTime() + minutes * MINUTE),
      });
    expect((await request(0)).outcome).toBe("sent");
    // Within the minute: nothing sent, the shopper types the last code.
    expect(await request(0.5)).toMatchObject({ outcome: "wait", retryAt: new Date(start.getTime() + MINUTE) });
    expect((await request(2)).outcome).toBe("sent");
    expect((await request(4)).outcome).toBe("sent");
    expect(await request(6)).toEqual({
      outcome: "limit",
      scope: "phone",
      retryAt: new Date(start.getTime() + 60 * MINUTE),
    });
    expect((await request(60)).outcome).toBe("sent");
    // 10 a day: 4 sent; 6 more over the next hours, then the day's limit.
    for (const hour of [2, 3, 4, 5, 6, 7]) expect((await request(hour * 60)).outcome).toBe("sent");
    expect(await request(9 * 60)).toEqual({
      outcome: "limit",
      scope: "phone",
      retryAt: new Date(start.getTime() + 24 * 60 * MINUTE),
    });
    expect(await codesSent("01711111111")).toBe(10);
    expect((await request(24 * 60 + 1)).outcome).toBe("sent");
  });

  it("sends 10 codes per client address in an hour across phones, then tells the shopper how long to wait", async () => {
    const start = new Date();
    for (let n = 0; n < 10; n++) {
      const answer = await requestCheckoutCode({
        phone: `0172000000${n}`,
        address: "192.0.2.50",
        lang: "en",
        shopName: "Haat",
        now: new Date(start.getTime() - 30 * MINUTE + n * 1000),
      });
      expect(answer.outcome).toBe("sent");
    }
    // The 11th, through checkout, from the same address for a new phone.
    const shopper = await new Shopper({ phone: "01730000000" }, "192.0.2.50").fillCart();
    const refused = refusal(await shopper.post());
    expect(refused.formError).toBe(
      `Too many codes were asked from your connection. Try again in 30 minutes, or call us on ${(await getShopSettings()).phone} to order.`,
    );
    expect(refused.codeStep).toBeUndefined();
    expect(refused.values.phone).toBe("01730000000");
    expect(await codesSent("01730000000")).toBe(0);
    // Another address is not held back.
    const elsewhere = await new Shopper({ phone: "01730000000" }, "192.0.2.51").fillCart();
    expect(refusal(await elsewhere.post()).codeStep?.phone).toBe("01730000000");
  });

  it("refuses a fourth code to a phone within the hour at checkout, naming the phone", async () => {
    const shopper = await new Shopper().fillCart();
    for (let n = 0; n < 3; n++) {
      refusal(await shopper.post({ intent: "resend-code" }));
      await age(phone, 61 * 1000);
    }
    const refused = refusal(await shopper.post({ intent: "resend-code", codePhone: phone }));
    expect(refused.formError).toMatch(new RegExp(`^Too many codes were sent to ${phone}\\. Try again in 5\\d minutes`));
    expect(refused.codeStep?.phone).toBe(phone);
    expect(await codesSent(phone)).toBe(3);
  });
});

describe("when no code is asked", () => {
  it("places the order at once when the setting is off", async () => {
    await setCheckoutCode("off");
    const shopper = await new Shopper().fillCart();
    expect(await shopper.post()).toRedirectTo(/^\/order-success/);
    expect(await codesSent(phone)).toBe(0);
  });

  it("places the order at once when no gateway is set, whatever the setting", async () => {
    await prisma.smsGateway.deleteMany();
    const shopper = await new Shopper().fillCart();
    expect(await shopper.post()).toRedirectTo(/^\/order-success/);
    expect(await prisma.phoneVerification.count({ where: { phone } })).toBe(0);
    expect(await codesSent(phone)).toBe(0);
  });

  it("refuses a blocked phone as before, without spending an SMS on a code", async () => {
    await prisma.blockedPhone.create({ data: { phone, note: "fake orders" } });
    const shopper = await new Shopper().fillCart();
    const refused = refusal(await shopper.post());
    expect(refused.formError).toContain("We cannot take this order online.");
    expect(refused.codeStep).toBeUndefined();
    expect(await codesSent(phone)).toBe(0);
  });

  it("asks only phones without a delivered order under new-phones", async () => {
    await setCheckoutCode("new-phones");
    const known = await new Shopper({ phone: "01555555555" }).fillCart();
    refusal(await known.post());
    expect(await known.post({ codePhone: "01555555555", code: await lastCode("01555555555") })).toRedirectTo(
      /^\/order-success/,
    );
    await prisma.order.updateMany({ where: { customerPhone: "01555555555" }, data: { status: "delivered" } });
    // Another browser, the same phone: it has a delivered order, so no code.
    const again = await new Shopper({ phone: "01555555555" }).fillCart();
    expect(await again.post()).toRedirectTo(/^\/order-success/);
    const stranger = await new Shopper({ phone: "01666666666" }).fillCart();
    expect(refusal(await stranger.post()).codeStep?.phone).toBe("01666666666");
  });
});

describe("the checkout code setting", () => {
  it("is saved from the settings page's order limits, with a warning while codes fail or no gateway is set", async () => {
    const owner = await signedInJar((await createAdmin()).id);
    const submit = async (changes: Record<string, string>) => {
      const { values } = await runData(settingsLoader, get("/admin/settings", owner));
      return run(
        settingsAction,
        multipart("/admin/settings", { ...values, ...changes } as Record<string, string>, [], owner),
      );
    };
    expect(await submit({ checkoutCode: "new-phones" })).toRedirectTo("/admin/settings");
    expect((await getShopSettings()).checkoutCode).toBe("new-phones");
    let page = await runData(settingsLoader, get("/admin/settings", owner));
    expect(page).toMatchObject({ values: { checkoutCode: "new-phones" }, codeSms: "ok" });
    // Three codes in a row failed within the hour: checkout asks none, and the page says so.
    for (const phone of ["01711111111", "01722222222", "01733333333"]) {
      await prisma.smsMessage.create({
        data: { event: "checkout-code", phone, language: "en", text: "", state: "failed", error: "refused" },
      });
    }
    page = await runData(settingsLoader, get("/admin/settings", owner));
    expect(page.codeSms).toBe("failing");
    await prisma.smsGateway.deleteMany();
    page = await runData(settingsLoader, get("/admin/settings", owner));
    expect(page.codeSms).toBe("no-gateway");

    const refused = await submit({ checkoutCode: "always", name: "Kept Name" });
    expect(refused.status).toBe(400);
    const body = refused.data as { values: Record<string, string>; fieldErrors: Record<string, string> };
    expect(body.fieldErrors.checkoutCode).toBe(enAdmin["admin.settings.checkoutCodeInvalid"]);
    expect(body.values).toMatchObject({ checkoutCode: "always", name: "Kept Name" });
    expect((await getShopSettings()).checkoutCode).toBe("new-phones");
  });
});
