/**
 * Pathao beside Steadfast (docs/decisions/066-pathao.md), with JavaScript on and off, against the
 * local Pathao and Steadfast the end-to-end server starts (tests/e2e/server.ts): the owner saves the
 * Pathao keys (the one store chosen by itself); staff send one order with Pathao, choosing its zone
 * and area (the city suggested from the district) after seeing the price, and another to
 * Steadfast; each order page shows its courier's tracking. The orders, the Pathao account and the
 * area choice are the test's own and are removed in `finally`, so the other courier journeys see
 * Steadfast alone.
 */
import { deleteOrderRows, insertOrder, withDb } from "./e2e-db";
import { E2E_PORT, pathaoPortOf } from "./e2e-env";
import { expect, jsEnabled, rendered, signIn, test, toast } from "./fixtures";

test("the owner saves Pathao's keys; staff send one order with Pathao and one with Steadfast", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const js = jsEnabled(testInfo);
  const phone = `0191${String(Date.now() % 1e7).padStart(7, "0")}`;
  const withPathao = insertOrder({ name: "Pathao Shopper", phone, productName: "Pathao Lamp" });
  const withSteadfast = insertOrder({ name: "Steadfast Shopper", phone, productName: "Steadfast Fan" });
  try {
    await signIn(page);

    // Both couriers' keys: Steadfast's (as the courier journey saves them) and Pathao's.
    await page.goto("/admin/courier");
    await rendered(page);
    await page.getByLabel("API key").fill("test-api-key");
    await page.getByLabel("Secret key").fill("test-secret-key");
    await page.getByRole("button", { name: "Check and save", exact: true }).click();
    await expect(toast(page)).toHaveText("Steadfast accepted the keys; they are saved.");
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

    // A rider's scan on Pathao's side, read back on the order page.
    const consignment = await panel.getByTestId("consignment-id").innerText();
    const scanned = await fetch(`http://127.0.0.1:${pathaoPortOf(E2E_PORT)}/__control/status`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ consignment_id: consignment, status: "In_Transit" }),
    });
    expect(scanned.status).toBe(200);
    await panel.getByRole("button", { name: "Refresh parcel status" }).click();
    await expect(panel.getByTestId("courier-status")).toContainText("With the courier (In_Transit)");

    // The other order to Steadfast, from its page.
    await page.goto(`/admin/orders/view/${withSteadfast}`);
    await rendered(page);
    await page.getByTestId("courier-panel").getByRole("button", { name: "Send to Steadfast" }).click();
    await expect(toast(page)).toContainText(`Order #${withSteadfast} sent to Steadfast, tracking code`);
    await expect(page.getByTestId("courier-name")).toHaveText("Steadfast");
    await expect(page.getByTestId("tracking-link")).toHaveAttribute("href", /^https:\/\/steadfast\.com\.bd\/t\//);
  } finally {
    deleteOrderRows(withPathao);
    deleteOrderRows(withSteadfast);
    withDb((db) => {
      db.prepare(`DELETE FROM CourierAccount WHERE courier = 'pathao'`).run();
      db.prepare(`DELETE FROM CourierAreaChoice WHERE courier = 'pathao'`).run();
    });
  }
});
