/**
 * The courier hand-off end to end, against a real SQLite database and a local Steadfast
 * (tests/support/steadfast-server.ts, a real HTTP server on this worker's port): the courier
 * account page (keys checked, sealed, never sent back), "Send to courier" from the orders list,
 * the status refresh mapped to our statuses and the phone history, failures that change nothing,
 * and the CSV export parsed back.
 */
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { enAdmin } from "~/i18n/admin/areas";
import { prisma } from "~/models/db/client.server";
import { action as courierPageAction, loader as courierPageLoader } from "~/routes/admin.courier";
import { action as handOffAction } from "~/routes/admin.orders.courier";
import { loader as exportLoader } from "~/routes/admin.orders.export";
import { action as exportAction } from "~/routes/admin.orders.export[.]csv";
import { loader as orderLoader } from "~/routes/admin.orders.view.$id/route";
import {
  startFakeSteadfast,
  startHeaderRecorder,
  workerSteadfastPort,
  type FakeSteadfast,
} from "../support/steadfast-server";
import {
  type CookieJar,
  createAdmin,
  createProduct,
  expectData,
  get,
  post,
  run,
  runData,
  signedInJar,
  stockOf,
} from "./helpers";
import { placeOrder } from "./place-order";

let steadfast: FakeSteadfast;
let staff: CookieJar;
let staffEmail: string;

beforeAll(async () => {
  steadfast = await startFakeSteadfast(workerSteadfastPort());
});
afterAll(() => steadfast.close());

beforeEach(async () => {
  const admin = await createAdmin();
  staffEmail = admin.email;
  staff = await signedInJar(admin.id);
  steadfast.delayMs = 0;
  steadfast.redirect = null;
});

const saveKeys = (apiKey = steadfast.apiKey, secretKey = steadfast.secretKey) =>
  run(courierPageAction, post("/admin/courier", { intent: "save", apiKey, secretKey }, staff));

let phoneCounter = 0;

/** Places an order for `quantity` of `variantId` through checkout, from a phone of its own; returns its id. */
const placeOrderFor = (
  variantId: number,
  quantity: number,
  customer: Partial<Record<"name" | "phone" | "address" | "area", string>> = {},
) =>
  placeOrder([[variantId, quantity]], {
    name: "Rahima Akter",
    phone: `0171${String(++phoneCounter).padStart(7, "0")}`,
    ...customer,
  });

const sendToCourier = (orders: number[]) =>
  run(handOffAction, post("/admin/orders/courier", { intent: "send", order: orders, back: "/admin/orders" }, staff));
const refresh = (orders: number[] = []) =>
  run(handOffAction, post("/admin/orders/courier", { intent: "refresh", order: orders, back: "/admin/orders" }, staff));
const orderOf = (id: number) => prisma.order.findUniqueOrThrow({ where: { id } });

describe("the courier account page", () => {
  it("checks the keys with Steadfast, stores them sealed and never sends them back", async () => {
    await prisma.courierAccount.deleteMany();
    const saved = await saveKeys();
    await expect(saved).toSetToast({ kind: "success", message: enAdmin["admin.courier.saved"] });
    const row = await prisma.courierAccount.findUniqueOrThrow({ where: { courier: "steadfast" } });
    expect(JSON.stringify(row)).not.toContain(steadfast.apiKey);
    expect(JSON.stringify(row)).not.toContain(steadfast.secretKey);
    expect(row.updatedByEmail).toBe(staffEmail);
    const page = await runData(courierPageLoader, get("/admin/courier", staff));
    expect(page).toMatchObject({ configured: true, readable: true, apiKeyHint: steadfast.apiKey.slice(-4) });
    expect(JSON.stringify(page)).not.toContain(steadfast.apiKey);
    expect(JSON.stringify(page)).not.toContain(steadfast.secretKey);
    const checked = await run(courierPageAction, post("/admin/courier", { intent: "check" }, staff));
    await expect(checked).toSetToast({
      kind: "success",
      message: enAdmin["admin.courier.checked"].replace("{balance}", "৳1,520.50"),
    });
  });

  it("refuses keys Steadfast refuses: nothing saved, the API key kept, the secret never echoed", async () => {
    await prisma.courierAccount.deleteMany();
    const refused = await saveKeys("wrong-api-key-1234", "wrong-secret-5678");
    expect(refused.status).toBe(400);
    expect(expectData(refused)).toEqual({
      values: { apiKey: "wrong-api-key-1234" },
      fieldErrors: {},
      formError: enAdmin["admin.courier.keysRefused"],
    });
    expect(JSON.stringify(expectData(refused))).not.toContain("wrong-secret-5678");
    expect(await prisma.courierAccount.count()).toBe(0);
    const blank = await saveKeys("short", "");
    expect(blank.status).toBe(400);
    expect(expectData(blank)).toMatchObject({
      fieldErrors: { apiKey: enAdmin["admin.courier.keyInvalid"], secretKey: enAdmin["admin.courier.keyRequired"] },
    });
  });

  it("is for staff only", async () => {
    const anonymous = await run(
      courierPageAction,
      post("/admin/courier", { intent: "save", apiKey: "attacker-key-0001", secretKey: "attacker-secret-01" }),
    );
    expect(anonymous.location).toMatch(/^\/admin\/login/);
    expect((await run(handOffAction, post("/admin/orders/courier", { intent: "send", order: [1] }))).location).toMatch(
      /^\/admin\/login/,
    );
  });
});

describe("sending orders to Steadfast", () => {
  beforeEach(async () => {
    await saveKeys();
  });

  it("hands the ticked orders over in one bulk request: consignment stored, order shipped, history written", async () => {
    const lamp = await createProduct({ name: "Courier Lamp", pricePaisa: 125_050 });
    const first = await placeOrderFor(lamp.variantId, 1, { name: "First Shopper", area: "Dhanmondi" });
    const second = await placeOrderFor(lamp.variantId, 2);
    const sent = await sendToCourier([first, second]);
    await expect(sent).toSetToast({ kind: "success", message: "2 orders sent to Steadfast." });
    const request = steadfast.requests.at(-1)!;
    expect(request.path).toBe("/create_order/bulk-order");
    const parcels = (request.body as { data: Record<string, unknown>[] }).data;
    expect(parcels[0]).toEqual({
      invoice: `haat-${first}`,
      recipient_name: "First Shopper",
      recipient_phone: expect.stringMatching(/^0171\d{7}$/),
      recipient_address: "House 4, Road 2, Dhanmondi, Dhaka",
      cod_amount: 1310.5, // 1,250.50 taka + 60 taka inside Dhaka, in taka as Steadfast takes it
      note: "",
      item_description: "Courier Lamp × 1",
    });
    const order = await orderOf(first);
    const consignment = steadfast.consignments.get(`haat-${first}`)!;
    expect(order).toMatchObject({
      status: "shipped",
      courier: "steadfast",
      consignmentId: String(consignment.consignmentId),
      trackingCode: consignment.trackingCode,
      courierStatus: "in_review",
      deliveryState: "with-courier",
    });
    const page = await runData(orderLoader, get(`/admin/orders/view/${first}`, staff), { id: String(first) });
    expect(page.trackingUrl).toBe(`https://steadfast.com.bd/t/${consignment.trackingCode}`);
    expect(page.courierEvents).toMatchObject([{ courierStatus: "in_review", changedByEmail: staffEmail }]);
    expect(page.history.entries.at(-1)).toMatchObject({ fromStatus: "pending", toStatus: "shipped", courier: null });
  });

  it("skips orders already sent, delivered or cancelled, and reports a refused parcel with Steadfast's reason", async () => {
    const fan = await createProduct({ name: "Courier Fan", pricePaisa: 300_000 });
    const sentBefore = await placeOrderFor(fan.variantId, 1);
    await sendToCourier([sentBefore]);
    const cancelled = await placeOrderFor(fan.variantId, 1);
    await prisma.order.update({ where: { id: cancelled }, data: { status: "cancelled" } });
    const badPhone = await placeOrderFor(fan.variantId, 1);
    // A number checkout would refuse today, stored before: Steadfast wants 11 digits.
    await prisma.order.update({ where: { id: badPhone }, data: { customerPhone: "0171234" } });
    const answer = await sendToCourier([sentBefore, cancelled, badPhone]);
    await expect(answer).toSetToast({
      kind: "error",
      message: [
        `Steadfast refused order #${badPhone}: Steadfast refused the request: The recipient phone must be 11 digits.`,
        `Already with a courier: #${sentBefore}.`,
        `Delivered or cancelled, not sent: #${cancelled}.`,
      ].join(" "),
    });
    expect(await orderOf(badPhone)).toMatchObject({ status: "pending", consignmentId: null });
    expect(await orderOf(cancelled)).toMatchObject({ status: "cancelled", consignmentId: null });
  });

  it("keeps the order with Steadfast when its answer does not come in time (the parcel may exist), and says so", async () => {
    const lamp = await createProduct({ name: "Slow Lamp", pricePaisa: 50_000 });
    const id = await placeOrderFor(lamp.variantId, 1);
    steadfast.delayMs = 4_000; // beyond the 3 s COURIER_TIMEOUT_SECONDS of the tests (setup-test-env.ts)
    const answer = await sendToCourier([id]);
    steadfast.delayMs = 0;
    await expect(answer).toSetToast({
      kind: "error",
      message: enAdmin["admin.courier.unanswered"]
        .replaceAll("{courier}", "Steadfast")
        .replace("{id}", String(id))
        .replace("{invoice}", `haat-${id}`),
    });
    // Claimed for Steadfast, no consignment recorded: not sent again, nor to another courier, until staff check.
    expect(await orderOf(id)).toMatchObject({ status: "pending", consignmentId: null, courier: "steadfast" });
    expect(await prisma.courierEvent.count({ where: { orderId: id } })).toBe(0);
  });

  it("records nothing and says so when Steadfast's address redirects elsewhere; the keys never reach the other host", async () => {
    const elsewhere = await startHeaderRecorder();
    try {
      const lamp = await createProduct({ name: "Redirected Lamp", pricePaisa: 50_000 });
      const one = await placeOrderFor(lamp.variantId, 1);
      const two = await placeOrderFor(lamp.variantId, 1);
      const onItsWay = await placeOrderFor(lamp.variantId, 1);
      await sendToCourier([onItsWay]); // a parcel for the refresh to ask about
      const message = enAdmin["admin.courier.redirected"]
        .replace("{status}", "302")
        .replace("{target}", elsewhere.origin);
      steadfast.redirect = { status: 302, to: elsewhere.origin };
      await expect(await sendToCourier([one])).toSetToast({ kind: "error", message });
      await expect(await sendToCourier([one, two])).toSetToast({ kind: "error", message });
      steadfast.redirect = { status: 307, to: elsewhere.origin };
      await expect(await refresh()).toSetToast({ kind: "error", message: message.replace("302", "307") });
      for (const id of [one, two]) {
        expect(await orderOf(id)).toMatchObject({ status: "pending", consignmentId: null, courier: null });
        expect(await prisma.courierEvent.count({ where: { orderId: id } })).toBe(0);
      }
      expect(await prisma.courierEvent.count({ where: { orderId: onItsWay } })).toBe(1);
      // Keys typed on the courier page are not saved while the address redirects.
      await prisma.courierAccount.deleteMany();
      const saved = await saveKeys();
      expect(saved.status).toBe(400);
      expect(expectData(saved)).toMatchObject({ formError: message.replace("302", "307") });
      expect(await prisma.courierAccount.count()).toBe(0);
      expect(elsewhere.requests).toEqual([]);
    } finally {
      steadfast.redirect = null;
      await elsewhere.close();
    }
  });

  it("asks for the keys first when none are saved", async () => {
    await prisma.courierAccount.deleteMany();
    const answer = await sendToCourier([1]);
    await expect(answer).toSetToast({ kind: "error", message: enAdmin["admin.courier.noAccount"] });
  });
});

describe("reading the parcels' statuses back", () => {
  beforeEach(async () => {
    await saveKeys();
  });

  it("maps delivered and returned to our statuses, returns the stock, and counts the return in the phone's history", async () => {
    const lamp = await createProduct({ name: "Tracked Lamp", pricePaisa: 90_000, stockQuantity: 10 });
    const phone = "01799000123";
    const delivered = await placeOrderFor(lamp.variantId, 1, { phone });
    const returned = await placeOrderFor(lamp.variantId, 2, { phone });
    const onHold = await placeOrderFor(lamp.variantId, 1, { phone });
    await sendToCourier([delivered, returned, onHold]);
    expect(await stockOf(lamp.id)).toBe(6);

    steadfast.setStatus(`haat-${delivered}`, "delivered");
    steadfast.setStatus(`haat-${returned}`, "cancelled");
    steadfast.setStatus(`haat-${onHold}`, "hold");
    const answer = await refresh([delivered, returned, onHold]);
    await expect(answer).toSetToast({ kind: "success", message: "Parcels read: 3; changed: 3." });

    expect(await orderOf(delivered)).toMatchObject({ status: "delivered", deliveryState: "delivered" });
    expect(await orderOf(returned)).toMatchObject({ status: "cancelled", deliveryState: "returned" });
    expect(await orderOf(onHold)).toMatchObject({ status: "shipped", deliveryState: "on-hold", courierStatus: "hold" });
    expect(await stockOf(lamp.id)).toBe(8);
    const change = await prisma.orderStatusChange.findFirstOrThrow({
      where: { orderId: returned, toStatus: "cancelled" },
    });
    expect(change).toMatchObject({ fromStatus: "shipped", courier: "steadfast", changedByEmail: staffEmail });

    const page = await runData(orderLoader, get(`/admin/orders/view/${onHold}`, staff), { id: String(onHold) });
    expect(page.risk.history).toEqual({ delivered: 1, cancelled: 0, returned: 1, open: 0 });

    // Final statuses are not asked about again; the one on hold is.
    const before = steadfast.requests.length;
    await refresh();
    const asked = steadfast.requests.slice(before).map((request) => request.path);
    expect(asked).toContain(`/status_by_invoice/haat-${onHold}`);
    expect(asked).not.toContain(`/status_by_invoice/haat-${delivered}`);
    expect(asked).not.toContain(`/status_by_invoice/haat-${returned}`);
  });

  it("records an unchanged status only as read, and leaves an order staff cancelled as it is", async () => {
    const lamp = await createProduct({ name: "Quiet Lamp", pricePaisa: 40_000 });
    const id = await placeOrderFor(lamp.variantId, 1);
    await sendToCourier([id]);
    await refresh([id]);
    expect(await prisma.courierEvent.count({ where: { orderId: id } })).toBe(1);
    await prisma.order.update({ where: { id }, data: { status: "cancelled" } });
    steadfast.setStatus(`haat-${id}`, "delivered");
    await refresh([id]);
    expect(await orderOf(id)).toMatchObject({ status: "cancelled", deliveryState: "delivered" });
    expect(await prisma.courierEvent.count({ where: { orderId: id } })).toBe(2);
  });
});

describe("the CSV export", () => {
  it("writes the ticked orders in the chosen columns and order, parsed back equal, and remembers the choice", async () => {
    const lamp = await createProduct({ name: "CSV Lamp, large", pricePaisa: 100_050 });
    const first = await placeOrderFor(lamp.variantId, 2, { name: '=HYPERLINK("x")', address: 'Flat 3, "Rose" Villa' });
    const second = await placeOrderFor(lamp.variantId, 1, { name: "রহিমা আক্তার", area: "মিরপুর ১০" });

    const picker = await runData(exportLoader, get(`/admin/orders/export?order=${first}&order=${second}`, staff));
    expect(picker.orderIds).toEqual([first, second]);
    expect(picker.rows.filter((row) => row.checked).map((row) => row.column)).toEqual([
      "invoice",
      "name",
      "address",
      "phone",
      "amount",
      "note",
    ]);

    const answer = await exportAction({
      request: post(
        "/admin/orders/export.csv",
        {
          order: [second, first],
          column: ["amount", "invoice", "name", "address", "note"],
          "position-invoice": 1,
          "position-name": 2,
          "position-address": 3,
          "position-amount": 4,
          "position-note": 5,
        },
        staff,
      ),
      params: {},
      context: {},
    });
    if (!(answer instanceof Response)) throw new Error("expected a file");
    expect(answer.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("Content-Disposition")).toMatch(/^attachment; filename="haat-orders-\d{12}\.csv"$/);
    const text = await answer.text();
    expect(text.charCodeAt(0)).not.toBe(0xfeff);
    expect(parse(text)).toEqual([
      ["Invoice", "Name", "Address", "Amount", "Note"],
      [`haat-${first}`, '\'=HYPERLINK("x")', 'Flat 3, "Rose" Villa, Mirpur 10, Dhaka', "2061", "CSV Lamp, large × 2"],
      [`haat-${second}`, "রহিমা আক্তার", "House 4, Road 2, মিরপুর ১০, Dhaka", "1060.50", "CSV Lamp, large × 1"],
    ]);
    expect((await prisma.shopSettings.findUniqueOrThrow({ where: { id: 1 } })).courierCsvColumns).toBe(
      "invoice,name,address,amount,note",
    );
  });

  it("starts the file with a byte-order mark for Excel when asked, and sends a file with no column back to the picker", async () => {
    const lamp = await createProduct({ name: "BOM Lamp", pricePaisa: 10_000 });
    const id = await placeOrderFor(lamp.variantId, 1);
    const forExcel = await exportAction({
      request: post("/admin/orders/export.csv", { order: [id], column: ["invoice"], forExcel: "on" }, staff),
      params: {},
      context: {},
    });
    if (!(forExcel instanceof Response)) throw new Error("expected a file");
    const bytes = new Uint8Array(await forExcel.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const none = await run(exportAction, post("/admin/orders/export.csv", { order: [id] }, staff));
    expect(none).toRedirectTo(`/admin/orders/export?order=${id}`);
    await expect(none).toSetToast({ kind: "error", message: enAdmin["admin.export.noColumns"] });
  });
});
