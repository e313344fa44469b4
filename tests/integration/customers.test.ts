/**
 * The customers list and a customer's page, against a real SQLite database through their routes
 * (docs/decisions/064-customers-by-phone.md): figures checked against orders made in the test
 * (delivered, returned whatever the status, cancelled, the latest name), one customer for two
 * spellings of a phone at checkout, search by phone in any form and by name, the sorts, the CSV,
 * staff's notes, the blocked state and the 404 of a phone without orders.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { enAdmin } from "~/i18n/admin/areas";
import { prisma } from "~/models/db/client.server";
import { loader as exportLoader } from "~/routes/admin.customers.export[.]csv";
import {
  action as customerAction,
  loader as customerLoader,
  meta as customerMeta,
} from "~/routes/admin.customers.$phone/route";
import { loader as listLoader } from "~/routes/admin.customers._index/route";
import { createCustomerOrder, createMixedCustomer } from "../support/customer-orders";
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
} from "./helpers";
import { placeOrder } from "./place-order";

let owner: CookieJar;
let staff: CookieJar;
let staffEmail: string;

beforeEach(async () => {
  // One database per file: each test starts without orders, notes or blocks.
  await prisma.customerNote.deleteMany();
  await prisma.blockedPhone.deleteMany();
  await prisma.order.deleteMany();
  owner = await signedInJar((await createAdmin()).id);
  const member = await createAdmin();
  await prisma.adminUser.update({ where: { id: member.id }, data: { role: "staff" } });
  staffEmail = member.email;
  staff = await signedInJar(member.id);
});

const list = (query: string, jar = staff) => runData(listLoader, get(`/admin/customers${query}`, jar));
const page = (phone: string, jar = staff) => run(customerLoader, get(`/admin/customers/${phone}`, jar), { phone });
const addNote = (phone: string, body: string, jar = staff) =>
  run(customerAction, post(`/admin/customers/${phone}`, { body }, jar), { phone });

describe("the customers list", () => {
  it("counts a phone's orders by outcome: returned whatever the status, spent only on delivered", async () => {
    const { ids, figures } = await createMixedCustomer("01711000222");
    const { customers } = await list("?q=01711000222");
    expect(customers.total).toBe(1);
    expect(customers.items[0]).toMatchObject(figures);
    const last = await prisma.order.findUniqueOrThrow({ where: { id: ids[5]! } });
    expect(customers.items[0]!.lastOrderAt).toEqual(last.createdAt);
  });

  it("makes one customer of two spellings of a phone at checkout, named as on the latest order", async () => {
    const lamp = await createProduct({ name: "Spelling Lamp", pricePaisa: 50_000 });
    await placeOrder([[lamp.variantId, 1]], { phone: "+880 1812-345678", name: "Karim" });
    await placeOrder([[lamp.variantId, 1]], { phone: "০১৮১২৩৪৫৬৭৮", name: "Karim Uddin" });
    const { customers } = await list("?q=01812345678");
    expect(customers.items).toHaveLength(1);
    expect(customers.items[0]).toMatchObject({ phone: "01812345678", name: "Karim Uddin", orders: 2, spentPaisa: 0 });
  });

  it("finds a customer by their phone in any form checkout accepts, by part of it, or by part of the name", async () => {
    await createMixedCustomer("01711000222");
    await createCustomerOrder({ phone: "01911555666", name: "Jamal Hossain", totalPaisa: 10_000 });
    const phones = async (q: string) =>
      (await list(`?q=${encodeURIComponent(q)}`)).customers.items.map((customer) => customer.phone);
    expect(await phones("+880 1711-000222")).toEqual(["01711000222"]);
    expect(await phones("৮৮০১৭১১০০০২২২")).toEqual(["01711000222"]);
    expect(await phones("000222")).toEqual(["01711000222"]);
    expect(await phones("+880 1911")).toEqual(["01911555666"]);
    expect(await phones("rahima AK")).toEqual(["01711000222"]);
    expect(await phones("hossain")).toEqual(["01911555666"]);
    // The name searched is the latest order's ("Rahima Akter"; earlier orders said "Rahima").
    expect(await phones("Akter")).toEqual(["01711000222"]);
    const none = await list("?q=Nobody");
    expect(none.customers).toMatchObject({ total: 0, items: [] });
  });

  it("sorts by last order (the default), orders, total spent and name", async () => {
    await createMixedCustomer("01711000222"); // 6 orders, ৳3,500 spent, oldest last order
    await createCustomerOrder({ phone: "01911555666", name: "Jamal", totalPaisa: 900_000, status: "delivered" });
    await createCustomerOrder({ phone: "01511777888", name: "abul", totalPaisa: 10_000 });
    await createCustomerOrder({ phone: "01511777888", name: "Abul", totalPaisa: 10_000 });
    const order = async (sort: string) =>
      (await list(sort ? `?sort=${sort}` : "")).customers.items.map((customer) => customer.phone);
    expect(await order("")).toEqual(["01511777888", "01911555666", "01711000222"]);
    expect(await order("orders")).toEqual(["01711000222", "01511777888", "01911555666"]);
    expect(await order("spent")).toEqual(["01911555666", "01711000222", "01511777888"]);
    expect(await order("name")).toEqual(["01511777888", "01911555666", "01711000222"]);
    expect((await list("?sort=nonsense")).query.sort).toBe("last-order");
  });

  it("pages its rows, 50 at a time", async () => {
    for (let i = 0; i < 51; i++) {
      await createCustomerOrder({ phone: `017220${String(i).padStart(5, "0")}`, name: `Pager ${i}`, totalPaisa: 100 });
    }
    const first = await list("");
    expect(first.customers).toMatchObject({ total: 51, pageCount: 2, page: 1 });
    expect(first.customers.items).toHaveLength(50);
    const second = await list("?page=2");
    expect(second.customers.items.map((customer) => customer.name)).toEqual(["Pager 0"]);
    const past = await list("?page=5");
    expect(past.customers).toMatchObject({ total: 51, pageCount: 2, page: 5, items: [] });
    const none = await list("?q=Nobody&page=2");
    expect(none.customers).toMatchObject({ total: 0, pageCount: 1, items: [] });
  });

  it("is for signed-in staff only", async () => {
    const visitor = await run(listLoader, get("/admin/customers"));
    expect(visitor.location).toMatch(/^\/admin\/login/);
    const file = await run(exportLoader, get("/admin/customers/export.csv"));
    expect(file.location).toMatch(/^\/admin\/login/);
  });
});

describe("the customers CSV", () => {
  it("holds the search's customers in its sort, every cell spreadsheet-safe", async () => {
    await createMixedCustomer("01711000222");
    await createCustomerOrder({
      phone: "01911555666",
      name: '=HYPERLINK("http://evil.example","x")',
      totalPaisa: 123_450,
      status: "delivered",
      district: null,
    });
    const outcome = await run(exportLoader, get("/admin/customers/export.csv?sort=spent", staff));
    expect(outcome.status).toBe(200);
    expect(outcome.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(outcome.headers.get("Content-Disposition")).toMatch(/^attachment; filename="haat-customers-\d{12}\.csv"$/);
    const response = await exportLoader({
      request: get("/admin/customers/export.csv?sort=spent", staff),
      params: {},
      context: {},
    });
    // The byte-order mark first (Response.text() would drop it), so Excel reads Bangla names.
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").trimEnd().split("\r\n");
    expect(lines[0]).toBe("phone,name,district,orders,delivered,returned,cancelled,total_spent_taka,last_order_at");
    expect(lines[1]).toBe(`01711000222,Rahima Akter,Chattogram,6,2,2,1,3500.00,${lines[1]!.slice(-16)}`);
    expect(lines[1]!.slice(-16)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(lines[2]).toMatch(/^01911555666,"'=HYPERLINK\(""http:\/\/evil\.example"",""x""\)",,1,1,0,0,1234\.50,/);
    expect(lines).toHaveLength(3);
    const searched = await (
      await exportLoader({ request: get("/admin/customers/export.csv?q=jamal", staff), params: {}, context: {} })
    ).text();
    expect(searched.trimEnd().split("\r\n")).toHaveLength(1);
  });
});

describe("a customer's page", () => {
  it("shows the figures, the orders newest first with their source, and the addresses used", async () => {
    const { ids, figures } = await createMixedCustomer("01711000222");
    const data = expectData(await page("01711000222"));
    expect(data.figures).toMatchObject(figures);
    expect(data.orders.items.map((order) => order.id)).toEqual([...ids].reverse());
    expect(data.orders.items[0]).toMatchObject({ source: "website", status: "pending" });
    expect(data.addresses).toEqual([
      expect.objectContaining({ address: "Flat 2B, Agrabad", district: "Chattogram", orders: 1 }),
      expect.objectContaining({ address: "House 9, Road 1", district: "Dhaka", orders: 5 }),
    ]);
    expect(data.blocked).toBeNull();
  });

  it("shows an order's fake-order signals: a double from the same phone", async () => {
    const first = await createCustomerOrder({ phone: "01611000333", name: "Double", totalPaisa: 5000 });
    const second = await createCustomerOrder({ phone: "01611000333", name: "Double", totalPaisa: 5000 });
    // The same product on both: the rule compares the sets of products.
    await prisma.orderItem.updateMany({ where: { orderId: second }, data: { productName: "Lamp same" } });
    await prisma.orderItem.updateMany({ where: { orderId: first }, data: { productName: "Lamp same" } });
    const { risks } = expectData(await page("01611000333"));
    expect(risks[second]).toMatchObject({ duplicateOf: [first], history: { open: 1 } });
  });

  it("shows a blocked phone as blocked, with the block's note", async () => {
    await createMixedCustomer("01711000222");
    await prisma.blockedPhone.create({ data: { phone: "01711000222", note: "Refused 2 parcels" } });
    expect(expectData(await page("01711000222")).blocked).toMatchObject({ note: "Refused 2 parcels" });
    expect(expectData(await page("01711000222", owner)).isOwner).toBe(true);
  });

  it("redirects a phone written another way to its stored form, and answers 404 for a phone without orders", async () => {
    await createMixedCustomer("01711000222");
    const other = await page("+8801711000222");
    expect(other.status).toBe(302);
    expect(other.location).toBe("/admin/customers/01711000222");
    expect((await page("01799999999")).status).toBe(404);
    expect((await page("not-a-phone")).status).toBe(404);
    expect((await addNote("01799999999", "Hello")).status).toBe(404);
    expect(await prisma.customerNote.count()).toBe(0);
  });
  it("names the customer by phone in the page's title, in Bengali digits for a Bangla reader", () => {
    const title = (adminLang: string) =>
      customerMeta({
        data: { figures: { phone: "01711000222" } },
        matches: [{ id: "routes/admin", data: { adminLang } }],
      } as unknown as Parameters<typeof customerMeta>[0]);
    expect(title("en")).toEqual([{ title: "Customer 01711000222" }]);
    expect(title("bn")).toEqual([{ title: "ক্রেতা ০১৭১১০০০২২২" }]);
  });
});

describe("notes about a customer", () => {
  it("are added by staff with their author and time, oldest first, and recorded in the trail", async () => {
    await createMixedCustomer("01711000222");
    const added = await addNote("01711000222", "  Call after 6 pm.  ");
    expect(added).toRedirectTo("/admin/customers/01711000222");
    await expect(added).toSetToast({ kind: "success", message: enAdmin["admin.customer.noteAdded"] });
    await addNote("01711000222", "Wants the parcel at the office.");
    const { notes } = expectData(await page("01711000222"));
    expect(notes.map((note) => [note.body, note.authorEmail])).toEqual([
      ["Call after 6 pm.", staffEmail],
      ["Wants the parcel at the office.", staffEmail],
    ]);
    const trail = await prisma.auditEvent.findMany({
      where: { action: "customer.note-added", actorEmail: staffEmail },
    });
    expect(trail.map((row) => [row.summary, row.actorEmail])).toEqual([
      ["01711000222", staffEmail],
      ["01711000222", staffEmail],
    ]);
  });

  it("refuses an empty note and one over 1,000 characters, keeping the text", async () => {
    await createMixedCustomer("01711000222");
    const long = "x".repeat(1001);
    const tooLong = await addNote("01711000222", long);
    expect(tooLong.status).toBe(400);
    expect(expectData(tooLong)).toMatchObject({ values: { body: long }, fieldErrors: { body: expect.any(String) } });
    const empty = await addNote("01711000222", "   ");
    expect(empty.status).toBe(400);
    expect(expectData(empty)).toEqual({
      values: { body: "   " },
      fieldErrors: { body: enAdmin["admin.notes.required"] },
    });
    expect(await prisma.customerNote.count()).toBe(0);
  });

  it("are for signed-in staff only", async () => {
    await createMixedCustomer("01711000222");
    const visitor = await run(customerAction, post("/admin/customers/01711000222", { body: "sneaky" }), {
      phone: "01711000222",
    });
    expect(visitor.location).toMatch(/^\/admin\/login/);
    expect(await prisma.customerNote.count()).toBe(0);
  });
});
