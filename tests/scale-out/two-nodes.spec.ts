/**
 * The shop on two app nodes (docs/decisions/053-two-databases.md, 054): one PostgreSQL database, one
 * S3 bucket (tests/scale-out/servers.ts), JavaScript on. Staff work on node A; the shopper browses,
 * buys and is served pictures by node B; staff see the order on node B. Whatever one node writes
 * (the session, the product, the picture, the order) the other reads.
 */
import path from "node:path";
import { expect, paisaOf, signIn, test, toast } from "../e2e/fixtures";
import { nodeA, nodeB } from "./scale-out-env";

const photo = path.resolve("tests/fixtures/images/garden.webp");

test("a product made on one node is sold on the other, with its picture from the bucket, and its order seen back on the first", async ({
  page,
  browser,
}) => {
  const name = `Scale-out Lantern ${Date.now().toString(36)}`;

  // Staff on node A: a product with a picture, stored in the bucket by node A.
  await signIn(page);
  await page.getByRole("link", { name: "Add Product" }).click();
  await page.getByLabel("Name (English)", { exact: true }).fill(name);
  await page.getByLabel("Price (৳)").fill("1,800");
  await page.getByLabel("Category").selectOption({ label: "Scale-out Lamps" });
  await page.getByLabel("Description (English)", { exact: true }).fill("A brass lantern for two nodes.");
  await page.locator('input[type="file"][name="images"]').setInputFiles([photo]);
  await page.getByRole("button", { name: "Create Product" }).click();
  await expect(toast(page)).toHaveText(`Product “${name}” created.`);

  // The session made on node A is valid on node B (sessions are in the database).
  await page.goto(`${nodeB}/admin/products?q=${encodeURIComponent(name)}`);
  await expect(page.getByTestId("product-row").filter({ hasText: name })).toHaveCount(1);

  // The shopper, on node B: the product is found, its picture comes from the bucket through node B.
  const shopper = await browser.newPage();
  await shopper.goto(`${nodeB}/products?q=${encodeURIComponent("Scale-out Lantern")}`);
  await shopper.getByRole("link", { name }).first().click();
  await expect(shopper.getByRole("heading", { level: 1 })).toHaveText(name);
  const picture = shopper.locator("main img").first();
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const source = await picture.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(source.startsWith(`${nodeB}/uploads/`)).toBe(true);

  // A price change made on node A reaches node B's cached page.
  await page.goto(`${nodeA}/admin/products?q=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await page.getByLabel("Price (৳)").fill("1,750");
  await page.getByRole("button", { name: "Save Product" }).click();
  await expect(toast(page)).toHaveText(`Product “${name}” saved.`);
  await expect
    .poll(async () => {
      await shopper.reload();
      return shopper
        .locator("main")
        .getByTestId("price")
        .first()
        .innerText()
        .then(paisaOf, () => 0);
    })
    .toBe(175_000);

  // The shopper buys on node B.
  await shopper.getByRole("button", { name: "Buy Now", exact: true }).click();
  await expect(shopper).toHaveURL(`${nodeB}/cart`);
  await shopper.getByLabel("Full name").fill("Two Node Buyer");
  await shopper.getByLabel("Phone").fill("01711-223344");
  await shopper.getByLabel("Delivery address").fill("House 12, Road 5");
  await shopper.getByLabel("Area or thana").fill("Dhanmondi");
  await shopper.getByLabel("District", { exact: true }).selectOption("Dhaka");
  await shopper.getByRole("button", { name: "Place Order (Cash on Delivery)" }).click();
  await expect(shopper.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible();
  const orderNumber = (await shopper.getByTestId("order-number").innerText()).match(/#(\d+)/)![1]!;
  await shopper.close();

  // Staff see the order on node A, with the price it was sold at.
  await page.goto(`${nodeA}/admin/orders`);
  const row = page.getByTestId("order-row").filter({ hasText: "Two Node Buyer" });
  await expect(row).toContainText(`#${orderNumber}`);
  await expect(row).toContainText("1,810.00 ৳");
});
