/**
 * The courier hand-off (docs/decisions/029-courier-hand-off.md), with JavaScript on and off, against
 * the local Steadfast the end-to-end server starts (tests/e2e/server.ts): staff save the shop's
 * keys, tick an order in the list and send it to Steadfast, a rider's scan marks it delivered, a
 * status refresh on the order page brings that back (status, history, tracking link), and the CSV
 * export of another ticked order, in chosen columns, downloads a file that parses back to what was
 * asked. The orders are the test's own (a unique phone) and are deleted in `finally`.
 */
import fs from "node:fs";
import { parse } from "csv-parse/sync";
import { deleteOrderRows, insertOrder } from "./e2e-db";
import { courierControl, saveSteadfastKeys } from "./courier-steps";
import { expect, filterOrders, jsEnabled, rendered, signIn, test, toast } from "./fixtures";

test("staff save the Steadfast keys, send a ticked order, read its delivery back, and export another as CSV", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const js = jsEnabled(testInfo);
  const phone = `0181${String(Date.now() % 1e7).padStart(7, "0")}`;
  const sent = insertOrder({ name: "Courier Shopper", phone, productName: "Courier Lamp", quantity: 2 });
  const exported = insertOrder({ name: "Export Shopper", phone, productName: "Export Fan" });
  try {
    await signIn(page);

    // The keys: typed once, checked with Steadfast, never shown again.
    await saveSteadfastKeys(page);
    await expect(page.getByTestId("courier-account")).toContainText("API key ending in -key");
    await expect(page.getByLabel("API key")).toHaveValue("");
    expect(await page.content()).not.toContain("test-secret-key");

    // Tick the order in the list and hand it over.
    await page.goto("/admin/orders");
    await rendered(page);
    await filterOrders(page, js, { q: phone });
    await page.getByRole("checkbox", { name: `Select order #${sent}` }).check();
    await page.getByRole("button", { name: "Send ticked to Steadfast" }).click();
    await expect(toast(page)).toContainText(`Order #${sent} sent to Steadfast, tracking code`);
    const row = page.locator(`[data-testid="order-row"][data-order-id="${sent}"]`);
    await expect(row.getByTestId("delivery-badge")).toHaveText("Parcel: With the courier");
    await expect(row).toContainText(/shipped/i);

    // The rider delivers; the order page reads it back.
    await courierControl("steadfast", "/__control/status", { invoice: `haat-${sent}`, status: "delivered" });
    await page.goto(`/admin/orders/view/${sent}`);
    await rendered(page);
    const panel = page.getByTestId("courier-panel");
    await expect(panel.getByTestId("courier-status")).toContainText("With the courier (in_review)");
    await expect(panel.getByTestId("tracking-link")).toHaveAttribute("href", /^https:\/\/steadfast\.com\.bd\/t\/B0/);
    await panel.getByRole("button", { name: "Refresh parcel status" }).click();
    await expect(toast(page)).toHaveText("Parcels read: 1; changed: 1.");
    await expect(panel.getByTestId("courier-status")).toContainText("Delivered (delivered)");
    const history = page.getByTestId("status-history");
    await expect(history.getByTestId("courier-history-entry")).toHaveText([
      /Steadfast: With the courier \(in_review\)/,
      /Steadfast: Delivered \(delivered\)/,
    ]);
    await expect(history).toContainText("reported by Steadfast");

    // Export the other order for a courier portal that takes a file: Invoice, Phone, Amount.
    await page.goto("/admin/orders");
    await rendered(page);
    await filterOrders(page, js, { q: phone });
    await page.getByRole("checkbox", { name: `Select order #${exported}` }).check();
    await page.getByRole("button", { name: "Export ticked as CSV" }).click();
    await expect(page).toHaveURL(/\/admin\/orders\/export\?/);
    await rendered(page);
    await expect(page.getByTestId("export-orders")).toHaveText(`#${exported}`);
    for (const column of ["Name", "Address", "Note"]) {
      await page.getByRole("checkbox", { name: new RegExp(`^${column}\\b`) }).uncheck();
    }
    await page.getByRole("checkbox", { name: /^Phone\b/ }).check();
    await page.getByLabel("Position of Phone").fill("9");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^haat-orders-\d{12}\.csv$/);
    const rows = parse(fs.readFileSync(await file.path(), "utf8"));
    expect(rows).toEqual([
      ["Invoice", "Amount", "Phone"],
      [`haat-${exported}`, "160", phone],
    ]);
  } finally {
    deleteOrderRows(sent);
    deleteOrderRows(exported);
  }
});
