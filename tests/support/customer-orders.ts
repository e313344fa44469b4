/**
 * Orders of known outcomes for the customers list's tests (tests/integration/customers.test.ts on
 * SQLite, tests/postgresql/customers.test.ts on PostgreSQL): written straight to the database, each
 * with its status, courier delivery state, total, name and district, so that a test can check the
 * list's figures against the orders it made.
 */
import { prisma } from "~/models/db/client.server";

let counter = 0;

/** One order's fields that the customers list reads. */
export type CustomerOrderSpec = {
  phone: string;
  name: string;
  totalPaisa: number;
  status?: string;
  deliveryState?: string | null;
  district?: string | null;
  address?: string;
  createdAt?: Date;
};

/** Writes one order as `spec` says (one line item, pending unless said); returns its id. */
export async function createCustomerOrder(spec: CustomerOrderSpec): Promise<number> {
  counter += 1;
  const order = await prisma.order.create({
    data: {
      customerName: spec.name,
      customerPhone: spec.phone,
      customerAddress: spec.address ?? "House 9, Road 1",
      district: spec.district === undefined ? "Dhaka" : spec.district,
      shippingMethod: "Inside Dhaka",
      shippingFeePaisa: 0,
      subtotalPaisa: spec.totalPaisa,
      totalPaisa: spec.totalPaisa,
      status: spec.status ?? "pending",
      deliveryState: spec.deliveryState ?? null,
      itemCount: 1,
      checkoutToken: `customer-order-${process.pid}-${counter}`,
      ...(spec.createdAt ? { createdAt: spec.createdAt } : {}),
      items: {
        create: [
          {
            productName: `Lamp ${counter}`,
            unitPricePaisa: spec.totalPaisa,
            quantity: 1,
            subtotalPaisa: spec.totalPaisa,
          },
        ],
      },
    },
  });
  return order.id;
}

/**
 * A customer of six orders, one of each outcome, in time order (the last one, in Chattogram, under
 * the name "Rahima Akter"): delivered twice (৳1,000 and ৳2,500), returned by the courier while
 * shipped, returned after being marked delivered (returned, not spent), cancelled, and pending.
 * @returns the figures the customers list must show for them.
 */
export async function createMixedCustomer(phone: string) {
  const start = Date.now() - 10 * 24 * 60 * 60 * 1000;
  const at = (day: number) => new Date(start + day * 24 * 60 * 60 * 1000);
  const specs: CustomerOrderSpec[] = [
    { phone, name: "Rahima", totalPaisa: 100_000, status: "delivered", createdAt: at(0) },
    { phone, name: "Rahima", totalPaisa: 250_000, status: "delivered", deliveryState: "delivered", createdAt: at(1) },
    { phone, name: "Rahima", totalPaisa: 70_000, status: "shipped", deliveryState: "returned", createdAt: at(2) },
    { phone, name: "Rahima", totalPaisa: 90_000, status: "delivered", deliveryState: "returned", createdAt: at(3) },
    { phone, name: "Rahima", totalPaisa: 40_000, status: "cancelled", createdAt: at(4) },
    {
      phone,
      name: "Rahima Akter",
      totalPaisa: 55_000,
      district: "Chattogram",
      address: "Flat 2B, Agrabad",
      createdAt: at(5),
    },
  ];
  const ids: number[] = [];
  for (const spec of specs) ids.push(await createCustomerOrder(spec));
  return {
    ids,
    figures: {
      phone,
      name: "Rahima Akter",
      district: "Chattogram",
      orders: 6,
      delivered: 2,
      returned: 2,
      cancelled: 1,
      spentPaisa: 350_000,
      lastOrderId: ids[5]!,
    },
  };
}
