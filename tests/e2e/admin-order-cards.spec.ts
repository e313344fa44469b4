/**
 * The orders list on a 360 px phone, with JavaScript on and off: a page of 50 orders is one compact
 * card each (number, customer, amount, status and the duplicate warning on two lines), the whole
 * card a link to the order at least 44 px tall and its selection tick a 44 px box, so the page stays
 * under 6,000 px; no list row of orders or products has Delete, at 360 or 1280 px (deleting is on
 * the record's own page). The 50 orders are inserted by the test and deleted afterwards.
 */
import { PAGE_SIZE } from "./admin-lists";
import { deleteOrderRows, insertOrder } from "./e2e-db";
import { expect, rendered, signIn, test } from "./fixtures";

test.use({ viewport: { width: 360, height: 800 } });

/** Inserts `count` pending orders, newest last; every fifth shares one phone (a likely duplicate). */
function insertOrders(count: number, tag: string): number[] {
  return Array.from({ length: count }, (_, i) =>
    insertOrder({
      name: `Card Shopper ${tag} ${i}`,
      phone:
        i % 5 === 0 ? `0171${tag.slice(-7)}` : `019${String(10_000_000 + i * 7919 + Number(tag.slice(-3))).slice(-8)}`,
      quantity: (i % 3) + 1,
    }),
  );
}

test("a page of 50 orders is one compact card each, each card a link and a 44 px tick, under 6,000 px", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = `${testInfo.project.name === "js-off" ? 2 : 1}${String(Date.now()).slice(-7)}`;
  const ids = insertOrders(PAGE_SIZE, tag);
  try {
    await signIn(page);
    await page.goto("/admin/orders");
    await rendered(page);
    const cards = page.getByTestId("order-row");
    await expect(cards).toHaveCount(PAGE_SIZE);
    // The page of 50 (the list's page size) fits in under 6,000 px.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    testInfo.annotations.push({ type: "height", description: `${height}px` });
    expect(height).toBeLessThan(6000);

    const newest = ids.at(-1)!;
    const card = page.locator(`[data-testid="order-row"][data-order-id="${newest}"]`);
    const cardBox = (await card.boundingBox())!;
    testInfo.annotations.push({ type: "card", description: `${Math.round(cardBox.height)}px` });
    expect(cardBox.height).toBeLessThanOrEqual(90);
    // Two lines: the number, customer and amount; then the status.
    await expect(card).toContainText(`#${newest}`);
    await expect(card).toContainText(`Card Shopper ${tag} ${PAGE_SIZE - 1}`);
    await expect(card).toContainText("৳");
    await expect(card.getByTestId("order-status")).toBeVisible();
    const firstLine = await card.evaluate((row) => {
      const top = (selector: string) => Math.round(row.querySelector(selector)!.getBoundingClientRect().bottom);
      return { name: top("td:nth-child(2)"), amount: top("td:nth-child(6)"), status: top("td:nth-child(7)") };
    });
    expect(firstLine.name).toBe(firstLine.amount);
    expect(firstLine.status).toBeGreaterThan(firstLine.name);
    // The duplicate warning on the orders from the shared phone (the newest of them is index 45).
    const duplicate = page.locator(`[data-testid="order-row"][data-order-id="${ids[45]}"]`);
    await expect(duplicate.getByTestId("duplicate-badge")).toBeVisible();

    // The card's link covers it (at least 44 px tall) apart from the tick's 44 px box.
    const link = card.getByRole("link", { name: `View order #${newest}` });
    const linkBox = (await link.boundingBox())!;
    expect(linkBox.height).toBeGreaterThanOrEqual(44);
    // (The card's 1 px top border is the list's divider.)
    expect(Math.abs(linkBox.height - cardBox.height)).toBeLessThanOrEqual(1);
    expect(Math.abs(linkBox.width - cardBox.width)).toBeLessThanOrEqual(1);
    const tick = card.locator("label:has([data-testid=order-select])");
    const tickBox = (await tick.boundingBox())!;
    expect(tickBox.width).toBeGreaterThanOrEqual(44);
    expect(tickBox.height).toBeGreaterThanOrEqual(44);
    // Only View and the tick are controls; no Delete, no phone link.
    await expect(card.getByRole("link")).toHaveCount(1);
    await expect(page.getByRole("main").getByRole("link", { name: /Delete/ })).toHaveCount(0);

    // A tap on the tick's box ticks the order; a tap on the customer's name opens it.
    await tick.click();
    await expect(card.getByTestId("order-select")).toBeChecked();
    // (The link lies over the name: a tap where the name is, as a thumb would.)
    const name = (await card.getByText(`Card Shopper ${tag} ${PAGE_SIZE - 1}`).boundingBox())!;
    await page.mouse.click(name.x + name.width / 2, name.y + name.height / 2);
    await expect(page).toHaveURL(new RegExp(`/admin/orders/view/${newest}$`));
    await rendered(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order #${newest}`);
  } finally {
    for (const id of ids) deleteOrderRows(id);
  }
});

test("no list row of orders or products has Delete, at 360 or 1280 px; the wide orders list is a table with View", async ({
  page,
}) => {
  const id = insertOrder({ name: "Wide Table Shopper", phone: "01711000991" });
  try {
    await signIn(page);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ["/admin/orders", "/admin/products"]) {
        await page.goto(path);
        await rendered(page);
        await expect(page.getByRole("main").getByRole("link", { name: /Delete/ })).toHaveCount(0);
      }
    }
    // At 1280 px the orders list is a table: its header row, and the order's View link.
    await page.goto("/admin/orders");
    await rendered(page);
    await expect(page.getByRole("columnheader", { name: "Customer" })).toBeVisible();
    const row = page.locator(`[data-testid="order-row"][data-order-id="${id}"]`);
    await expect(row.getByRole("link", { name: `View order #${id}` })).toHaveText("View");
    await expect(row.getByRole("link", { name: "01711000991" })).toHaveAttribute("href", "tel:01711000991");
  } finally {
    deleteOrderRows(id);
  }
});
