/**
 * New-order e-mails against a real SMTP server started by the test (smtp-server, on a free loopback
 * port), through the real checkout: the shop's alert and the shopper's confirmation in the page's
 * language, none for a shopper without an e-mail, and a checkout that neither waits for nor fails
 * because of the mail server.
 *
 * The app reads SMTP_URL once per module registry, so this file sets it and loads the app's modules
 * afresh (vi.resetModules) before importing them.
 */
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import type * as DbModule from "~/models/db/client.server";
import type * as CartRoute from "~/routes/_shop.cart/route";
import type * as HelpersModule from "./helpers";

let helpers: typeof HelpersModule;
let prisma: typeof DbModule.prisma;
let cart: typeof CartRoute;

const received: ParsedMail[] = [];
/** While set, the server holds each message's end of data until it is called. */
let holdData: Promise<void> | null = null;
let server: SMTPServer;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith("refused")) {
        const error = Object.assign(new Error(`<${address.address}>: no such mailbox`), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(async (mail) => {
        if (holdData) await holdData;
        received.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  process.env.MAIL_FROM = "Haat Orders <orders@haat.example>";
  process.env.PUBLIC_URL = "https://shop.example";
  vi.resetModules();
  helpers = await import("./helpers");
  prisma = (await import("~/models/db/client.server")).prisma;
  cart = await import("~/routes/_shop.cart/route");
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Places an order for one ৳1,250.50 lamp through checkout from `lang`'s cart page; returns its id and the answer. */
async function checkout(lang: "en" | "bn", email: string, code?: string) {
  const { CookieJar, createProduct, get, post, run, runData } = helpers;
  const lamp = await createProduct({ name: `Mail Lamp ${Math.random()}`.slice(0, 16), pricePaisa: 125_050 });
  const jar = new CookieJar();
  const base = lang === "bn" ? "/bn/cart" : "/cart";
  jar.take(
    (
      await run(
        cart.action,
        post(base, { intent: "add", variantId: lamp.variantId, quantity: 2, redirectTo: "/" }, jar),
      )
    ).headers,
  );
  if (code) jar.take((await run(cart.action, post(base, { intent: "apply-code", code }, jar))).headers);
  const page = await runData(cart.loader, get(base, jar));
  const answer = await run(
    cart.action,
    post(
      base,
      {
        intent: "checkout",
        name: "Rahima Akter",
        phone: "01712345678",
        email,
        address: "House 4, Road 2",
        area: "Mirpur 10",
        district: "Dhaka",
        shippingMethod: "Inside Dhaka",
        checkoutToken: page.checkoutToken,
        expectedSubtotalPaisa: page.subtotalPaisa,
        discountCode: page.code?.code ?? "",
        expectedDiscountPaisa: page.code?.discountPaisa ?? 0,
      },
      jar,
    ),
  );
  const order = await prisma.order.findFirst({ where: { checkoutToken: page.checkoutToken } });
  return { answer, orderId: order?.id ?? null, product: lamp.name };
}

/** The messages received for order `id`, waiting up to 5 s for `count` of them. */
async function mailsFor(id: number, count: number): Promise<ParsedMail[]> {
  const mine = () => received.filter((mail) => mail.subject?.includes(`#${id}`) || mail.subject?.includes(`#${id}:`));
  for (let waited = 0; mine().length < count && waited < 5_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return mine();
}

const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;

describe("new-order e-mails", () => {
  it("show a campaign code's saving between the delivery charge and the total", async () => {
    await prisma.discountCode.create({ data: { code: "MAIL10", kind: "percentage", value: 1000 } });
    const { orderId } = await checkout("en", "coded@example.com", "mail10");
    const mails = await mailsFor(orderId!, 2);
    const confirmation = mails.find((mail) => to(mail) === "coded@example.com")!;
    expect(confirmation.text).toContain(
      "Shipping (Inside Dhaka): ৳60.00\nDiscount (MAIL10): −৳250.10\nTotal: ৳2,310.90",
    );
  });

  it("alert the shop and confirm to the shopper, after the order is placed", async () => {
    const { answer, orderId, product } = await checkout("en", "rahima@example.com");
    expect(answer.status).toBe(302);
    const mails = await mailsFor(orderId!, 2);
    expect(mails).toHaveLength(2);
    const alert = mails.find((mail) => to(mail) === "hello@haat.example")!;
    const confirmation = mails.find((mail) => to(mail) === "rahima@example.com")!;

    expect(alert.from?.text).toBe('"Haat Orders" <orders@haat.example>');
    expect(alert.subject).toBe(`New order #${orderId}: ৳2,561.00, Rahima Akter`);
    expect(alert.text).toContain("Customer: Rahima Akter, 01712345678");
    expect(alert.text).toContain("Delivery to: House 4, Road 2, Mirpur 10, Dhaka");
    expect(alert.text).toContain(`${product} × 2: ৳2,501.00`);
    expect(alert.text).toContain("Total: ৳2,561.00");
    expect(alert.text).toContain(`https://shop.example/admin/orders/view/${orderId}`);

    expect(confirmation.subject).toBe(`Your order #${orderId} at Haat Lights & Decor`);
    expect(confirmation.text).toContain("Dear Rahima Akter,");
    expect(confirmation.text).toContain("We will call you on 01712345678 to confirm it");
    expect(confirmation.text).toContain(`Follow your order: https://shop.example/orders/track?order=${orderId}`);
  });

  it("confirm in Bangla to a shopper who ordered from a Bangla page; the shop's alert stays in its language", async () => {
    const { orderId } = await checkout("bn", "karim@example.com");
    const mails = await mailsFor(orderId!, 2);
    const confirmation = mails.find((mail) => to(mail) === "karim@example.com")!;
    expect(confirmation.subject).toBe(`Haat Lights & Decor-এ আপনার অর্ডার #${orderId}`);
    expect(confirmation.text).toContain("প্রিয় Rahima Akter,");
    expect(confirmation.text).toContain("সর্বমোট: ৳২,৫৬১.০০");
    expect(confirmation.text).toContain(`https://shop.example/bn/orders/track?order=${orderId}`);
    expect(mails.find((mail) => to(mail) === "hello@haat.example")?.subject).toMatch(/^New order #/);
  });

  it("send only the shop's alert when the shopper gave no e-mail", async () => {
    const { orderId } = await checkout("en", "");
    const mails = await mailsFor(orderId!, 1);
    await new Promise((resolve) => setTimeout(resolve, 300)); // a second one, were it sent, would be here by now
    expect((await mailsFor(orderId!, 1)).map(to)).toEqual(["hello@haat.example"]);
    expect(mails).toHaveLength(1);
  });

  it("log a refused e-mail on one line without the address, and still alert the shop", async () => {
    // The server's log lines, as written to standard output (JSON, masked: app/server/log.server.ts).
    const lines: { level: string; msg: string }[] = [];
    const stdout = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      for (const text of String(chunk)
        .split("\n")
        .filter((text) => text.startsWith("{"))) {
        const line = JSON.parse(text) as { level: string; msg: string };
        if (line.msg.startsWith("New-order e-mail")) lines.push(line);
      }
      return true;
    });
    try {
      const { answer, orderId } = await checkout("en", "refused.shopper@example.com");
      expect(answer.status).toBe(302);
      expect((await mailsFor(orderId!, 1)).map(to)).toEqual(["hello@haat.example"]);
      for (let waited = 0; lines.length === 0 && waited < 5_000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(lines).toHaveLength(1);
      expect(lines[0]!.level).toBe("warn");
      const line = lines[0]!.msg;
      expect(line).toMatch(new RegExp(`^New-order e-mail not sent \\(order #${orderId}, shopper confirmation\\): `));
      expect(line).toContain("[address]");
      expect(line).not.toContain("refused.shopper@example.com");
    } finally {
      stdout.mockRestore();
    }
  });

  it("never make the checkout wait for the mail server", async () => {
    let release!: () => void;
    holdData = new Promise<void>((resolve) => (release = resolve));
    try {
      const { answer, orderId } = await checkout("en", "waiting@example.com");
      // The shopper has their answer and the order is committed while the server still holds the mail.
      expect(answer.status).toBe(302);
      expect(answer.location).toBe(`/order-success?order=${orderId}`);
      expect(received.filter((mail) => mail.subject?.includes(`#${orderId}`))).toHaveLength(0);
      release();
      expect(await mailsFor(orderId!, 2)).toHaveLength(2);
    } finally {
      holdData = null;
      release?.();
    }
  });
});
