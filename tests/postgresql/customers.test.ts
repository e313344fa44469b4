/**
 * The customers list's aggregate on PostgreSQL (docs/decisions/064-customers-by-phone.md): the same
 * raw SQL as on SQLite (tests/integration/customers.test.ts), whose answers differ here (counts as
 * bigint, case-insensitive LIKE through lower(), timestamps typed): the figures checked against
 * orders made in the test, including returns, the searches, the sorts and the totals.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/models/db/client.server";
import { allCustomers, findCustomer, listCustomers } from "~/models/customers/customer-list.server";
import { getCustomerPage } from "~/models/customers/customer-page.server";
import { createCustomerOrder, createMixedCustomer } from "../support/customer-orders";

beforeEach(async () => {
  await prisma.order.deleteMany();
});

describe("the customers aggregate on PostgreSQL", () => {
  it("counts a phone's orders by outcome: returned whatever the status, spent only on delivered", async () => {
    const { ids, figures } = await createMixedCustomer("01711000222");
    const found = await findCustomer("01711000222");
    expect(found).toMatchObject(figures);
    const last = await prisma.order.findUniqueOrThrow({ where: { id: ids[5]! } });
    expect(found!.lastOrderAt).toEqual(last.createdAt);
    expect(typeof found!.orders).toBe("number");
    expect(await findCustomer("01799999999")).toBeNull();
  });

  it("searches by phone in any form, part of a number and part of the name (case aside)", async () => {
    await createMixedCustomer("01711000222");
    await createCustomerOrder({ phone: "01911555666", name: "Jamal Hossain", totalPaisa: 10_000 });
    const phones = async (q: string) =>
      (await listCustomers(1, { q, sort: "last-order" })).items.map((customer) => customer.phone);
    expect(await phones("+880 1711-000222")).toEqual(["01711000222"]);
    expect(await phones("০১৭১১০০০২২২")).toEqual(["01711000222"]);
    expect(await phones("555666")).toEqual(["01911555666"]);
    expect(await phones("RAHIMA ak")).toEqual(["01711000222"]);
    expect(await phones("hossain")).toEqual(["01911555666"]);
    expect(await listCustomers(1, { q: "nobody", sort: "last-order" })).toMatchObject({ total: 0, items: [] });
  });

  it("sorts, counts and pages like SQLite", async () => {
    await createMixedCustomer("01711000222");
    await createCustomerOrder({ phone: "01911555666", name: "Jamal", totalPaisa: 900_000, status: "delivered" });
    await createCustomerOrder({ phone: "01511777888", name: "abul", totalPaisa: 10_000 });
    await createCustomerOrder({ phone: "01511777888", name: "Abul", totalPaisa: 10_000 });
    const order = async (sort: "last-order" | "orders" | "spent" | "name") =>
      (await listCustomers(1, { q: "", sort })).items.map((customer) => customer.phone);
    expect(await order("last-order")).toEqual(["01511777888", "01911555666", "01711000222"]);
    expect(await order("orders")).toEqual(["01711000222", "01511777888", "01911555666"]);
    expect(await order("spent")).toEqual(["01911555666", "01711000222", "01511777888"]);
    expect(await order("name")).toEqual(["01511777888", "01911555666", "01711000222"]);
    expect(await listCustomers(1, { q: "", sort: "spent" })).toMatchObject({ total: 3, pageCount: 1 });
    expect(await listCustomers(3, { q: "", sort: "spent" })).toMatchObject({ total: 3, items: [] });
    expect((await allCustomers({ q: "", sort: "spent" })).map((customer) => customer.spentPaisa)).toEqual([
      900_000, 350_000, 0,
    ]);
  });

  it("gives a customer's page its addresses and orders", async () => {
    const { ids } = await createMixedCustomer("01711000222");
    const page = await getCustomerPage("01711000222", 1);
    expect(page!.orders.items.map((order) => order.id)).toEqual([...ids].reverse());
    expect(page!.addresses.map((address) => [address.address, address.orders])).toEqual([
      ["Flat 2B, Agrabad", 1],
      ["House 9, Road 1", 5],
    ]);
  });
});
