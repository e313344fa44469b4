/**
 * An order of a variant names it on every document staff and couriers read: the invoice (in the
 * order's language), the courier CSV row, the parcel description sent to the courier, the new-order
 * e-mails and the stock ledger all say "<product> — <variant label>" with the SKU, from the order
 * line's snapshots, so renaming the product or its option value afterwards changes none of them.
 *
 * The e-mails go to a real SMTP server started here (as in order-emails.test.ts); the app reads
 * SMTP_URL once per module registry, so this file sets it and loads the app's modules afresh.
 */
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import type * as DbModule from "~/models/db/client.server";
import type * as CourierModel from "~/models/orders/courier.server";
import type * as OrderInvoiceModel from "~/models/orders/order-invoice.server";
import type * as OrderReadsModel from "~/models/orders/order-reads.server";
import type * as ProductModel from "~/models/catalogue/product-writes.server";
import type * as StockModel from "~/models/catalogue/stock.server";
import type * as CartRoute from "~/routes/_shop.cart/route";
import type * as CourierCsv from "~/rules/courier-csv";
import type * as CourierParcel from "~/rules/courier-parcel";
import type * as OrderEmails from "~/server/mail/order-emails.server";
import type * as HelpersModule from "./helpers";

let helpers: typeof HelpersModule;
let prisma: typeof DbModule.prisma;
let cart: typeof CartRoute;
let orderReads: typeof OrderReadsModel;
let invoices: typeof OrderInvoiceModel;
let courier: typeof CourierModel;
let products: typeof ProductModel;
let stock: typeof StockModel;
let csv: typeof CourierCsv;
let parcel: typeof CourierParcel;
let emails: typeof OrderEmails;

const received: ParsedMail[] = [];
let server: SMTPServer;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
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
  orderReads = await import("~/models/orders/order-reads.server");
  invoices = await import("~/models/orders/order-invoice.server");
  courier = await import("~/models/orders/courier.server");
  products = await import("~/models/catalogue/product-writes.server");
  stock = await import("~/models/catalogue/stock.server");
  csv = await import("~/rules/courier-csv");
  parcel = await import("~/rules/courier-parcel");
  emails = await import("~/server/mail/order-emails.server");
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let made = 0;

/**
 * A ceiling fan with a Size option (56″ / ৫৬″, 48″ / ৪৮″) and a Colour option (Brown / বাদামি, White)
 * and a variant for 56″ Brown (SKU FAN-<n>-56-BR, ৳4,500, 10 in stock) and 48″ White (no Bangla
 * for White), written with Prisma as the variants page leaves them. Returns the product's and each
 * variant's ids and the Brown value's id.
 */
async function createFan() {
  const n = ++made;
  return prisma.$transaction(async (tx) => {
    const product = await tx.product.create({
      data: {
        name: `Ceiling Fan ${n}`,
        nameBn: `সিলিং ফ্যান ${n}`,
        slug: `ceiling-fan-${n}`,
        description: "A fan",
        trackStock: true,
      },
    });
    const size = await tx.productOption.create({
      data: {
        productId: product.id,
        name: "Size",
        nameBn: "সাইজ",
        position: 0,
        values: {
          create: [
            { value: "56″", valueBn: "৫৬″", position: 0 },
            { value: "48″", valueBn: "৪৮″", position: 1 },
          ],
        },
      },
      include: { values: { orderBy: { position: "asc" } } },
    });
    const colour = await tx.productOption.create({
      data: {
        productId: product.id,
        name: "Colour",
        nameBn: "রং",
        position: 1,
        values: {
          create: [
            { value: "Brown", valueBn: "বাদামি", position: 0 },
            { value: "White", valueBn: "", position: 1 },
          ],
        },
      },
      include: { values: { orderBy: { position: "asc" } } },
    });
    const [s56, s48] = size.values;
    const [brown, white] = colour.values;
    const brown56 = await tx.productVariant.create({
      data: {
        productId: product.id,
        option1ValueId: s56!.id,
        option2ValueId: brown!.id,
        combinationKey: `${s56!.id}-${brown!.id}`,
        sku: `FAN-${n}-56-BR`,
        pricePaisa: 450_000,
        stockQuantity: 10,
        position: 0,
      },
    });
    const white48 = await tx.productVariant.create({
      data: {
        productId: product.id,
        option1ValueId: s48!.id,
        option2ValueId: white!.id,
        combinationKey: `${s48!.id}-${white!.id}`,
        sku: `FAN-${n}-48-WH`,
        pricePaisa: 400_000,
        stockQuantity: 10,
        position: 1,
      },
    });
    await products.refreshPriceRange(tx, product.id);
    return { product, brown56, white48, brownValueId: brown!.id, name: product.name, nameBn: product.nameBn };
  });
}

/** Places an order for `quantity` of variant `variantId` through checkout from `lang`'s cart page; returns its id. */
async function checkout(lang: "en" | "bn", variantId: number, quantity: number, email = "rahima@example.com") {
  const { CookieJar, get, post, run, runData } = helpers;
  const jar = new CookieJar();
  const base = lang === "bn" ? "/bn/cart" : "/cart";
  jar.take((await run(cart.action, post(base, { intent: "add", variantId, quantity, redirectTo: "/" }, jar))).headers);
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
      },
      jar,
    ),
  );
  expect(answer.status).toBe(302);
  const order = await prisma.order.findFirstOrThrow({ where: { checkoutToken: page.checkoutToken } });
  return order.id;
}

/** The messages received for order `id` (subject names "#id"), waiting up to 5 s for `count` of them. */
async function mailsFor(id: number, count: number): Promise<ParsedMail[]> {
  const mine = () => received.filter((mail) => new RegExp(`#${id}(\\D|$)`).test(mail.subject ?? ""));
  for (let waited = 0; mine().length < count && waited < 5_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return mine();
}

const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;

/** Every document of order `id` that names its lines, as staff and the courier get them. */
async function documents(id: number) {
  const order = await orderReads.getOrderForAdmin(id);
  const invoice = await invoices.orderInvoice(order!);
  const [csvOrder] = await courier.listOrdersForCourierCsv([id]);
  const [handOff] = await courier.listOrdersForHandOff([id]);
  return {
    invoice: invoice.lines,
    csv: csv.csvRow(csvOrder!, ["note", "sku"]),
    parcel: parcel.parcelItems(handOff!),
    ledger: (await stock.getOrderStockMovements(id)).map((entry) => [entry.productName, entry.variantLabel]),
  };
}

describe("an order of a variant", () => {
  it("names the product, the variant and its SKU on the invoice, courier CSV, parcel, e-mails and stock ledger", async () => {
    const fan = await createFan();
    const id = await checkout("en", fan.brown56.id, 2);
    const line = `${fan.name} — 56″ / Brown`;
    const sku = fan.brown56.sku!;

    const docs = await documents(id);
    expect(docs.invoice).toEqual([{ product: line, sku, quantity: "2", price: "৳4,500.00", subtotal: "৳9,000.00" }]);
    expect(docs.csv).toEqual([`${line} × 2`, `${sku} × 2`]);
    expect(docs.parcel).toBe(`${line} × 2`);
    expect(docs.ledger).toEqual([[fan.name, "56″ / Brown"]]);

    // The product's stock history names the variant whose stock moved.
    const history = await stock.listProductStockMovements(fan.product.id);
    expect(history.movements.map((movement) => movement.variantLabel)).toEqual(["56″ / Brown"]);

    const mails = await mailsFor(id, 2);
    const alert = mails.find((mail) => to(mail) === "hello@haat.example")!;
    const confirmation = mails.find((mail) => to(mail) === "rahima@example.com")!;
    expect(alert.text).toContain(`${line} (SKU ${sku}) × 2: ৳9,000.00`);
    expect(confirmation.text).toContain(`${line} (SKU ${sku}) × 2: ৳9,000.00`);
  });

  it("keeps its documents as they were when the product and its option value are renamed", async () => {
    const fan = await createFan();
    const id = await checkout("en", fan.brown56.id, 1);
    const before = await documents(id);
    await mailsFor(id, 2);

    await prisma.$transaction(async (tx) => {
      await tx.product.update({ where: { id: fan.product.id }, data: { name: "Renamed Fan", nameBn: "নতুন পাখা" } });
      await tx.productOptionValue.update({
        where: { id: fan.brownValueId },
        data: { value: "Walnut", valueBn: "আখরোট" },
      });
      await tx.productVariant.update({ where: { id: fan.brown56.id }, data: { sku: `NEW-${fan.brown56.sku}` } });
    });

    expect(await documents(id)).toEqual(before);
    expect(before.invoice[0]!.product).toBe(`${fan.name} — 56″ / Brown`);

    // The e-mails written again now still name the line as it was ordered.
    const sentBefore = received.length;
    await emails.announceNewOrder(id);
    const again = received.slice(sentBefore).find((mail) => to(mail) === "hello@haat.example")!;
    expect(again.text).toContain(`${fan.name} — 56″ / Brown (SKU ${fan.brown56.sku}) × 1`);
    expect(again.text).not.toContain("Walnut");
    expect(again.text).not.toContain("Renamed Fan");
  });

  it("prints the Bangla names on a Bangla order's invoice and e-mail, English where a Bangla one is missing", async () => {
    const fan = await createFan();
    const id = await checkout("bn", fan.brown56.id, 1, "karim@example.com");
    const docs = await documents(id);
    expect(docs.invoice[0]).toMatchObject({ product: `${fan.nameBn} — ৫৬″ / বাদামি`, sku: fan.brown56.sku });
    // The courier's parcel and file stay in English, the way the courier reads them.
    expect(docs.parcel).toBe(`${fan.name} — 56″ / Brown × 1`);

    const mails = await mailsFor(id, 2);
    const confirmation = mails.find((mail) => to(mail) === "karim@example.com")!;
    expect(confirmation.text).toContain(`${fan.nameBn} — ৫৬″ / বাদামি (এসকেইউ ${fan.brown56.sku}) × ১:`);

    // "White" has no Bangla value: that part falls back to English.
    const white = await checkout("bn", fan.white48.id, 1, "karim@example.com");
    expect((await documents(white)).invoice[0]!.product).toBe(`${fan.nameBn} — ৪৮″ / White`);
  });
});
