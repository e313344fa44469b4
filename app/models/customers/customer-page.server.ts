/**
 * One customer's page (docs/decisions/064-customers-by-phone.md): their figures, their orders a
 * page at a time with each order's fake-order signals, the addresses they used, staff's notes
 * about them and whether their phone is blocked. A customer is a phone number (01XXXXXXXXX).
 */
import { prisma } from "~/models/db/client.server";
import { findBlockedPhone } from "~/models/orders/blocklist.server";
import { getOrderRiskSignals } from "~/models/orders/order-risk.server";
import { ADMIN_PAGE_SIZE, paginate } from "~/rules/pagination";
import { findCustomer } from "./customer-list.server";

/** The notes a customer page shows at most (the newest, oldest first). */
const NOTES_SHOWN = 200;

/** The addresses a customer page shows at most (the most recently used first). */
const ADDRESSES_SHOWN = 50;

/**
 * Everything the customer page shows of `phone` (01XXXXXXXXX), with page `page` (1-based) of
 * their orders, newest first; null when the phone has no order (the page answers 404).
 * - `addresses`: each distinct address, area and district they gave, with how many orders and
 *   when last, most recent first (at most ADDRESSES_SHOWN);
 * - `risks`: each listed order's fake-order signals (app/models/orders/order-risk.server.ts);
 * - `blocked`: the blocklist entry of the phone (its note) or null.
 */
export async function getCustomerPage(phone: string, page: number) {
  const figures = await findCustomer(phone);
  if (!figures) return null;
  const where = { customerPhone: phone };
  const [orders, addressRows, notes, blocked] = await Promise.all([
    paginate(
      page,
      ADMIN_PAGE_SIZE,
      () => prisma.order.count({ where }),
      (window) =>
        prisma.order.findMany({
          where,
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          ...window,
          select: {
            id: true,
            createdAt: true,
            customerName: true,
            customerPhone: true,
            status: true,
            deliveryState: true,
            totalPaisa: true,
            source: true,
            itemCount: true,
          },
        }),
    ),
    prisma.order.groupBy({
      by: ["customerAddress", "area", "district"],
      where,
      _count: { _all: true },
      _max: { createdAt: true },
      orderBy: { _max: { createdAt: "desc" } },
      take: ADDRESSES_SHOWN,
    }),
    listCustomerNotes(phone),
    findBlockedPhone(phone),
  ]);
  const risks = Object.fromEntries(await getOrderRiskSignals(orders.items));
  const addresses = addressRows.map((row) => ({
    address: row.customerAddress,
    area: row.area,
    district: row.district,
    orders: row._count._all,
    lastUsedAt: row._max.createdAt!,
  }));
  return { figures, orders, risks, addresses, notes, blocked };
}

/** Staff's notes about `phone`, oldest first (at most the newest NOTES_SHOWN), with author and time. */
async function listCustomerNotes(phone: string) {
  const rows = await prisma.customerNote.findMany({
    where: { phone },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: NOTES_SHOWN,
    select: { id: true, body: true, authorEmail: true, createdAt: true },
  });
  return rows.reverse();
}

/**
 * Adds `body` (already validated: trimmed, 1 to 1,000 characters) as `admin`'s note about the
 * customer with phone `phone` (01XXXXXXXXX, a phone with orders: the caller checks).
 */
export async function addCustomerNote(phone: string, body: string, admin: { id: number; email: string }) {
  await prisma.customerNote.create({ data: { phone, body, authorId: admin.id, authorEmail: admin.email } });
}
