/**
 * The hand-off's safety with two couriers, against a real SQLite database, a local Pathao and a
 * local Steadfast (tests/support/*-server.ts on this worker's ports): Pathao going silent partway
 * through the ticked orders keeps what it made; one order cannot end up at both couriers; one
 * courier down does not stop the other's statuses; a cancelled pickup does not cancel the order;
 * Pathao's whole-taka cash agrees with the payouts; orders without an area text share no zone; and
 * a price shown for other fields is not what gets sent.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { enAdmin } from "~/i18n/admin/areas";
import { prisma } from "~/models/db/client.server";
import { recordPayout } from "~/models/payouts/payouts.server";
import { parseWeightKg, priceKey } from "~/rules/courier-places";
import { action as courierPageAction } from "~/routes/admin.courier";
import { action as handOffAction } from "~/routes/admin.orders.courier";
import { loader as orderLoader } from "~/routes/admin.orders.view.$id/route";
import { startFakePathao, workerPathaoPort, type FakePathao } from "../support/pathao-server";
import { startFakeSteadfast, workerSteadfastPort, type FakeSteadfast } from "../support/steadfast-server";
import { type CookieJar, createAdmin, createProduct, get, post, run, runData, signedInJar } from "./helpers";
import { placeOrder } from "./place-order";

let pathao: FakePathao;
let steadfast: FakeSteadfast;
let owner: CookieJar;
let ownerUser: { id: number; email: string };
let variantId: number;

beforeAll(async () => {
  pathao = await startFakePathao(workerPathaoPort());
  steadfast = await startFakeSteadfast(workerSteadfastPort());
  // A price with paisa: the order's cash to collect is not whole taka.
  variantId = (await createProduct({ name: "Safety Lamp", pricePaisa: 125_050 })).variantId;
  ownerUser = await createAdmin();
  owner = await signedInJar(ownerUser.id);
  await run(
    courierPageAction,
    post("/admin/courier", { intent: "save", apiKey: steadfast.apiKey, secretKey: steadfast.secretKey }, owner),
  );
  await run(
    courierPageAction,
    post(
      "/admin/courier",
      {
        intent: "pathao-save",
        clientId: pathao.clientId,
        clientSecret: pathao.clientSecret,
        username: pathao.username,
        password: pathao.password,
      },
      owner,
    ),
  );
});
afterAll(async () => {
  await pathao.close();
  await steadfast.close().catch(() => undefined);
});

beforeEach(() => {
  pathao.delayMs = 0;
  pathao.silentFromCreate = null;
});

let phoneCounter = 0;
const orderIn = (area: string) =>
  placeOrder([[variantId, 1]], {
    name: "Salma Begum",
    phone: `0182${String(++phoneCounter).padStart(7, "0")}`,
    district: "Dhaka",
    area,
  });

const orderRow = (id: number) => prisma.order.findUniqueOrThrow({ where: { id } });
const orderPage = (id: number) => runData(orderLoader, get(`/admin/orders/view/${id}`, owner), { id: String(id) });

const MIRPUR = { "pathao-city": "1", "pathao-zone": "52", "pathao-area": "501", "pathao-weight": "0.5" };

/** "Send with Pathao" from the order's page, the price shown for `shown` (default: the same fields). */
const sendFromPage = (id: number, place: Record<string, string>, shown: Record<string, string> = place) =>
  run(
    handOffAction,
    post(
      "/admin/orders/courier",
      {
        intent: "send",
        courier: "pathao",
        order: [String(id)],
        back: `/admin/orders/view/${id}`,
        "pathao-shown": priceKey({
          cityId: Number(shown["pathao-city"]),
          zoneId: Number(shown["pathao-zone"]),
          weightKg: parseWeightKg(shown["pathao-weight"] ?? "0.5")!,
        }),
        ...place,
      },
      owner,
    ),
  );

/** The ticked orders' "Send" to `courier` from the orders list. */
const sendTicked = (ids: number[], courier: "pathao" | "steadfast") =>
  run(
    handOffAction,
    post("/admin/orders/courier", { intent: "send", courier, order: ids.map(String), back: "/admin/orders" }, owner),
  );

const forget = (id: number) =>
  run(
    handOffAction,
    post("/admin/orders/courier", { intent: "forget", order: [String(id)], back: `/admin/orders/view/${id}` }, owner),
  );

const parcelsAtPathao = (id: number) =>
  [...pathao.consignments.values()].filter((parcel) => parcel.body.merchant_order_id === `haat-${id}`).length;
const parcelsAtSteadfast = (id: number) =>
  steadfast.requests.filter((request) => JSON.stringify(request.body ?? "").includes(`"haat-${id}"`)).length;

describe("Pathao stops answering partway", () => {
  it("keeps the parcels Pathao made before, marks the silent one unknown and the rest not sent", async () => {
    await sendFromPage(await orderIn("Mirpur 10"), MIRPUR); // remembers Mirpur 10's places
    const [first, silent, rest] = [await orderIn("Mirpur 10"), await orderIn("Mirpur 10"), await orderIn("Mirpur 10")];
    pathao.silentFromCreate = 2;
    const sent = await sendTicked([first, silent, rest], "pathao");

    expect((await orderRow(first)).consignmentId).not.toBeNull();
    expect(parcelsAtPathao(silent)).toBe(1);
    // Pathao may have the silent one (it has): it stays claimed for Pathao, not sendable elsewhere.
    expect(await orderRow(silent)).toMatchObject({ courier: "pathao", consignmentId: null });
    expect(parcelsAtPathao(rest)).toBe(0);
    expect(await orderRow(rest)).toMatchObject({ courier: null, consignmentId: null });
    await expect(sent).toSetToast({ kind: "info", message: expect.stringContaining(`haat-${silent}`) });
    await expect(sent).toSetToast({ kind: "info", message: expect.not.stringContaining("Nothing was changed") });
    await expect(sent).toSetToast({ kind: "info", message: expect.stringContaining(`#${rest}`) });
    expect(await prisma.auditEvent.count({ where: { action: "order.courier-unanswered", subjectId: silent } })).toBe(1);

    // Sent again at once: the silent one is still being sent (claimed) and goes to no other courier.
    const toSteadfast = await sendTicked([silent], "steadfast");
    await expect(toSteadfast).toSetToast({
      kind: "error",
      message: expect.stringContaining(enAdmin["admin.courier.beingSent"].replace("{courier}", "Pathao")),
    });
    expect(parcelsAtSteadfast(silent)).toBe(0);
    // Once the claim is stale, Pathao says the merchant order id is taken: its own message, still claimed.
    await prisma.order.update({ where: { id: silent }, data: { sentToCourierAt: new Date(Date.now() - 3_600_000) } });
    const taken = await sendTicked([silent], "pathao");
    await expect(taken).toSetToast({
      kind: "error",
      message: expect.stringContaining(enAdmin["admin.pathao.alreadyTaken"].replace("{invoice}", `haat-${silent}`)),
    });
    expect(await orderRow(silent)).toMatchObject({ courier: "pathao", consignmentId: null });
  }, 30_000);

  it("one order whose answer never came stays claimed, says so on its page, and can be forgotten", async () => {
    const id = await orderIn("Mirpur 10");
    pathao.silentFromCreate = 1;
    const sent = await sendFromPage(id, MIRPUR);
    await expect(sent).toSetToast({ kind: "error", message: expect.stringContaining(`haat-${id}`) });
    expect(parcelsAtPathao(id)).toBe(1);
    expect(await orderRow(id)).toMatchObject({ courier: "pathao", consignmentId: null });
    expect((await orderPage(id)).canForgetHandOff).toBe(true);

    const forgotten = await forget(id);
    await expect(forgotten).toSetToast({ kind: "success", message: expect.any(String) });
    expect(await orderRow(id)).toMatchObject({ courier: null, consignmentId: null, sentToCourierAt: null });
    expect(await prisma.auditEvent.count({ where: { action: "order.courier-forgotten", subjectId: id } })).toBe(1);
  }, 30_000);
});

describe("one order, two couriers at once", () => {
  it("asks one courier for a parcel; the other hand-off is refused or skipped", async () => {
    const id = await orderIn("Mirpur 10");
    const [withPathao, withSteadfast] = await Promise.all([sendFromPage(id, MIRPUR), sendTicked([id], "steadfast")]);
    expect(parcelsAtPathao(id) + parcelsAtSteadfast(id)).toBe(1);
    const row = await orderRow(id);
    expect(row.consignmentId).not.toBeNull();
    const loser = row.courier === "pathao" ? withSteadfast : withPathao;
    await expect(loser).toSetToast({
      kind: "error",
      message: expect.stringMatching(/being sent to (Pathao|Steadfast)|Already with a courier/),
    });
  });
});

describe("a parcel accepted after its order changed", () => {
  it("is not recorded on the order; staff are told to cancel it at the courier, and the audit trail names it", async () => {
    const id = await orderIn("Mirpur 10");
    pathao.delayMs = 1_000; // within the tests' 3 s courier timeout
    const sending = sendFromPage(id, MIRPUR);
    // The hand-off's claim is taken before Pathao is asked; staff forget it while Pathao works.
    while ((await orderRow(id)).courier !== "pathao") await new Promise((resolve) => setTimeout(resolve, 20));
    await forget(id);
    const sent = await sending;
    expect(parcelsAtPathao(id)).toBe(1);
    expect(await orderRow(id)).toMatchObject({ courier: null, consignmentId: null });
    await expect(sent).toSetToast({ kind: "error", message: expect.stringContaining("cancel consignment DL") });
    expect(await prisma.auditEvent.count({ where: { action: "order.courier-orphan", subjectId: id } })).toBe(1);
  });
});

describe("Pathao's cancelled pickup", () => {
  it("does not cancel the order, and staff forget the consignment to send it again", async () => {
    const id = await orderIn("Mirpur 10");
    await sendFromPage(id, MIRPUR);
    const { consignmentId } = await orderRow(id);
    pathao.setStatus(consignmentId!, "Pickup_Cancelled");
    await run(handOffAction, post("/admin/orders/courier", { intent: "refresh", order: [String(id)] }, owner));
    expect(await orderRow(id)).toMatchObject({ status: "shipped", deliveryState: "on-hold" });
    expect((await orderPage(id)).canForgetHandOff).toBe(true);

    await forget(id);
    expect(await orderRow(id)).toMatchObject({ courier: null, consignmentId: null, status: "shipped" });
    await sendTicked([id], "steadfast");
    expect(await orderRow(id)).toMatchObject({ courier: "steadfast" });
  });

  it("a parcel on its way back does not cancel the order until it is back", async () => {
    const id = await orderIn("Mirpur 10");
    await sendFromPage(id, MIRPUR);
    const { consignmentId } = await orderRow(id);
    pathao.setStatus(consignmentId!, "Return_In_Transit");
    await run(handOffAction, post("/admin/orders/courier", { intent: "refresh", order: [String(id)] }, owner));
    expect((await orderRow(id)).status).toBe("shipped");
    expect((await orderPage(id)).canForgetHandOff).toBe(false);
    pathao.setStatus(consignmentId!, "Returned");
    await run(handOffAction, post("/admin/orders/courier", { intent: "refresh", order: [String(id)] }, owner));
    expect((await orderRow(id)).status).toBe("cancelled");
  });
});

describe("Pathao's whole-taka cash and the payouts", () => {
  it("a payout line of the whole taka Pathao collected is not flagged as differing", async () => {
    const id = await orderIn("Mirpur 10");
    await sendFromPage(id, MIRPUR);
    const order = await orderRow(id);
    expect(order.totalPaisa % 100).not.toBe(0);
    const collected = Math.ceil(order.totalPaisa / 100);
    expect(pathao.consignments.get(order.consignmentId!)!.body.amount_to_collect).toBe(collected);
    const recorded = await recordPayout(
      {
        courier: "pathao",
        reference: `SAFETY-${id}`,
        paidAt: null,
        source: "csv",
        lines: [
          {
            row: 1,
            consignmentId: order.consignmentId!,
            invoice: `haat-${id}`,
            collectedPaisa: collected * 100,
            deliveryChargePaisa: 6_000,
            codFeePaisa: 0,
            paidPaisa: collected * 100 - 6_000,
          },
        ],
      },
      ownerUser,
    );
    expect(recorded).toMatchObject({ outcome: "recorded", matched: 1, differing: 0 });
  });
});

describe("orders without an area text", () => {
  // The checkout asks for the area; orders from before it did, or typed by staff, may have none.
  const areaLess = async () => {
    const id = await orderIn("Mirpur 10");
    await prisma.order.update({ where: { id }, data: { area: null } });
    return id;
  };

  it("remember no zone for the district, and the ticked send asks for the zone on the order's page", async () => {
    const first = await areaLess();
    await sendFromPage(first, MIRPUR);
    expect((await orderRow(first)).courier).toBe("pathao");
    expect(await prisma.courierAreaChoice.count({ where: { areaKey: { endsWith: "|" } } })).toBe(0);
    const second = await areaLess();
    const sent = await sendTicked([second], "pathao");
    await expect(sent).toSetToast({
      kind: "error",
      message: expect.stringContaining(enAdmin["admin.pathao.chooseZoneFirst"]),
    });
    expect(parcelsAtPathao(second)).toBe(0);
  });
});

describe("the price shown is the price of what is sent", () => {
  it("fields changed after the price was shown redraw the choice with the new price instead of sending", async () => {
    const id = await orderIn("Mirpur 10");
    const sent = await sendFromPage(id, { ...MIRPUR, "pathao-weight": "5" }, MIRPUR);
    expect(parcelsAtPathao(id)).toBe(0);
    expect((await orderRow(id)).consignmentId).toBeNull();
    await expect(sent).toSetToast({ kind: "info", message: enAdmin["admin.pathao.choiceChanged"] });
    expect(sent.location).toMatch(new RegExp(`^/admin/orders/view/${id}\\?pathao=1&.*pathao-weight=5`));
    // A zone changed since, posting an area of the old zone, is redrawn too.
    const moved = await sendFromPage(id, { ...MIRPUR, "pathao-zone": "68" }, MIRPUR);
    expect(parcelsAtPathao(id)).toBe(0);
    await expect(moved).toSetToast({ kind: "info", message: enAdmin["admin.pathao.choiceChanged"] });
  });
});

describe("one courier down", () => {
  it("does not stop the other's statuses being read, and the message names the one that failed", async () => {
    const id = await orderIn("Mirpur 10");
    await sendFromPage(id, MIRPUR);
    const atSteadfast = await orderIn("Mirpur 10");
    await sendTicked([atSteadfast], "steadfast");
    pathao.setStatus((await orderRow(id)).consignmentId!, "Delivered");
    await steadfast.close(); // Steadfast unreachable from here on
    const refreshed = await run(handOffAction, post("/admin/orders/courier", { intent: "refresh" }, owner));
    expect(await orderRow(id)).toMatchObject({ status: "delivered", deliveryState: "delivered" });
    await expect(refreshed).toSetToast({
      kind: "info",
      message: expect.stringContaining(enAdmin["admin.courier.unreachable"]),
    });
  });
});
