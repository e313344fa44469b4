/**
 * Internal notes on an order, against a real SQLite database through the admin order page: added
 * with author and time, refused when empty or too long (the text kept), for staff only, and never
 * in what the shopper's tracking page answers.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { enAdmin } from "~/i18n/admin/areas";
import { prisma } from "~/models/db/client.server";
import { loader as trackLoader } from "~/routes/_shop.orders.track/route";
import { action as orderAction, loader as orderLoader } from "~/routes/admin.orders.view.$id/route";
import { type CookieJar, createAdmin, expectData, get, post, run, runData, signedInJar } from "./helpers";

let staff: CookieJar;
let staffEmail: string;
let orderId: number;

beforeEach(async () => {
  const admin = await createAdmin();
  staffEmail = admin.email;
  staff = await signedInJar(admin.id);
  const order = await prisma.order.create({
    data: {
      customerName: "Noted Shopper",
      customerPhone: "01755000111",
      customerAddress: "House 9, Road 1",
      shippingMethod: "Inside Dhaka",
      shippingFeePaisa: 6000,
      subtotalPaisa: 10000,
      totalPaisa: 16000,
      itemCount: 1,
      checkoutToken: `notes-${Math.random()}`.replace(/[^A-Za-z0-9_-]/g, "x"),
      items: { create: [{ productName: "Noted Lamp", unitPricePaisa: 10000, quantity: 1, subtotalPaisa: 10000 }] },
    },
  });
  orderId = order.id;
});

const url = () => `/admin/orders/view/${orderId}`;
const addNote = (body: string) =>
  run(orderAction, post(url(), { intent: "note", body }, staff), { id: String(orderId) });

describe("internal notes", () => {
  it("are added with their author and time, oldest first", async () => {
    const first = await addNote("  Call after 5 pm, works in Motijheel.  ");
    expect(first).toRedirectTo(url());
    await expect(first).toSetToast({
      kind: "success",
      message: enAdmin["admin.notes.added"].replace("{id}", String(orderId)),
    });
    await addNote("Wants the white one.");
    const { notes } = await runData(orderLoader, get(url(), staff), { id: String(orderId) });
    expect(notes.map((note) => [note.body, note.authorEmail])).toEqual([
      ["Call after 5 pm, works in Motijheel.", staffEmail],
      ["Wants the white one.", staffEmail],
    ]);
    expect(Date.now() - notes[0]!.createdAt.getTime()).toBeLessThan(60_000);
  });

  it("refuses an empty note and one over 1,000 characters, keeping the text", async () => {
    const empty = await addNote("   ");
    expect(empty.status).toBe(400);
    expect(expectData(empty)).toEqual({
      values: { body: "   " },
      fieldErrors: { body: enAdmin["admin.notes.required"] },
    });
    const long = "x".repeat(1001);
    const tooLong = await addNote(long);
    expect(tooLong.status).toBe(400);
    expect(expectData(tooLong)).toMatchObject({ values: { body: long } });
    expect(await prisma.orderNote.count({ where: { orderId } })).toBe(0);
  });

  it("are for staff only", async () => {
    const anonymous = await run(orderAction, post(url(), { intent: "note", body: "sneaky" }), { id: String(orderId) });
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/admin\/login/);
    expect(await prisma.orderNote.count({ where: { orderId } })).toBe(0);
  });

  it("never reach the shopper's tracking page", async () => {
    const note = "Refused twice before: ask for an advance.";
    await addNote(note);
    const tracked = await run(
      trackLoader,
      get(`/orders/track?order=${orderId}&phone=01755000111`),
      {},
      {
        clientAddress: "10.20.30.40",
      },
    );
    expect(tracked.status).toBe(200);
    expect(JSON.stringify(tracked.data)).toContain("Noted Lamp");
    expect(JSON.stringify(tracked.data)).not.toContain(note);
  });

  it("go with their order when it is deleted", async () => {
    await addNote("To be deleted.");
    await prisma.order.delete({ where: { id: orderId } });
    expect(await prisma.orderNote.count({ where: { orderId } })).toBe(0);
  });
});
