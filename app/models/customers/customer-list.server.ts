/**
 * The customers list (docs/decisions/064-customers-by-phone.md): one row per phone number, built
 * from orders by one GROUP BY, so that it stays fast at 100,000 orders on both databases
 * (scripts/bench/bench-customers.ts measures it). The figures follow the fake-order signals'
 * counting (app/rules/order-risk.ts `addToHistory`): an order whose parcel came back
 * (deliveryState "returned") counts as returned whatever its status; of the others, delivered and
 * cancelled by status. Total spent is the sum of the delivered orders' totals (shipping included):
 * money the shop received, so neither returns nor orders still on their way count.
 */
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/models/db/client.server";
import { dialect } from "~/models/db/dialect.server";
import { customerSearch, type CustomerQuery, type CustomerSort } from "~/rules/customers";
import { ADMIN_PAGE_SIZE, type Page } from "~/rules/pagination";
import { containsLikePattern } from "~/rules/search";

/** A customer's figures, as the list, its CSV and the customer page show them. */
export type CustomerRow = {
  /** The phone as orders store it, 01XXXXXXXXX. */
  phone: string;
  /** The name and district (English name, app/rules/districts.ts; null before checkout asked) on their latest order. */
  name: string;
  district: string | null;
  /** All their orders, whatever their status. */
  orders: number;
  delivered: number;
  /** Parcels the courier brought back (refused or never collected). */
  returned: number;
  cancelled: number;
  /** Sum of the delivered orders' totals, in paisa. */
  spentPaisa: number;
  /** When their latest order was placed, and its id. */
  lastOrderAt: Date;
  lastOrderId: number;
};

/** How the database answers a row (counts are bigint on PostgreSQL, dates text on SQLite). */
type RawRow = {
  phone: string;
  name: string;
  district: string | null;
  orders: number | bigint;
  delivered: number | bigint | null;
  returned: number | bigint | null;
  cancelled: number | bigint | null;
  spent: number | bigint | null;
  lastOrderAt: Date | string | number;
  lastOrderId: number | bigint;
  /** How many rows the query selects, all pages together (when asked for). */
  total?: number | bigint;
};

const RETURNED = Prisma.sql`"deliveryState" = 'returned'`;
const NOT_RETURNED = Prisma.sql`("deliveryState" IS NULL OR "deliveryState" <> 'returned')`;
const DELIVERED = Prisma.sql`${NOT_RETURNED} AND "status" = 'delivered'`;

/** ORDER BY of each sort, over the grouped rows `c` joined with their latest order `o`. */
const ORDER_BY: Record<CustomerSort, Prisma.Sql> = {
  "last-order": Prisma.sql`c."lastOrderId" DESC`,
  orders: Prisma.sql`c."orders" DESC, c."lastOrderId" DESC`,
  spent: Prisma.sql`c."spent" DESC, c."lastOrderId" DESC`,
  name: Prisma.sql`lower(o."customerName"), c."phone"`,
};

/**
 * The conditions of a search on the orders grouped (`phone`, `digits`) and on the latest order
 * `o` (`name`), from the text as typed (app/rules/customers.ts `customerSearch`).
 */
function searchSql(q: string): { orders: Prisma.Sql; latest: Prisma.Sql } {
  const search = customerSearch(q);
  const none = { orders: Prisma.empty, latest: Prisma.empty };
  if (search === null) return none;
  if (search.kind === "phone") return { ...none, orders: Prisma.sql`WHERE "customerPhone" = ${search.phone}` };
  if (search.kind === "digits") {
    return {
      ...none,
      orders: Prisma.sql`WHERE "customerPhone" LIKE ${containsLikePattern(search.digits)} ESCAPE '\\'`,
    };
  }
  return {
    ...none,
    latest: Prisma.sql`WHERE ${dialect.likeSql('o."customerName"', containsLikePattern(search.text))}`,
  };
}

/** The grouped figures of the orders `where` selects, one row per phone, as a WITH clause named "c". */
function groupedSql(where: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`WITH "c" AS (
    SELECT "customerPhone" AS "phone", COUNT(*) AS "orders",
      SUM(CASE WHEN ${DELIVERED} THEN 1 ELSE 0 END) AS "delivered",
      SUM(CASE WHEN ${RETURNED} THEN 1 ELSE 0 END) AS "returned",
      SUM(CASE WHEN ${NOT_RETURNED} AND "status" = 'cancelled' THEN 1 ELSE 0 END) AS "cancelled",
      SUM(CASE WHEN ${DELIVERED} THEN "totalPaisa" ELSE 0 END) AS "spent",
      MAX("id") AS "lastOrderId"
    FROM "Order" ${where}
    GROUP BY "customerPhone")`;
}

/**
 * The customers the query selects, in its order, `limit` of them from `offset` (all when null).
 * With `counted`, each row also carries how many rows the query selects in all (a window
 * function): for a search by name, whose count would group the orders a second time.
 */
async function readCustomers(
  query: CustomerQuery,
  window: { offset: number; limit: number } | null,
  counted = false,
): Promise<{ rows: CustomerRow[]; total: number | null }> {
  const search = searchSql(query.q);
  const rows = await prisma.$queryRaw<RawRow[]>`${groupedSql(search.orders)}
    SELECT c."phone", c."orders", c."delivered", c."returned", c."cancelled", c."spent", c."lastOrderId",
      o."customerName" AS "name", o."district" AS "district", o."createdAt" AS "lastOrderAt"
      ${counted ? Prisma.sql`, COUNT(*) OVER () AS "total"` : Prisma.empty}
    FROM "c" JOIN "Order" o ON o."id" = c."lastOrderId"
    ${search.latest}
    ORDER BY ${ORDER_BY[query.sort]}, c."phone"
    ${window ? Prisma.sql`LIMIT ${window.limit} OFFSET ${window.offset}` : Prisma.empty}`;
  return { rows: rows.map(toCustomerRow), total: counted && rows.length > 0 ? Number(rows[0]!.total) : null };
}

/** How many customers the query selects. */
async function countCustomers(query: CustomerQuery): Promise<number> {
  const search = searchSql(query.q);
  if (search.latest === Prisma.empty) {
    const [row] = await prisma.$queryRaw<{ count: number | bigint }[]>`
      SELECT COUNT(DISTINCT "customerPhone") AS "count" FROM "Order" ${search.orders}`;
    return Number(row?.count ?? 0);
  }
  const [row] = await prisma.$queryRaw<{ count: number | bigint }[]>`${groupedSql(search.orders)}
    SELECT COUNT(*) AS "count" FROM "c" JOIN "Order" o ON o."id" = c."lastOrderId" ${search.latest}`;
  return Number(row?.count ?? 0);
}

function toCustomerRow(row: RawRow): CustomerRow {
  return {
    phone: row.phone,
    name: row.name,
    district: row.district,
    orders: Number(row.orders),
    delivered: Number(row.delivered ?? 0),
    returned: Number(row.returned ?? 0),
    cancelled: Number(row.cancelled ?? 0),
    spentPaisa: Number(row.spent ?? 0),
    lastOrderAt: row.lastOrderAt instanceof Date ? row.lastOrderAt : new Date(row.lastOrderAt),
    lastOrderId: Number(row.lastOrderId),
  };
}

/**
 * One page (ADMIN_PAGE_SIZE rows, `page` 1-based) of the customers `query` selects, in its sort,
 * as app/rules/pagination.ts's Page. A page past the end is empty.
 */
export async function listCustomers(page: number, query: CustomerQuery): Promise<Page<CustomerRow>> {
  const window = { offset: (page - 1) * ADMIN_PAGE_SIZE, limit: ADMIN_PAGE_SIZE };
  let total: number;
  let items: CustomerRow[];
  if (customerSearch(query.q)?.kind === "name") {
    // The rows carry their count; none on the page: none at all on page 1, else a page past the end.
    const read = await readCustomers(query, window, true);
    items = read.rows;
    total = read.total ?? (page === 1 ? 0 : await countCustomers(query));
  } else {
    // A count of distinct phones reads one index: cheaper than counting the grouped rows.
    [total, items] = await Promise.all([countCustomers(query), readCustomers(query, window).then((read) => read.rows)]);
  }
  return { items, page, pageCount: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)), total };
}

/** Every customer `query` selects, in its sort (the CSV export). */
export async function allCustomers(query: CustomerQuery): Promise<CustomerRow[]> {
  return (await readCustomers(query, null)).rows;
}

/** The figures of the customer with phone `phone` (01XXXXXXXXX), or null when it has no order. */
export async function findCustomer(phone: string): Promise<CustomerRow | null> {
  const [row] = (await readCustomers({ q: phone, sort: "last-order" }, { offset: 0, limit: 1 })).rows;
  return row?.phone === phone ? row : null;
}
