/**
 * The owner's reports at 360 px, with JavaScript on and off (docs/decisions/068-reports.md): the
 * owner opens the reports, chooses a month by its days and weeks, reads the figures (a returned
 * parcel left out of the orders and counted in its district's and courier's return rate, marked as
 * too few parcels to compare) and the district maps, downloads the districts' CSV (its raw
 * figures), and is told why ten years are not read; every control is a thumb's size.
 * The orders are placed in a month of 2021 of the project's own (no other spec's orders are there)
 * and deleted in `finally`.
 */
import fs from "node:fs";
import { deleteOrderRows, insertOrder, sqliteDate, withDb } from "./e2e-db";
import { expect, rendered, signIn, test } from "./fixtures";
import { tapTargetOffenders } from "./tap-targets";

test.use({ viewport: { width: 360, height: 800 } });

/** Sets an inserted order's report fields: when it was placed (UTC) and what became of it. */
function setOrder(id: number, fields: Record<string, string | number | null>) {
  const names = Object.keys(fields);
  withDb((db) =>
    db
      .prepare(`UPDATE "Order" SET ${names.map((name) => `"${name}" = ?`).join(", ")} WHERE id = ?`)
      .run(...names.map((name) => fields[name]!), id),
  );
}

test("the owner reads a month's reports, downloads a table and is refused ten years", async ({ page }, testInfo) => {
  // March 2021 for one project, April for the other: a month only this test places orders in.
  const month = testInfo.project.name === "js-off" ? "04" : "03";
  const at = (day: string, time: string) => sqliteDate(new Date(`2021-${month}-${day}T${time}Z`));
  const phone = "01911000048";
  const delivered = insertOrder({ name: "Report Shopper", phone, productName: "Report Lamp", quantity: 2 });
  const returned = insertOrder({ name: "Report Shopper", phone, productName: "Report Lamp" });
  const onTheWay = insertOrder({ name: "Report Shopper", phone, productName: "Report Fan" });
  // 23:30 on the 10th in Dhaka (17:30 UTC): the 10th.
  setOrder(delivered, {
    createdAt: at("10", "17:30:00"),
    status: "delivered",
    courier: "steadfast",
    deliveryState: "delivered",
  });
  setOrder(returned, {
    createdAt: at("11", "04:00:00"),
    district: "Chattogram",
    status: "cancelled",
    courier: "pathao",
    deliveryState: "returned",
  });
  setOrder(onTheWay, {
    createdAt: at("12", "04:00:00"),
    district: "Chattogram",
    status: "shipped",
    courier: "pathao",
    deliveryState: "with-courier",
  });
  try {
    await signIn(page);
    await page.goto("/admin/reports");
    await rendered(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reports");

    await page.getByLabel("From", { exact: true }).fill(`2021-${month}-01`);
    await page.getByLabel("To", { exact: true }).fill(`2021-${month}-30`);
    await page.getByLabel("Group sales by").selectOption("week");
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`from=2021-${month}-01&to=2021-${month}-30&group=week`));
    await rendered(page);
    await expect(page.getByTestId("reports-showing")).toContainText("30 days");
    // Delivered (৳260) and on the way (৳160); the returned parcel is counted apart.
    // A headline's value is its second paragraph, after its label.
    const figure = (testId: string) => page.getByTestId(testId).locator("p").nth(1);
    await expect(figure("figure-orders")).toHaveText("2");
    await expect(figure("figure-sales")).toHaveText("৳420.00");
    await expect(figure("figure-returned")).toHaveText("1");
    const chattogram = page.getByTestId("districts-table").getByRole("row", { name: /Chattogram/ });
    // One finished parcel: its rate is shown, marked as too few to compare.
    await expect(chattogram).toContainText("100.0% (only 1 parcel)");
    const pathao = page.getByTestId("couriers-table").getByRole("row", { name: /Pathao/ });
    await expect(pathao.getByRole("cell")).toHaveText([
      "2",
      "0",
      "1",
      "1",
      "0.0% (only 1 parcel)",
      "100.0% (only 1 parcel)",
    ]);
    await expect(page.getByTestId("products-table")).toContainText("Report Lamp");
    // The district maps, drawn on the server: the orders map fills the two districts, 64 in all.
    const ordersMap = page.getByTestId("district-map").first();
    await expect(ordersMap.getByTestId("district")).toHaveCount(64);
    await expect(ordersMap.locator('[data-district="Chattogram"] title')).toHaveText("Chattogram: 1");
    await expect(ordersMap.locator('[data-district="Sylhet"] title')).toHaveText("Sylhet: No orders");
    // The return-rate map does not colour one parcel's 100%: it is dotted, and its title says why.
    const returnsMap = page.getByTestId("district-map").nth(1);
    await expect(returnsMap.locator('[data-district="Chattogram"]')).toHaveAttribute("data-class", "small");
    await expect(returnsMap.locator('[data-district="Chattogram"] title')).toHaveText(
      "Chattogram: 100.0% (only 1 parcel, too few to compare)",
    );
    await expect(page.getByTestId("report-sales").getByRole("img", { name: "Sales per period" })).toBeVisible();
    expect(await tapTargetOffenders(page)).toEqual([]);

    // Scrolled sideways, the first column stays in view and hides the figures passing under it:
    // its header, row and total cells are opaque.
    const couriers = page.getByTestId("couriers-table");
    const frame = couriers.locator("xpath=..");
    await frame.evaluate((element) => element.scrollBy({ left: 120 }));
    const backgrounds = await couriers
      .locator("tr > :first-child")
      .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell).backgroundColor));
    expect(backgrounds.length).toBeGreaterThan(1);
    for (const background of backgrounds) expect(background).not.toBe("rgba(0, 0, 0, 0)");
    await frame.screenshot({ path: `/work/shots/reports-sticky-${testInfo.project.name}.png` });

    const download = page.waitForEvent("download");
    // The link's name starts with its visible text, the table's name after it.
    await page.getByRole("link", { name: "Download CSV: By district", exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`haat-districts-2021-${month}-01-2021-${month}-30.csv`);
    const text = fs.readFileSync((await file.path())!, "utf8").replace(/^\uFEFF/, "");
    expect(text.trim().split("\r\n")).toEqual([
      "district,orders,sales_taka,delivered,returned,return_rate_percent",
      "Chattogram,1,160.00,0,1,100.0",
      "Dhaka,1,260.00,1,0,0.0",
    ]);

    await page.getByLabel("From", { exact: true }).fill("2011-01-01");
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await expect(page).toHaveURL(/from=2011-01-01/);
    await rendered(page);
    await expect(page.getByRole("alert")).toContainText("at most two years");
    await expect(page.getByTestId("report-sales")).toHaveCount(0);
  } finally {
    for (const id of [delivered, returned, onTheWay]) deleteOrderRows(id);
  }
});
