/**
 * The cash coming back from the couriers (docs/decisions/067-courier-payouts.md), against a real
 * SQLite database and the local Steadfast (tests/support/steadfast-server.ts, a real HTTP server on
 * this worker's port): payout files imported through the owner's page (matched by consignment id
 * and by invoice, not matched, paid twice within a file and across payouts, amounts differing, the
 * same payout twice, wrong files), a failed import that writes nothing, Steadfast's payments read
 * (and its failures), the overdue list in Asia/Dhaka days, and the order page's "cash received".
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/models/db/client.server";
import {
  getOrderCash,
  listOverdueCash,
  overdueBefore,
  PayoutTooLargeError,
  recordPayout,
} from "~/models/payouts/payouts.server";
import { action as courierPageAction } from "~/routes/admin.courier";
import { loader as orderLoader } from "~/routes/admin.orders.view.$id/route";
import { loader as payoutLoader } from "~/routes/admin.payouts.$id";
import { action as payoutsAction, loader as payoutsLoader } from "~/routes/admin.payouts._index";
import { action as importAction } from "~/routes/admin.payouts.import";
import { readSteadfastPayouts, steadfastPayouts } from "~/server/payouts/steadfast-payouts.server";
import {
  startFakeSteadfast,
  startHeaderRecorder,
  workerSteadfastPort,
  type FakeSteadfast,
} from "../support/steadfast-server";
import {
  type CookieJar,
  createAdmin,
  expectData,
  get,
  multipart,
  post,
  run,
  runData,
  signedInJar,
  withWritesFailing,
} from "./helpers";

let steadfast: FakeSteadfast;
let owner: CookieJar;
let ownerUser: { id: number; email: string };

beforeAll(async () => {
  steadfast = await startFakeSteadfast(workerSteadfastPort());
});
afterAll(() => steadfast.close());

beforeEach(async () => {
  ownerUser = await createAdmin();
  owner = await signedInJar(ownerUser.id);
  steadfast.delayMs = 0;
  steadfast.paymentsPerPage = null;
  steadfast.nextPageOrigin = null;
});

let counter = 0;

/**
 * An order delivered by `courier` with consignment `consignmentId` (null: handed over outside haat,
 * as from the CSV export) `deliveredAt`, whose rider collects `totalPaisa` (less what was paid ahead).
 */
async function deliveredOrder({
  courier = "steadfast" as string | null,
  consignmentId = `C${Date.now()}${++counter}` as string | null,
  totalPaisa = 116_000,
  deliveredAt = new Date(Date.now() - 10 * 86_400_000),
  paymentStatus = "pending",
  advancePaidPaisa = 0,
  status = "delivered",
} = {}) {
  const order = await prisma.order.create({
    data: {
      customerName: `Payout Shopper ${++counter}`,
      customerPhone: `0171${String(counter).padStart(7, "0")}`,
      customerAddress: "House 4, Road 2",
      district: "Dhaka",
      shippingMethod: "Inside Dhaka",
      shippingFeePaisa: 6_000,
      subtotalPaisa: totalPaisa - 6_000,
      totalPaisa,
      itemCount: 1,
      checkoutToken: randomUUID(),
      status,
      deliveryState: status === "returned" ? "returned" : "delivered",
      paymentStatus,
      advancePaidPaisa,
      deliveredAt: status === "delivered" ? deliveredAt : null,
      courier,
      consignmentId,
      trackingCode: consignmentId ? `T${consignmentId}` : null,
    },
  });
  return order;
}

const csv = (lines: string[]) => Buffer.from(`${lines.join("\r\n")}\r\n`, "utf8");
const steadfastFile = (rows: [string, string, string, string, string?][]) =>
  csv([
    "Consignment ID,Invoice,COD Amount,Delivery Charge,COD Charge",
    ...rows.map(([consignment, invoice, cod, delivery, codCharge = "0"]) =>
      [consignment, invoice, cod, delivery, codCharge].join(","),
    ),
  ]);

const importFile = (bytes: Buffer, reference = "", name = "payout.csv", fields: Record<string, string> = {}) =>
  run(
    importAction,
    multipart(
      "/admin/payouts/import",
      { reference, ...fields },
      [{ field: "file", name, bytes, type: "text/csv" }],
      owner,
    ),
  );

const orderOf = (id: number) => prisma.order.findUniqueOrThrow({ where: { id } });
const itemsOf = (payoutId: number) =>
  prisma.courierPayoutItem.findMany({ where: { payoutId }, orderBy: { id: "asc" } });

describe("importing a payout file", () => {
  it("records the payout, matches its parcels by consignment id and by invoice, and marks those orders' cash received", async () => {
    const byConsignment = await deliveredOrder();
    const exported = await deliveredOrder({ courier: null, consignmentId: null, totalPaisa: 56_000 });
    const differing = await deliveredOrder({ totalPaisa: 80_000 });
    const outcome = await importFile(
      steadfastFile([
        [byConsignment.consignmentId!, `haat-${byConsignment.id}`, "1160", "60", "11.60"],
        ["99000001", `haat-${exported.id}`, "560", "60"],
        [differing.consignmentId!, "", "750", "60"],
        ["99000002", "haat-999999", "300", "60"],
      ]),
      "SF-2026-11-20",
    );
    const payout = await prisma.courierPayout.findFirstOrThrow({ where: { reference: "SF-2026-11-20" } });
    expect(outcome).toRedirectTo(`/admin/payouts/${payout.id}`);
    await expect(outcome).toSetToast({
      kind: "info",
      message:
        "Steadfast payout SF-2026-11-20 recorded: 3 parcels matched, 1 not matched, 0 already paid. 1 collected amounts differ from the order.",
    });
    expect(payout).toMatchObject({
      courier: "steadfast",
      source: "csv",
      collectedPaisa: 116_000 + 56_000 + 75_000 + 30_000,
      chargesPaisa: 6_000 + 1_160 + 6_000 + 6_000 + 6_000,
      paidPaisa: 108_840 + 50_000 + 69_000 + 24_000,
      createdByEmail: ownerUser.email,
    });
    const items = await itemsOf(payout.id);
    expect(items.map((item) => [item.orderId, item.matchState, item.expectedPaisa, item.collectedPaisa])).toEqual([
      [byConsignment.id, "matched", 116_000, 116_000],
      [exported.id, "matched", 56_000, 56_000],
      [differing.id, "matched", 80_000, 75_000],
      [null, "unmatched", null, 30_000],
    ]);
    for (const [order, item] of [
      [byConsignment, items[0]!],
      [exported, items[1]!],
      [differing, items[2]!],
    ] as const) {
      const after = await orderOf(order.id);
      expect(after.cashPayoutItemId).toBe(item.id);
      expect(after.cashReceivedAt).not.toBeNull();
    }

    // The activity page has it, as the owner's action.
    expect(
      await prisma.auditEvent.findMany({
        where: { action: "payout.recorded", subjectId: payout.id },
        select: { actorEmail: true, subjectType: true, summary: true },
      }),
    ).toEqual([
      {
        actorEmail: ownerUser.email,
        subjectType: "payout",
        summary: "steadfast SF-2026-11-20: 3 matched, 1 unmatched, 0 duplicate",
      },
    ]);

    // The payout's page lists the parcels with their orders and flags.
    const page = await runData(payoutLoader, get(`/admin/payouts/${payout.id}`, owner), { id: String(payout.id) });
    expect(page.lines.items.map((item) => item.matchState)).toEqual(["matched", "matched", "matched", "unmatched"]);

    // The order page says when the cash came back, and with which payout.
    const view = await runData(orderLoader, get(`/admin/orders/view/${byConsignment.id}`, owner), {
      id: String(byConsignment.id),
    });
    expect(view.cash).toMatchObject({ payout: { id: payout.id, reference: "SF-2026-11-20", courier: "steadfast" } });
  });

  it("keeps a returned parcel's charge with its order without saying its cash came back; a part delivery's cash does", async () => {
    const delivered = await deliveredOrder();
    const returned = await deliveredOrder({ status: "returned" });
    const partly = await deliveredOrder({ totalPaisa: 200_000 });
    const outcome = await importFile(
      steadfastFile([
        [delivered.consignmentId!, "", "1160", "60"],
        // Nothing collected: Steadfast deducts the return charge (a negative payout).
        [returned.consignmentId!, "", "0", "60"],
        // Partly delivered: part of the cash came back.
        [partly.consignmentId!, "", "500", "60"],
      ]),
      "SF-RETURNS",
    );
    await expect(outcome).toSetToast({
      kind: "info",
      message:
        "Steadfast payout SF-RETURNS recorded: 2 parcels matched, 0 not matched, 0 already paid. 1 collected amounts differ from the order. 1 parcels brought no cash, only the courier's charge (returned).",
    });
    const payout = await prisma.courierPayout.findFirstOrThrow({ where: { reference: "SF-RETURNS" } });
    expect(payout).toMatchObject({ collectedPaisa: 166_000, chargesPaisa: 18_000, paidPaisa: 148_000 });
    const items = await itemsOf(payout.id);
    expect(items.map((item) => [item.orderId, item.matchState, item.paidPaisa])).toEqual([
      [delivered.id, "matched", 110_000],
      [returned.id, "charge", -6_000],
      [partly.id, "matched", 44_000],
    ]);
    expect(await orderOf(returned.id)).toMatchObject({ cashPayoutItemId: null, cashReceivedAt: null });
    expect(await getOrderCash(returned.id)).toBeNull();
    expect((await orderOf(partly.id)).cashPayoutItemId).toBe(items[2]!.id);
    expect((await orderOf(delivered.id)).cashPayoutItemId).toBe(items[0]!.id);

    // The order page says the charge was settled in this payout, not that cash came back.
    const view = await runData(orderLoader, get(`/admin/orders/view/${returned.id}`, owner), {
      id: String(returned.id),
    });
    expect(view.cash).toBeNull();
    expect(view.payoutCharges).toMatchObject([
      { deliveryChargePaisa: 6_000, paidPaisa: -6_000, payout: { id: payout.id, reference: "SF-RETURNS" } },
    ]);

    // The payouts list and the payout's page count it apart, with its own filter.
    const { payouts } = await runData(payoutsLoader, get("/admin/payouts", owner));
    expect(payouts.items.find((row) => row.id === payout.id)).toMatchObject({ matched: 2, charge: 1 });
    const page = await runData(payoutLoader, get(`/admin/payouts/${payout.id}?show=charge`, owner), {
      id: String(payout.id),
    });
    expect(page.counts).toMatchObject({ all: 3, matched: 2, charge: 1, flagged: 1 });
    expect(page.lines.items.map((item) => item.orderId)).toEqual([returned.id]);

    // The overdue list is untouched by it (a returned order was never delivered), and a later
    // payout that does bring the returned order's cash is not a duplicate.
    await importFile(steadfastFile([[returned.consignmentId!, "", "1160", "60"]]), "SF-RETURNS-LATER");
    expect((await orderOf(returned.id)).cashPayoutItemId).not.toBeNull();
  });

  it("flags a returned parcel charged again: a second payout's charge, or a second line's, is a duplicate linked to the first", async () => {
    const returned = await deliveredOrder({ status: "returned" });
    await importFile(steadfastFile([[returned.consignmentId!, "", "0", "60"]]), "SF-CHARGE-FIRST");
    const first = await prisma.courierPayout.findFirstOrThrow({ where: { reference: "SF-CHARGE-FIRST" } });
    expect((await itemsOf(first.id)).map((item) => item.matchState)).toEqual(["charge"]);

    const outcome = await importFile(steadfastFile([[returned.consignmentId!, "", "0", "60"]]), "SF-CHARGE-AGAIN");
    await expect(outcome).toSetToast({
      kind: "info",
      message:
        "Steadfast payout SF-CHARGE-AGAIN recorded: 0 parcels matched, 0 not matched, 0 already paid. 1 returned parcels were charged already: this payout charges them again.",
    });
    const again = await prisma.courierPayout.findFirstOrThrow({ where: { reference: "SF-CHARGE-AGAIN" } });
    expect((await itemsOf(again.id)).map((item) => [item.orderId, item.matchState, item.paidPaisa])).toEqual([
      [returned.id, "duplicate", -6_000],
    ]);
    expect(await orderOf(returned.id)).toMatchObject({ cashPayoutItemId: null, cashReceivedAt: null });
    expect(
      await prisma.auditEvent.findMany({
        where: { action: "payout.recorded", subjectId: again.id },
        select: { summary: true },
      }),
    ).toEqual([{ summary: "steadfast SF-CHARGE-AGAIN: 0 matched, 0 unmatched, 0 duplicate, 1 charged again" }]);

    // The payout's page flags it, linked to the payout that charged the parcel first.
    const page = await runData(payoutLoader, get(`/admin/payouts/${again.id}`, owner), { id: String(again.id) });
    expect(page.counts).toMatchObject({ all: 1, flagged: 1, charge: 0, duplicate: 1 });
    expect(page.lines.items[0]!.order?.payoutItems).toEqual([{ payoutId: first.id }]);

    // The payouts list counts it apart from the parcels already paid.
    const { payouts } = await runData(payoutsLoader, get("/admin/payouts", owner));
    expect(payouts.items.find((row) => row.id === again.id)).toMatchObject({
      charge: 0,
      duplicate: 0,
      chargedAgain: 1,
    });

    // The order's page lists both charges, the second as charged again after the first's payout.
    const view = await runData(orderLoader, get(`/admin/orders/view/${returned.id}`, owner), {
      id: String(returned.id),
    });
    expect(view.cash).toBeNull();
    expect(view.payoutCharges).toMatchObject([
      { again: false, payout: { id: first.id }, firstCharge: null },
      { again: true, payout: { id: again.id }, firstCharge: { id: first.id, reference: "SF-CHARGE-FIRST" } },
    ]);

    // Within one payout: the order named by its consignment and again by its invoice.
    const twice = await deliveredOrder({ status: "returned" });
    const within = await recordPayout(
      {
        courier: "steadfast",
        reference: `SF-CHARGE-WITHIN-${twice.id}`,
        paidAt: null,
        source: "csv",
        lines: [twice.consignmentId!, "88000002"].map((consignmentId, index) => ({
          row: index + 2,
          consignmentId,
          invoice: `haat-${twice.id}`,
          collectedPaisa: 0,
          deliveryChargePaisa: 6_000,
          codFeePaisa: 0,
          paidPaisa: -6_000,
        })),
      },
      ownerUser,
    );
    expect(within).toMatchObject({ outcome: "recorded", charge: 1, chargedAgain: 1, duplicate: 0 });
    expect((await itemsOf(within.payoutId)).map((item) => [item.orderId, item.matchState])).toEqual([
      [twice.id, "charge"],
      [twice.id, "duplicate"],
    ]);

    // A later payout that brings the parcel's cash (its return undone) still pays it.
    await importFile(steadfastFile([[returned.consignmentId!, "", "1160", "60"]]), "SF-CHARGE-CASH");
    expect((await orderOf(returned.id)).cashPayoutItemId).not.toBeNull();
  });

  it("adds nothing when the same payout is imported again, and says so", async () => {
    const order = await deliveredOrder();
    const file = steadfastFile([[order.consignmentId!, `haat-${order.id}`, "1160", "60"]]);
    const first = await importFile(file, "SF-TWICE");
    const payout = await prisma.courierPayout.findFirstOrThrow({ where: { reference: "SF-TWICE" } });
    expect(first).toRedirectTo(`/admin/payouts/${payout.id}`);
    const again = await importFile(file, "SF-TWICE");
    expect(again).toRedirectTo(`/admin/payouts/${payout.id}`);
    await expect(again).toSetToast({
      kind: "info",
      message: "Steadfast payout SF-TWICE was recorded before: nothing was added.",
    });
    expect(await prisma.courierPayout.count({ where: { reference: "SF-TWICE" } })).toBe(1);
    expect(await prisma.auditEvent.count({ where: { action: "payout.recorded", subjectId: payout.id } })).toBe(1);
    expect(await prisma.courierPayoutItem.count({ where: { payoutId: payout.id } })).toBe(1);
  });

  it("pays an order once: a second payout naming it, or a second line of the same file, is a duplicate", async () => {
    const order = await deliveredOrder();
    await importFile(steadfastFile([[order.consignmentId!, `haat-${order.id}`, "1160", "60"]]), "SF-FIRST");
    const first = await prisma.courierPayout.findFirstOrThrow({ where: { reference: "SF-FIRST" } });
    const firstItem = (await itemsOf(first.id))[0]!;

    const outcome = await importFile(steadfastFile([[order.consignmentId!, "", "1160", "60"]]), "SF-SECOND");
    await expect(outcome).toSetToast({
      kind: "info",
      message: "Steadfast payout SF-SECOND recorded: 0 parcels matched, 0 not matched, 1 already paid.",
    });
    const second = await prisma.courierPayout.findFirstOrThrow({ where: { reference: "SF-SECOND" } });
    expect((await itemsOf(second.id)).map((item) => [item.orderId, item.matchState])).toEqual([
      [order.id, "duplicate"],
    ]);
    expect((await orderOf(order.id)).cashPayoutItemId).toBe(firstItem.id);

    // Within one file: the order named by its consignment and again by its invoice.
    const twice = await deliveredOrder();
    await importFile(
      steadfastFile([
        [twice.consignmentId!, "", "1160", "60"],
        ["88000001", `haat-${twice.id}`, "1160", "60"],
      ]),
      "SF-WITHIN",
    );
    const within = await prisma.courierPayout.findFirstOrThrow({ where: { reference: "SF-WITHIN" } });
    const items = await itemsOf(within.id);
    expect(items.map((item) => [item.orderId, item.matchState])).toEqual([
      [twice.id, "matched"],
      [twice.id, "duplicate"],
    ]);
    expect((await orderOf(twice.id)).cashPayoutItemId).toBe(items[0]!.id);

    // The payout page links the duplicate line to the payout that did pay the order.
    const page = await runData(payoutLoader, get(`/admin/payouts/${second.id}`, owner), { id: String(second.id) });
    expect(page.lines.items[0]!.order?.cashPayoutItem?.payoutId).toBe(first.id);
  });

  it("reads Pathao's payment invoice, its reference taken from the file", async () => {
    const order = await deliveredOrder({ courier: "pathao", consignmentId: "DL1126PATH" });
    const outcome = await importFile(
      csv([
        "Pathao Payment Invoice,,,,,,",
        "Invoice,INV-PATHAO-1,,,,,",
        "Consignment ID,Merchant Order ID,Order Status,Collected Amount,Delivery Fee,COD Fee,Payout",
        `DL1126PATH,haat-${order.id},Delivered,"1,160.00",60,11.6,"1,088.40"`,
        ',,,Total,60,11.6,"1,088.40"',
      ]),
    );
    const payout = await prisma.courierPayout.findFirstOrThrow({
      where: { courier: "pathao", reference: "INV-PATHAO-1" },
    });
    expect(outcome).toRedirectTo(`/admin/payouts/${payout.id}`);
    expect(payout.paidPaisa).toBe(108_840);
    expect((await orderOf(order.id)).cashPayoutItemId).not.toBeNull();
  });

  it("reads the file with the courier the owner chose, and keeps the choice when it refuses the file", async () => {
    const order = await deliveredOrder({ courier: "pathao", consignmentId: `DL${Date.now()}${++counter}` });
    // As many of Steadfast's words as of Pathao's: told from the headings, Steadfast's, and so
    // matched to no Pathao order.
    const tied = csv([
      "Consignment ID,Invoice,COD Amount,Delivery Fee,COD Fee",
      `${order.consignmentId},,1160,60,11.6`,
    ]);
    const outcome = await importFile(tied, "INV-CHOSEN", "payout.csv", { courier: "pathao" });
    const payout = await prisma.courierPayout.findFirstOrThrow({ where: { reference: "INV-CHOSEN" } });
    expect(payout.courier).toBe("pathao");
    expect(outcome).toRedirectTo(`/admin/payouts/${payout.id}`);
    await expect(outcome).toSetToast({
      kind: "success",
      message: "Pathao payout INV-CHOSEN recorded: 1 parcels matched, 0 not matched, 0 already paid.",
    });
    expect((await orderOf(order.id)).cashPayoutItemId).not.toBeNull();

    const refused = async (fields: Record<string, string>, bytes = tied) => {
      const result = await importFile(bytes, "INV-KEPT", "payout.csv", fields);
      expect(result.status).toBe(400);
      return expectData(result);
    };
    // A file without the chosen courier's columns: named in its words, the choice and reference kept.
    expect(
      await refused(
        { courier: "pathao" },
        csv(["consignment_id,invoice,Cash Collection,delivery_charge", "1,,100,60"]),
      ),
    ).toEqual({
      error: 'Read as Pathao\'s payout file, this file has no column "Collected Amount".',
      reference: "INV-KEPT",
      courier: "pathao",
    });
    // A courier not on the list.
    expect(await refused({ courier: "dhl" })).toEqual({
      error: "Choose the courier from the list.",
      reference: "INV-KEPT",
      courier: "auto",
    });
    // No file chosen: the choice and the reference are kept too.
    const noFile = await run(
      importAction,
      multipart("/admin/payouts/import", { reference: "INV-KEPT", courier: "steadfast" }, [], owner),
    );
    expect(noFile.status).toBe(400);
    expect(expectData(noFile)).toEqual({
      error: "Choose the payout file first.",
      reference: "INV-KEPT",
      courier: "steadfast",
    });
    expect(await prisma.courierPayout.count({ where: { reference: "INV-KEPT" } })).toBe(0);
  });

  it("refuses a wrong file with a message naming what is missing, and writes nothing", async () => {
    const before = await prisma.courierPayout.count();
    const refusal = async (bytes: Buffer, reference = "REF-1", name = "payout.csv") => {
      const outcome = await importFile(bytes, reference, name);
      expect(outcome.status).toBe(400);
      return (expectData(outcome) as { error: string }).error;
    };
    expect(await refusal(csv(["Consignment ID,Invoice,Amount", "1,haat-1,100"]))).toBe(
      'This looks like Steadfast\'s payout file, but it has no column "COD Amount", "Delivery Charge".',
    );
    expect(await refusal(csv(["Name,Price", "Fan,100"]))).toMatch(/^No heading row with "Consignment ID"/);
    expect(await refusal(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]), "REF-1", "payout.xlsx")).toBe(
      "This is an Excel workbook, not a CSV file. In Excel choose File → Save As → “CSV UTF-8”.",
    );
    expect(await refusal(csv(["Consignment ID,Invoice,COD Amount,Delivery Charge", "1,haat-1,lots,60"]))).toBe(
      'Row 2: "lots" under COD Amount is not an amount.',
    );
    expect(await refusal(steadfastFile([["1", "haat-1", "100", "60"]]), "")).toBe(
      "Type the payout's reference: this file does not name one.",
    );
    expect(await refusal(Buffer.alloc(2 * 1024 * 1024 + 10, 0x41))).toBe(
      "This file is larger than 2 MB: it is not a payout file.",
    );
    expect(await prisma.courierPayout.count()).toBe(before);
  });

  it("refuses amounts the database cannot hold with a message, not a database error, and writes nothing", async () => {
    const before = await prisma.courierPayout.count();
    const refused = await importFile(steadfastFile([["77000001", "", "30000000", "60"]]), "SF-HUGE-ROW");
    expect(refused.status).toBe(400);
    expect(expectData(refused)).toMatchObject({
      error: 'Row 2: "30000000" under COD Amount is more than one parcel can carry (৳10,00,000.00 at most).',
    });
    // 5,000 parcels of ৳4,300: each fine, together more than PostgreSQL's INTEGER holds.
    const many = steadfastFile(Array.from({ length: 5_000 }, (_, index) => [`77${index}`, "", "4300", "60"]));
    const tooMuch = await importFile(many, "SF-HUGE-SUM");
    expect(tooMuch.status).toBe(400);
    expect(expectData(tooMuch)).toMatchObject({
      error: "This file's parcels add up to more than one payout can record (৳2,14,74,836.47). Import it in parts.",
    });
    // Recorded directly (as the API reader does), the same refusal.
    const lines = Array.from({ length: 5_000 }, (_, index) => ({
      row: index + 2,
      consignmentId: `78${index}`,
      invoice: null,
      collectedPaisa: 430_000,
      deliveryChargePaisa: 6_000,
      codFeePaisa: 0,
      paidPaisa: 424_000,
    }));
    await expect(
      recordPayout({ courier: "steadfast", reference: "SF-HUGE-API", paidAt: null, source: "api", lines }, null),
    ).rejects.toBeInstanceOf(PayoutTooLargeError);
    expect(await prisma.courierPayout.count()).toBe(before);
  });

  it("writes nothing when recording fails part-way: no payout, no line, no order marked", async () => {
    const first = await deliveredOrder();
    const second = await deliveredOrder();
    const lines = [first, second].map((order, index) => ({
      row: index + 2,
      consignmentId: order.consignmentId!,
      invoice: null,
      collectedPaisa: 116_000,
      deliveryChargePaisa: 6_000,
      codFeePaisa: 0,
      paidPaisa: 110_000,
    }));
    await expect(
      withWritesFailing(
        { table: "CourierPayoutItem", event: "INSERT", when: `NEW."consignmentId" = '${second.consignmentId}'` },
        () =>
          recordPayout({ courier: "steadfast", reference: "SF-FAILS", paidAt: null, source: "csv", lines }, ownerUser),
      ),
    ).rejects.toThrow();
    expect(await prisma.courierPayout.count({ where: { reference: "SF-FAILS" } })).toBe(0);
    expect(await prisma.courierPayoutItem.count({ where: { consignmentId: first.consignmentId! } })).toBe(0);
    expect((await orderOf(first.id)).cashPayoutItemId).toBeNull();
    expect((await orderOf(first.id)).cashReceivedAt).toBeNull();
  });
});

it("records a payout of more parcels than one statement may name (1,200), all matched", async () => {
  const count = 1_200;
  const stamp = Date.now();
  await prisma.order.createMany({
    data: Array.from({ length: count }, (_, index) => ({
      customerName: "Many Parcels",
      customerPhone: "01711000000",
      customerAddress: "House 4, Road 2",
      shippingMethod: "Inside Dhaka",
      shippingFeePaisa: 6_000,
      subtotalPaisa: 10_000,
      totalPaisa: 16_000,
      itemCount: 1,
      checkoutToken: randomUUID(),
      status: "delivered",
      deliveredAt: new Date(),
      courier: "steadfast",
      consignmentId: `MANY${stamp}-${index}`,
    })),
  });
  const lines = Array.from({ length: count }, (_, index) => ({
    row: index + 2,
    consignmentId: `MANY${stamp}-${index}`,
    invoice: `haat-${index + 1}`,
    collectedPaisa: 16_000,
    deliveryChargePaisa: 6_000,
    codFeePaisa: 0,
    paidPaisa: 10_000,
  }));
  const outcome = await recordPayout(
    { courier: "steadfast", reference: `SF-MANY-${stamp}`, paidAt: null, source: "csv", lines },
    ownerUser,
  );
  expect(outcome).toMatchObject({ outcome: "recorded", matched: count, unmatched: 0, duplicate: 0 });
});

describe("reading Steadfast's payments", () => {
  const saveKeys = (apiKey = steadfast.apiKey, secretKey = steadfast.secretKey) =>
    run(courierPageAction, post("/admin/courier", { intent: "save", apiKey, secretKey }, owner));
  const read = () => run(payoutsAction, post("/admin/payouts", { intent: "read-steadfast" }, owner));

  it("records the new payments with their consignments, once", async () => {
    await saveKeys();
    const order = await deliveredOrder();
    const paymentId = 700_000 + ++counter;
    steadfast.addPayment({
      id: paymentId,
      createdAt: "2026-11-20T10:00:00.000000Z",
      consignments: [
        {
          consignment_id: order.consignmentId!,
          invoice: `haat-${order.id}`,
          cod_amount: 1160,
          delivery_charge: 60,
          cod_charge: 11.6,
        },
        { consignment_id: 123, invoice: "someone-else", cod_amount: 500, delivery_charge: 60 },
      ],
    });
    const outcome = await read();
    expect(outcome).toRedirectTo("/admin/payouts");
    await expect(outcome).toSetToast({ kind: "success", message: /parcels matched/ });
    const payout = await prisma.courierPayout.findFirstOrThrow({
      where: { courier: "steadfast", reference: String(paymentId) },
    });
    expect(payout).toMatchObject({
      source: "api",
      paidAt: new Date("2026-11-20T10:00:00.000Z"),
      collectedPaisa: 166_000,
      chargesPaisa: 13_160,
      paidPaisa: 152_840,
    });
    expect((await itemsOf(payout.id)).map((item) => item.matchState)).toEqual(["matched", "unmatched"]);
    expect((await orderOf(order.id)).cashReceivedAt).toEqual(new Date("2026-11-20T10:00:00.000Z"));
    expect(await prisma.auditEvent.count({ where: { action: "payout.recorded", subjectId: payout.id } })).toBe(1);

    const again = await read();
    await expect(again).toSetToast({ kind: "info", message: /none is new/ });
    expect(await prisma.courierPayout.count({ where: { reference: String(paymentId) } })).toBe(1);

    // The payouts page lists it with its counts.
    const { payouts } = await runData(payoutsLoader, get("/admin/payouts", owner));
    expect(payouts.items.find((row) => row.id === payout.id)).toMatchObject({ matched: 1, unmatched: 1, duplicate: 0 });
  });

  it("records a payment naming one consignment twice as one line, its amounts added", async () => {
    const order = await deliveredOrder();
    const line = { row: 1, consignmentId: order.consignmentId!, invoice: null, codFeePaisa: 0 };
    const outcome = await recordPayout(
      {
        courier: "steadfast",
        reference: `SF-TWICE-API-${order.id}`,
        paidAt: null,
        source: "api",
        lines: [
          { ...line, collectedPaisa: 116_000, deliveryChargePaisa: 6_000, paidPaisa: 110_000 },
          { ...line, row: 2, collectedPaisa: 0, deliveryChargePaisa: 1_000, paidPaisa: -1_000 },
        ],
      },
      null,
    );
    expect(outcome).toMatchObject({ outcome: "recorded", matched: 1, duplicate: 0 });
    const payout = await prisma.courierPayout.findUniqueOrThrow({ where: { id: outcome.payoutId } });
    expect(payout).toMatchObject({ collectedPaisa: 116_000, chargesPaisa: 7_000, paidPaisa: 109_000 });
    expect((await itemsOf(payout.id)).map((item) => [item.matchState, item.paidPaisa])).toEqual([["matched", 109_000]]);
  });

  it("records a payment charging one returned parcel twice as one charge line, not as a charge and a duplicate", async () => {
    const order = await deliveredOrder({ status: "returned" });
    const line = { row: 1, consignmentId: order.consignmentId!, invoice: null, codFeePaisa: 0, collectedPaisa: 0 };
    const outcome = await recordPayout(
      {
        courier: "steadfast",
        reference: `SF-CHARGE-TWICE-API-${order.id}`,
        paidAt: null,
        source: "api",
        lines: [
          { ...line, deliveryChargePaisa: 6_000, paidPaisa: -6_000 },
          { ...line, row: 2, deliveryChargePaisa: 3_000, paidPaisa: -3_000 },
        ],
      },
      null,
    );
    expect(outcome).toMatchObject({ outcome: "recorded", charge: 1, chargedAgain: 0, duplicate: 0 });
    expect((await itemsOf(outcome.payoutId)).map((item) => [item.matchState, item.paidPaisa])).toEqual([
      ["charge", -9_000],
    ]);
  });

  it("skips a payment it cannot record, names it, and records the older ones after it", async () => {
    await saveKeys();
    const first = await deliveredOrder();
    const second = await deliveredOrder();
    const base = 800_000 + ++counter * 10;
    // Newest: names a consignment twice (read before the fix: the unique line refused it, a 500).
    steadfast.addPayment({
      id: base + 3,
      createdAt: "2026-11-25T10:00:00.000000Z",
      consignments: [
        { consignment_id: first.consignmentId!, cod_amount: 1160, delivery_charge: 60 },
        { consignment_id: first.consignmentId!, cod_amount: 0, delivery_charge: 10 },
      ],
    });
    // Next: amounts no payout can hold.
    steadfast.addPayment({
      id: base + 2,
      createdAt: "2026-11-24T10:00:00.000000Z",
      consignments: [{ consignment_id: "HUGE1", cod_amount: 30_000_000, delivery_charge: 60 }],
    });
    // Oldest: a good one, read after the bad one.
    steadfast.addPayment({
      id: base + 1,
      createdAt: "2026-11-23T10:00:00.000000Z",
      consignments: [{ consignment_id: second.consignmentId!, cod_amount: 1160, delivery_charge: 60 }],
    });
    const outcome = await read();
    expect(outcome).toRedirectTo("/admin/payouts");
    await expect(outcome).toSetToast({
      kind: "info",
      message: `2 new Steadfast payouts recorded: 2 parcels matched, 0 not matched, 0 already paid. Steadfast payment ${base + 2} was not recorded: its amounts are larger than one payout can record.`,
    });
    const recorded = await prisma.courierPayout.findMany({
      where: { courier: "steadfast", reference: { in: [base + 1, base + 2, base + 3].map(String) } },
      select: { reference: true, paidPaisa: true },
      orderBy: { reference: "asc" },
    });
    expect(recorded).toEqual([
      { reference: String(base + 1), paidPaisa: 110_000 },
      { reference: String(base + 3), paidPaisa: 109_000 },
    ]);
    expect((await orderOf(first.id)).cashPayoutItemId).not.toBeNull();
    expect((await orderOf(second.id)).cashPayoutItemId).not.toBeNull();
    steadfast.payments.delete(String(base + 2));
  });

  it("follows the list's pages (at most ten a read) on Steadfast's own host, never to another one", async () => {
    const config = { apiKey: steadfast.apiKey, secretKey: steadfast.secretKey, baseUrl: steadfast.baseUrl };
    // The payments of the tests before are recorded; this one's are the only ones listed.
    steadfast.payments.clear();
    const base = 900_000 + ++counter * 100;
    const add = (count: number) => {
      for (let index = steadfast.payments.size + 1; count > 0; index++, count--) {
        steadfast.addPayment({
          id: base + index,
          createdAt: `2026-11-${String(index).padStart(2, "0")}T10:00:00.000000Z`,
          consignments: [{ consignment_id: `PAGE${base + index}`, cod_amount: 100, delivery_charge: 60 }],
        });
      }
    };
    add(5);
    steadfast.paymentsPerPage = 2;
    const read = await readSteadfastPayouts(null, config);
    expect(read.listed).toBe(5);
    expect(read.recorded.map((payout) => Number(payout.reference)).sort()).toEqual(
      [1, 2, 3, 4, 5].map((n) => base + n),
    );
    expect(steadfast.requests.filter((request) => request.path === "/payments")).not.toHaveLength(0);

    // 25 payments, 13 pages: one read follows ten of them.
    add(20);
    expect(await steadfastPayouts(config).listPayments()).toHaveLength(20);

    // A next page on another host is not asked for: the keys would go with the request.
    const elsewhere = await startHeaderRecorder();
    try {
      steadfast.nextPageOrigin = elsewhere.origin;
      expect((await steadfastPayouts(config).listPayments()).map((payment) => payment.id)).toEqual(
        [1, 2].map((n) => String(base + n)),
      );
      expect(elsewhere.requests).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });

  it("says why when Steadfast refuses the keys, does not answer in time, or has no such payment, and records nothing", async () => {
    const before = await prisma.courierPayout.count();
    const config = { apiKey: steadfast.apiKey, secretKey: "wrong", baseUrl: steadfast.baseUrl, timeoutMs: 2_000 };
    await expect(readSteadfastPayouts(null, config)).rejects.toMatchObject({ kind: "unauthorised" });

    steadfast.delayMs = 300;
    await expect(
      readSteadfastPayouts(null, { ...config, secretKey: steadfast.secretKey, timeoutMs: 100 }),
    ).rejects.toMatchObject({ kind: "timeout" });
    steadfast.delayMs = 0;

    await expect(
      steadfastPayouts({ ...config, secretKey: steadfast.secretKey }).payment("404404"),
    ).rejects.toMatchObject({
      kind: "refused",
      message: "Steadfast refused the request: Payment not found.",
    });

    await saveKeys();
    await prisma.courierAccount.update({
      where: { courier: "steadfast" },
      data: {
        secretSealed: (await prisma.courierAccount.findUniqueOrThrow({ where: { courier: "steadfast" } })).apiKeySealed,
      },
    });
    const refused = await read();
    await expect(refused).toSetToast({
      kind: "error",
      message: "Steadfast refused the shop's keys. Check them in Courier.",
    });
    expect(await prisma.courierPayout.count()).toBe(before);
  });
});

describe("cash not back yet", () => {
  it("counts Asia/Dhaka days from delivery: delivered at 23:30 on the 20th is overdue after 7 days from the 27th", () => {
    // 23:30 in Dhaka on 20 November is 17:30 UTC.
    const delivered = new Date("2026-11-20T17:30:00Z");
    const cutoff26 = overdueBefore(new Date("2026-11-26T17:59:00Z"), 7); // 23:59 on the 26th in Dhaka
    const cutoff27 = overdueBefore(new Date("2026-11-26T18:00:00Z"), 7); // 00:00 on the 27th in Dhaka
    expect(delivered < cutoff26).toBe(false);
    expect(delivered < cutoff27).toBe(true);
    expect(cutoff27.toISOString()).toBe("2026-11-20T18:00:00.000Z");
  });

  it("lists delivered orders whose cash is out, with totals, and drops one once its payout arrives", async () => {
    const now = new Date();
    const late = await deliveredOrder({ deliveredAt: new Date(now.getTime() - 9 * 86_400_000) });
    const recent = await deliveredOrder({ deliveredAt: new Date(now.getTime() - 2 * 86_400_000) });
    const prepaid = await deliveredOrder({
      deliveredAt: new Date(now.getTime() - 9 * 86_400_000),
      paymentStatus: "paid",
    });
    const ids = (list: Awaited<ReturnType<typeof listOverdueCash>>) => list.orders.map((order) => order.id);
    const overdue = await listOverdueCash(now, 7);
    expect(ids(overdue)).toContain(late.id);
    expect(ids(overdue)).not.toContain(recent.id);
    expect(ids(overdue)).not.toContain(prepaid.id);
    expect(overdue.orders.find((order) => order.id === late.id)).toMatchObject({ daysOut: 9, expectedPaisa: 116_000 });

    await importFile(steadfastFile([[late.consignmentId!, "", "1160", "60"]]), `SF-LATE-${late.id}`);
    const after = await listOverdueCash(now, 7);
    expect(ids(after)).not.toContain(late.id);
    expect(after.count).toBe(overdue.count - 1);
    expect(after.expectedPaisa).toBe(overdue.expectedPaisa - 116_000);
    expect(ids(await listOverdueCash(now, 1))).toContain(recent.id);
  });

  it("totals the cash to come as the rows do: an order whose advance exceeds its total adds 0, not less", async () => {
    const now = new Date();
    const before = await listOverdueCash(now, 7);
    await deliveredOrder({ totalPaisa: 100_000, advancePaidPaisa: 150_000 });
    await deliveredOrder({ totalPaisa: 116_000 });
    const after = await listOverdueCash(now, 7);
    expect(after.count).toBe(before.count + 2);
    expect(after.expectedPaisa).toBe(before.expectedPaisa + 116_000);
    if (after.count <= after.orders.length) {
      expect(after.expectedPaisa).toBe(after.orders.reduce((sum, order) => sum + order.expectedPaisa, 0));
    }
  });

  it("lets the owner set the days, refusing what is not 1 to 90", async () => {
    const refused = await run(payoutsAction, post("/admin/payouts", { intent: "overdue-days", days: "0" }, owner));
    expect(refused.status).toBe(400);
    expect(expectData(refused)).toMatchObject({ error: "Enter a whole number of days from 1 to 90." });
    const saved = await run(payoutsAction, post("/admin/payouts", { intent: "overdue-days", days: "১০" }, owner));
    await expect(saved).toSetToast({ kind: "success", message: "Cash is now overdue 10 days after delivery." });
    expect((await runData(payoutsLoader, get("/admin/payouts", owner))).days).toBe(10);
    // The activity trail has the change, as the owner's, in the settings group.
    expect(
      await prisma.auditEvent.findMany({
        where: { action: "settings.payout-overdue-days", actorEmail: ownerUser.email },
        select: { subjectType: true, summary: true },
      }),
    ).toEqual([{ subjectType: "settings", summary: "10" }]);
    await run(payoutsAction, post("/admin/payouts", { intent: "overdue-days", days: "7" }, owner));
  });
});

describe("a payout's page", () => {
  it("lists 50 parcels a page, and filters the ones to check (no order, already paid, amounts differing)", async () => {
    const order = await deliveredOrder();
    const stamp = `${Date.now()}${++counter}`;
    const lines = [
      // Matched, but collected less than the order asks.
      { consignmentId: order.consignmentId!, collectedPaisa: 100_000 },
      ...Array.from({ length: 119 }, (_, index) => ({ consignmentId: `PG${stamp}-${index}`, collectedPaisa: 10_000 })),
    ].map((line, index) => ({
      ...line,
      row: index + 2,
      invoice: null,
      deliveryChargePaisa: 6_000,
      codFeePaisa: 0,
      paidPaisa: line.collectedPaisa - 6_000,
    }));
    const { payoutId } = await recordPayout(
      { courier: "steadfast", reference: `SF-PAGES-${stamp}`, paidAt: null, source: "csv", lines },
      ownerUser,
    );
    const open = (query: string) =>
      runData(payoutLoader, get(`/admin/payouts/${payoutId}${query}`, owner), { id: String(payoutId) });
    const first = await open("");
    expect(first.lines).toMatchObject({ page: 1, pageCount: 3, total: 120 });
    expect(first.lines.items).toHaveLength(50);
    expect(first.counts).toEqual({ all: 120, flagged: 120, matched: 1, charge: 0, unmatched: 119, duplicate: 0 });
    const last = await open("?page=3");
    expect(last.lines.items.map((item) => item.consignmentId)).toEqual(
      lines.slice(100).map((line) => line.consignmentId),
    );
    const matched = await open("?show=matched");
    expect(matched.lines.items.map((item) => item.orderId)).toEqual([order.id]);
    expect((await open("?show=flagged&page=3")).lines.items).toHaveLength(20);
    expect((await open("?show=duplicate")).lines.total).toBe(0);
  });
});
