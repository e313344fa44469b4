/**
 * The admin orders list, with JavaScript on and off: paging keeps the status filter and the search
 * in the address and the filter fields, newest orders first; each row shows its number, customer,
 * phone, item count, products ('No products' for an order without items) and its total with the
 * sign after it ("1,234.50 ৳").
 *
 * Other specs place orders in parallel. The orders this spec pages through are inserted directly
 * into the database (tests/e2e/e2e-env.ts E2E_DB_PATH) under a customer name unique to the test and
 * project, dated in 2020 (outside the dashboard's 30 days), and deleted in `finally`.
 */
import type { Page } from "@playwright/test";
import { expect, filterOrders, jsEnabled, rendered, signIn, taka, test, uniqueTag } from "./fixtures";
import { sqliteDate, withDb } from "./e2e-db";
import { PAGE_SIZE, SETTLED, pager } from "./admin-lists";

/** The same amount with the sign after it, as the orders list shows totals: "1,234.50 ৳". */
const takaAfter = (paisa: number) => `${taka(paisa).slice(1)} ৳`;

type OrderFields = {
  name: string;
  status: string;
  createdAt: Date;
  /** One line item, or none. */
  item: { productName: string; quantity: number; unitPaisa: number } | null;
};

const SHIPPING_PAISA = 6000;

/** Inserts orders (one transaction); returns their ids in the order given. */
function insertOrders(orders: OrderFields[]): number[] {
  return withDb((db) => {
    const insertOrder = db.prepare(
      `INSERT INTO "Order" (createdAt, updatedAt, customerName, customerPhone, customerAddress, shippingMethod,
         shippingFeePaisa, subtotalPaisa, totalPaisa, status, paymentStatus, itemCount, checkoutToken)
       VALUES (?, ?, ?, '01712345678', 'Road 1, Dhaka', 'Inside Dhaka', ?, ?, ?, ?, 'pending', ?, ?)`,
    );
    const insertItem = db.prepare(
      `INSERT INTO OrderItem (orderId, productId, productName, unitPricePaisa, quantity, subtotalPaisa) VALUES (?, NULL, ?, ?, ?, ?)`,
    );
    return db.transaction(() =>
      orders.map((order) => {
        const created = sqliteDate(order.createdAt);
        const subtotal = order.item ? order.item.quantity * order.item.unitPaisa : 0;
        const id = Number(
          insertOrder.run(
            created,
            created,
            order.name,
            SHIPPING_PAISA,
            subtotal,
            subtotal + SHIPPING_PAISA,
            order.status,
            order.item?.quantity ?? 0,
            `e2e-order-list-${Math.random()}`,
          ).lastInsertRowid,
        );
        if (order.item) {
          insertItem.run(id, order.item.productName, order.item.unitPaisa, order.item.quantity, subtotal);
        }
        return id;
      }),
    )();
  });
}

function deleteOrders(ids: number[]) {
  withDb((db) => {
    const remove = db.prepare(`DELETE FROM "Order" WHERE id = ?`);
    db.transaction(() => ids.forEach((id) => remove.run(id)))();
  });
}

/**
 * Each order row: its id and its first seven cells' texts (#id to status), each cell's first line
 * (the phone cell's second line is the phone's history, tests/e2e/order-risk.spec.ts).
 */
async function orderRows(page: Page) {
  return page.getByTestId("order-row").evaluateAll((rows) =>
    rows.map((row) => ({
      id: Number(row.getAttribute("data-order-id")),
      cells: Array.from((row as HTMLTableRowElement).cells)
        .slice(0, 7)
        .map((cell) => cell.innerText.trim().split("\n")[0]!.trim()),
    })),
  );
}

test.describe("orders list", () => {
  test("a status filter and a search are kept when paging; 'No products' and amounts followed by ৳ show in the rows", async ({
    page,
  }, testInfo) => {
    test.slow(); // many rows and navigations, on a machine shared with other test runs
    const js = jsEnabled(testInfo);
    const name = `E2E Pg Shopper ${uniqueTag(testInfo)}`;
    // 53 processing orders (one of them, the oldest, without items) and 2 newer pending ones,
    // placed minutes apart in 2020: outside the dashboard's 30 days, and in a known order.
    const start = Date.UTC(2020, 0, 1);
    const orders: OrderFields[] = Array.from({ length: PAGE_SIZE + 5 }, (_, i) => ({
      name,
      status: i < PAGE_SIZE + 3 ? "processing" : "pending",
      createdAt: new Date(start + i * 60_000),
      item: i === 0 ? null : { productName: "E2E Pg Bulb", quantity: 2, unitPaisa: 100 * (i + 1) },
    }));
    const ids = insertOrders(orders);
    const total = (i: number) => (orders[i]!.item ? 2 * 100 * (i + 1) : 0) + SHIPPING_PAISA;
    try {
      await signIn(page);
      await page.goto("/admin/orders");
      await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
      await expect(page.getByText("A list of all customer orders", { exact: true })).toBeVisible();

      await filterOrders(page, js, { q: name });
      await expect(page.getByText("55 orders found")).toBeVisible(SETTLED);
      await filterOrders(page, js, { status: "processing" });
      await expect(page.getByText("53 orders found")).toBeVisible(SETTLED);
      const status = page.getByTestId("pagination-status");
      await expect(status).toHaveText("Page 1 of 2");
      const rows = page.getByTestId("order-row");
      await expect(rows).toHaveCount(PAGE_SIZE);
      // Newest first: the 50 newest processing orders.
      const first = await orderRows(page);
      expect(first.map((row) => row.id)).toEqual(ids.slice(3, PAGE_SIZE + 3).reverse());
      expect(first[0]!.cells).toEqual([
        `#${ids[PAGE_SIZE + 2]}`,
        name,
        "01712345678",
        "2",
        "E2E Pg Bulb × 2",
        takaAfter(total(PAGE_SIZE + 2)),
        "processing",
      ]);

      await pager(page).getByRole("link", { name: "Next page" }).click();
      await expect(page).toHaveURL((url) => {
        const params = url.searchParams;
        return (
          url.pathname === "/admin/orders" &&
          params.get("status") === "processing" &&
          params.get("q") === name &&
          params.get("page") === "2"
        );
      });
      await rendered(page);
      await expect(status).toHaveText("Page 2 of 2", SETTLED);
      await expect(rows).toHaveCount(3);
      await expect(page.getByText("53 orders found")).toBeVisible();
      await expect(page.getByLabel("Status", { exact: true })).toHaveValue("processing");
      await expect(page.getByLabel("Search orders")).toHaveValue(name);
      expect(await orderRows(page)).toEqual([
        {
          id: ids[2],
          cells: [`#${ids[2]}`, name, "01712345678", "2", "E2E Pg Bulb × 2", "66.00 ৳", "processing"],
        },
        {
          id: ids[1],
          cells: [`#${ids[1]}`, name, "01712345678", "2", "E2E Pg Bulb × 2", "64.00 ৳", "processing"],
        },
        // An order without items: 'No products', and the amount is the shipping alone.
        { id: ids[0], cells: [`#${ids[0]}`, name, "01712345678", "0", "No products", "60.00 ৳", "processing"] },
      ]);
      expect(takaAfter(total(0))).toBe("60.00 ৳");

      await pager(page).getByRole("link", { name: "Previous page" }).click();
      await expect(page).toHaveURL((url) => {
        const params = url.searchParams;
        return params.get("status") === "processing" && params.get("q") === name && !params.has("page");
      });
      await rendered(page);
      await expect(status).toHaveText("Page 1 of 2", SETTLED);
      await expect(rows).toHaveCount(PAGE_SIZE);
    } finally {
      deleteOrders(ids);
    }
  });
});
