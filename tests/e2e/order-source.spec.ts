/**
 * Where orders come from, and the message for the shopper, with JavaScript on and off: the order
 * page shows the message in the order's language (Bangla, with Bengali digits) and in English by a
 * plain link, and its source with the staff member who took it; with JavaScript "Copy message" puts
 * the text on the clipboard and says "Copied" (without, the button is absent and the text box is
 * there to select). The orders list filters by source, kept in the address, and has the New order
 * button. Orders are inserted for the test under a name unique to it, and deleted in `finally`.
 */
import { expect, jsEnabled, rendered, signIn, test, uniqueTag } from "./fixtures";
import { deleteOrderRows, insertOrder, withDb } from "./e2e-db";

/** Sets an inserted order's source, its shopper's language and who took it. */
function setOrigin(id: number, source: string, language: string, createdByEmail: string | null) {
  withDb((db) =>
    db
      .prepare(`UPDATE "Order" SET source = ?, language = ?, createdByEmail = ? WHERE id = ?`)
      .run(source, language, createdByEmail, id),
  );
}

const BENGALI_DIGITS = "০১২৩৪৫৬৭৮৯";
const bengali = (value: number) => String(value).replace(/[0-9]/g, (digit) => BENGALI_DIGITS[Number(digit)]!);

test("the order page offers the shopper's message in Bangla and English, and copies it with JavaScript", async ({
  page,
  context,
}, testInfo) => {
  const js = jsEnabled(testInfo);
  const name = `Message ${uniqueTag(testInfo)}`;
  const id = insertOrder({
    name,
    phone: "01712345678",
    productName: "Ceiling Fan",
    quantity: 2,
    item: { productNameBn: "সিলিং ফ্যান", variantLabel: "56″ / Brown", variantLabelBn: "৫৬″ / বাদামি" },
  });
  setOrigin(id, "facebook", "bn", "e2e-admin@haat.example");
  try {
    await signIn(page);
    await page.goto(`/admin/orders/view/${id}`);
    await rendered(page);
    await expect(page.getByTestId("order-source")).toHaveText("Facebook · taken by e2e-admin@haat.example");

    // The order's language first: Bangla, Bengali digits; the tracking link under /bn.
    const message = page.getByTestId("shopper-message");
    const text = page.getByLabel("Message text");
    await expect(message.getByRole("heading", { name: "Message for the shopper" })).toBeVisible();
    await expect(text).toHaveValue(new RegExp(`আপনার অর্ডার #${bengali(id)} এর জন্য ধন্যবাদ।`));
    await expect(text).toHaveValue(/- সিলিং ফ্যান — ৫৬″ \/ বাদামি × ২/);
    await expect(text).toHaveValue(/ডেলিভারির সময় নগদ রাখুন: ৳২৬০\.০০/);
    await expect(text).toHaveValue(new RegExp(`/bn/orders/track\\?order=${id}$`));

    await message.getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/view/${id}\\?message=en$`));
    await rendered(page);
    await expect(text).toHaveValue(new RegExp(`Thank you for your order #${id}\\.`));
    await expect(text).toHaveValue(/- Ceiling Fan — 56″ \/ Brown × 2/);
    await expect(text).toHaveValue(/Cash to have ready on delivery: ৳260\.00/);
    const english = await text.inputValue();
    expect(english).toMatch(new RegExp(`^Follow your order: http://[^/]+/orders/track\\?order=${id}$`, "m"));
    await expect(text).toHaveAttribute("readonly", "");

    const copy = message.getByRole("button", { name: "Copy message" });
    if (!js) {
      await expect(copy).toHaveCount(0);
      return;
    }
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await copy.click();
    await expect(message.getByRole("status")).toHaveText("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(english);
  } finally {
    deleteOrderRows(id);
  }
});

test("the orders list shows and filters by source, and offers a new order", async ({ page }, testInfo) => {
  const js = jsEnabled(testInfo);
  const tag = `Source ${uniqueTag(testInfo)}`;
  const facebook = insertOrder({ name: `${tag} FB`, phone: "01712345678" });
  const website = insertOrder({ name: `${tag} Web`, phone: "01712345678" });
  setOrigin(facebook, "facebook", "en", "e2e-admin@haat.example");
  try {
    await signIn(page);
    await page.goto(`/admin/orders?q=${encodeURIComponent(tag)}`);
    await rendered(page);
    await expect(page.getByRole("link", { name: "New order" })).toHaveAttribute("href", "/admin/orders/new");
    await expect(page.getByTestId("order-row")).toHaveCount(2);
    await expect(page.locator(`[data-order-id="${facebook}"]`).getByTestId("order-source")).toHaveText("Facebook");
    // The website's orders, most of them, carry no label.
    await expect(page.locator(`[data-order-id="${website}"]`).getByTestId("order-source")).toHaveCount(0);

    await page.getByLabel("Source").selectOption("facebook");
    if (!js) await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(
      (url) => url.searchParams.get("source") === "facebook" && url.searchParams.get("q") === tag,
    );
    await rendered(page);
    await expect(page.getByTestId("order-row")).toHaveCount(1);
    await expect(page.getByTestId("order-row")).toHaveAttribute("data-order-id", String(facebook));
    await expect(page.getByLabel("Source")).toHaveValue("facebook");
  } finally {
    deleteOrderRows(facebook);
    deleteOrderRows(website);
  }
});
