/**
 * A parcel's whole way, with JavaScript on and off, against the local Pathao and Steadfast the
 * end-to-end server starts (tests/e2e/server.ts): the owner saves the Pathao keys (the one store
 * chosen by itself); staff send one order with Pathao, choosing its zone and area (the city
 * suggested from the district) after seeing the price, and another to Steadfast; riders deliver
 * both and the order pages read it back; Steadfast pays the shop for its parcel, read from its
 * payments (docs/decisions/067-courier-payouts.md), and the order says its cash came back; the
 * owner's report for the orders' day shows both couriers, the district map and the cash still to
 * come from Pathao, in its CSV too (docs/decisions/068-reports.md).
 * The orders are placed on a day of 2020 of the project's own, so the report holds them alone. The
 * orders, the payout, the Pathao account and the area choice are the test's own and are removed in
 * `finally`, so the other courier journeys see Steadfast alone.
 */
import fs from "node:fs";
import { deleteOrderRows, insertOrder, sqliteDate, withDb } from "./e2e-db";
import { courierControl, saveSteadfastKeys } from "./courier-steps";
import { expect, jsEnabled, rendered, signIn, test, toast } from "./fixtures";

test("staff send one order with Pathao and one with Steadfast; both are delivered, Steadfast pays, and the owner's report shows it", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const js = jsEnabled(testInfo);
  const phone = `0191${String(Date.now() % 1e7).padStart(7, "0")}`;
  const withPathao = insertOrder({ name: "Pathao Shopper", phone, productName: "Pathao Lamp" });
  const withSteadfast = insertOrder({ name: "Steadfast Shopper", phone, productName: "Steadfast Fan" });
  // Placed at noon in Dhaka on a day no other test places orders on: one for each project.
  const day = js ? "2020-02-11" : "2020-02-12";
  withDb((db) =>
    db
      .prepare(`UPDATE "Order" SET createdAt = ? WHERE id IN (?, ?)`)
      .run(sqliteDate(new Date(`${day}T06:00:00Z`)), withPathao, withSteadfast),
  );
  const paymentId = Date.now() % 1e9;
  try {
    await signIn(page);

    // Both couriers' keys: Steadfast's (as the courier journey saves them) and Pathao's.
    await saveSteadfastKeys(page);
    const pathaoForm = page.locator("form", { has: page.getByRole("heading", { name: /Pathao keys/ }) });
    await pathaoForm.getByLabel("Client id").fill("test-client-id");
    await pathaoForm.getByLabel("Client secret").fill("test-client-secret");
    await pathaoForm.getByLabel("Username (email)").fill("shop@example.com");
    await pathaoForm.getByLabel("Password", { exact: true }).fill("test-password");
    await pathaoForm.getByRole("button", { name: "Check and save the Pathao keys" }).click();
    await expect(toast(page)).toHaveText(
      "Pathao accepted the keys; they are saved. Parcels are picked up from Haat Gulistan.",
    );
    await expect(page.getByTestId("pathao-account")).toContainText("client id ending in t-id, user shop@example.com");
    await expect(page.getByTestId("pathao-store")).toHaveText("Pickup store: Haat Gulistan");
    expect(await page.content()).not.toContain("test-client-secret");

    // One order with Pathao: the city comes from the district; staff choose zone and area.
    await page.goto(`/admin/orders/view/${withPathao}`);
    await rendered(page);
    const panel = page.getByTestId("courier-panel");
    await panel.getByRole("link", { name: "Choose Pathao's place and see its price" }).click();
    const choice = panel.getByTestId("pathao-choice");
    await expect(choice.getByTestId("pathao-source")).toHaveText("City suggested from the order's district.");
    await expect(choice.getByLabel("City")).toHaveValue("1");
    await choice.getByLabel("Zone").selectOption({ label: "Mirpur 10" });
    if (!js) await choice.getByRole("button", { name: "Show zones, areas and price" }).click();
    await expect(choice.getByLabel("Area")).toBeEnabled();
    await choice.getByLabel("Area").selectOption({ label: "Mirpur 10 Golchattar" });
    await expect(choice.getByTestId("pathao-price")).toContainText("Pathao's charge: ৳60");
    // On a phone every control of the choice is a 44 px tap target.
    await page.setViewportSize({ width: 360, height: 800 });
    for (const control of await choice.locator("select, input:not([type=hidden]), button").all()) {
      expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    // A weight typed after the price was shown is not sent at the old price: the choice comes back
    // with the price for 5 kg, then it is sent.
    await choice.getByLabel("Weight (kg)").fill("5");
    await choice.getByRole("button", { name: "Send with Pathao" }).click();
    await expect(toast(page)).toContainText("changed after the price was shown");
    await expect(choice.getByTestId("pathao-price")).toContainText("Pathao's charge: ৳120");
    await choice.getByRole("button", { name: "Send with Pathao" }).click();
    await expect(toast(page)).toContainText(`Order #${withPathao} sent with Pathao, consignment DL`);
    await expect(panel.getByTestId("courier-name")).toHaveText("Pathao");
    await expect(panel.getByTestId("courier-fee")).toHaveText("৳120.00");
    await expect(panel.getByTestId("tracking-link")).toHaveAttribute(
      "href",
      new RegExp(`^https://merchant\\.pathao\\.com/tracking\\?consignment_id=DL\\w+&phone=${phone}$`),
    );

    // A rider's scans on Pathao's side, read back on the order page: on the way, then delivered.
    const consignment = await panel.getByTestId("consignment-id").innerText();
    const pathaoScan = (status: string) =>
      courierControl("pathao", "/__control/status", { consignment_id: consignment, status });
    await pathaoScan("In_Transit");
    await panel.getByRole("button", { name: "Refresh parcel status" }).click();
    await expect(panel.getByTestId("courier-status")).toContainText("With the courier (In_Transit)");
    await pathaoScan("Delivered");
    await panel.getByRole("button", { name: "Refresh parcel status" }).click();
    await expect(panel.getByTestId("courier-status")).toContainText("Delivered (Delivered)");

    // The other order to Steadfast, from its page.
    await page.goto(`/admin/orders/view/${withSteadfast}`);
    await rendered(page);
    await page.getByTestId("courier-panel").getByRole("button", { name: "Send to Steadfast" }).click();
    await expect(toast(page)).toContainText(`Order #${withSteadfast} sent to Steadfast, tracking code`);
    await expect(page.getByTestId("courier-name")).toHaveText("Steadfast");
    await expect(page.getByTestId("tracking-link")).toHaveAttribute("href", /^https:\/\/steadfast\.com\.bd\/t\//);
    const steadfastConsignment = await page.getByTestId("consignment-id").innerText();
    await courierControl("steadfast", "/__control/status", {
      invoice: `haat-${withSteadfast}`,
      status: "delivered",
    });
    await page.getByRole("button", { name: "Refresh parcel status" }).click();
    await expect(page.getByTestId("courier-status")).toContainText("Delivered (delivered)");
    await expect(page.getByTestId("order-cash")).toContainText("Cash not received yet");

    // Steadfast pays for its parcel: ৳160 collected, ৳60 delivery charge and a 1% fee.
    await courierControl("steadfast", "/__control/payment", {
      id: paymentId,
      consignments: [
        {
          consignment_id: Number(steadfastConsignment),
          invoice: `haat-${withSteadfast}`,
          cod_amount: 160,
          delivery_charge: 60,
          cod_charge: 1.6,
        },
      ],
    });
    await page.goto("/admin/payouts");
    await rendered(page);
    await page.getByRole("button", { name: "Read payouts from Steadfast" }).click();
    await expect(toast(page)).toHaveText(
      "1 new Steadfast payouts recorded: 1 parcels matched, 0 not matched, 0 already paid.",
    );
    await expect(page.getByTestId("payouts-table")).toContainText(String(paymentId));
    await page.goto(`/admin/orders/view/${withSteadfast}`);
    await rendered(page);
    await expect(page.getByTestId("order-cash")).toHaveAttribute("data-received", "yes");
    await expect(page.getByTestId("order-cash").getByRole("link", { name: `payout ${paymentId}` })).toBeVisible();

    // The owner's report of the orders' day: both couriers delivered, both parcels in Dhaka on the
    // map, Steadfast's cash back and Pathao's still to come.
    await page.goto(`/admin/reports?from=${day}&to=${day}`);
    await rendered(page);
    const counts = async (courier: string) =>
      (
        await page
          .getByTestId("couriers-table")
          .getByRole("row", { name: new RegExp(courier) })
          .getByRole("cell")
          .allInnerTexts()
      ).slice(0, 4);
    // Sent, delivered, returned, on the way.
    expect(await counts("Pathao")).toEqual(["1", "1", "0", "0"]);
    expect(await counts("Steadfast")).toEqual(["1", "1", "0", "0"]);
    const ordersMap = page.getByTestId("district-map").first();
    await expect(ordersMap.getByTestId("district")).toHaveCount(64);
    await expect(ordersMap.locator('[data-district="Dhaka"] title')).toHaveText("Dhaka: 2");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download CSV: Cash from couriers", exact: true }).click();
    const file = await download;
    const rows = fs
      .readFileSync((await file.path())!, "utf8")
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(rows[0]).toBe(
      "courier,delivered,to_collect_taka,received,collected_by_courier_taka,courier_charges_taka,paid_to_shop_taka,awaiting,awaiting_taka",
    );
    expect(rows.slice(1).sort()).toEqual([
      "pathao,1,160.00,0,0.00,0.00,0.00,1,160.00",
      "steadfast,1,160.00,1,160.00,61.60,98.40,0,0.00",
    ]);
  } finally {
    withDb((db) => {
      db.prepare(`UPDATE "Order" SET cashPayoutItemId = NULL WHERE id = ?`).run(withSteadfast);
      db.prepare(
        `DELETE FROM "CourierPayoutItem" WHERE payoutId IN (SELECT id FROM "CourierPayout" WHERE reference = ?)`,
      ).run(String(paymentId));
      db.prepare(`DELETE FROM "CourierPayout" WHERE reference = ?`).run(String(paymentId));
    });
    deleteOrderRows(withPathao);
    deleteOrderRows(withSteadfast);
    withDb((db) => {
      db.prepare(`DELETE FROM CourierAccount WHERE courier = 'pathao'`).run();
      db.prepare(`DELETE FROM CourierAreaChoice WHERE courier = 'pathao'`).run();
    });
  }
});
