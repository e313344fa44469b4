/**
 * The admin categories list, with JavaScript on and off: a category without an image shows 'No
 * image' in the Image column, and Delete asks 'Are you sure you want to delete this category?'
 * first (a confirmation step without JavaScript, a dialog with it) and deletes nothing until
 * confirmed; a delete step for a record that is gone says it is not found.
 *
 * Other specs run in parallel against the same server and database. Each test inserts its own
 * category directly into the database (tests/e2e/e2e-env.ts E2E_DB_PATH) under a name unique to the
 * test and project, and deletes it in `finally`.
 */
import { expect, jsEnabled, rendered, signIn, test, toast, uniqueTag } from "./fixtures";
import { deleteCategory, insertCategory, withDb } from "./e2e-db";

test.describe("categories list", () => {
  const QUESTION = "Are you sure you want to delete this category?";

  test("a category without an image shows 'No image' in the Image column", async ({ page }, testInfo) => {
    const name = `E2E NoImg ${uniqueTag(testInfo)}`;
    const id = insertCategory(name);
    try {
      await signIn(page);
      await page.goto("/admin/categories");
      await expect(page.getByRole("columnheader")).toHaveText(["Name", "Web address", "Image", "Actions"]);
      const row = page.getByTestId("category-row").filter({ hasText: name });
      await expect(row).toHaveCount(1);
      await expect(row.getByRole("cell").nth(2)).toHaveText("No image");
      await expect(row.getByRole("img")).toHaveCount(0);
      // A category with an image (the demo ones) shows its thumbnail instead.
      const withImage = page.getByTestId("category-row").filter({ has: page.getByRole("img") });
      await expect(withImage.first().getByRole("cell").nth(2)).not.toContainText("No image");
    } finally {
      deleteCategory(id);
    }
  });

  test("without JavaScript, Delete asks 'Are you sure you want to delete this category?' before deleting", async ({
    page,
  }, testInfo) => {
    test.skip(jsEnabled(testInfo), "the confirmation step is the no-JavaScript way; the dialog is tested below");
    const name = `E2E DelStep ${uniqueTag(testInfo)}`;
    const id = insertCategory(name);
    const stored = () =>
      withDb((db) => (db.prepare(`SELECT COUNT(*) AS n FROM Category WHERE id = ?`).get(id) as { n: number }).n);
    try {
      await signIn(page);
      await page.goto("/admin/categories");
      const row = page.getByTestId("category-row").filter({ hasText: name });
      await row.getByRole("link", { name: `Delete ${name}` }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/categories\\?delete=${id}$`));
      await rendered(page);
      const step = page.getByTestId("confirm-delete");
      await expect(step.getByRole("heading", { name: QUESTION })).toBeVisible();
      await expect(step).toContainText(`“${name}” will be removed.`);
      // Asking deletes nothing.
      expect(stored()).toBe(1);

      // Cancel goes back to the list with the category still there.
      await step.getByRole("link", { name: "Cancel" }).click();
      await expect(page).toHaveURL(/\/admin\/categories$/);
      await rendered(page);
      await expect(page.getByTestId("confirm-delete")).toHaveCount(0);
      await expect(row).toHaveCount(1);
      expect(stored()).toBe(1);

      await row.getByRole("link", { name: `Delete ${name}` }).click();
      await page.getByTestId("confirm-delete").getByRole("button", { name: "Delete category" }).click();
      await expect(page).toHaveURL(/\/admin\/categories$/);
      await rendered(page);
      await expect(toast(page)).toHaveText(`Category “${name}” deleted.`);
      await expect(row).toHaveCount(0);
      expect(stored()).toBe(0);
    } finally {
      deleteCategory(id);
    }
  });

  test("with JavaScript, Delete opens a dialog asking 'Are you sure you want to delete this category?' and Cancel keeps the row", async ({
    page,
  }, testInfo) => {
    test.skip(!jsEnabled(testInfo), "the dialog needs JavaScript");
    const name = `E2E DelDialog ${uniqueTag(testInfo)}`;
    const id = insertCategory(name);
    try {
      await signIn(page);
      await page.goto("/admin/categories");
      const row = page.getByTestId("category-row").filter({ hasText: name });
      await row.getByRole("link", { name: `Delete ${name}` }).click();
      const dialog = page.getByRole("dialog", { name: QUESTION });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("heading", { name: QUESTION })).toBeVisible();
      await expect(dialog).toContainText(`“${name}” will be removed.`);
      // The dialog opened in place: no navigation to the no-JavaScript step.
      await expect(page).toHaveURL(/\/admin\/categories$/);
      await rendered(page);
      await expect(page.getByTestId("confirm-delete")).toHaveCount(0);

      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
      await expect(row).toHaveCount(1);
      await expect(page.getByTestId("toast")).toHaveCount(0);
      expect(
        withDb((db) => (db.prepare(`SELECT COUNT(*) AS n FROM Category WHERE id = ?`).get(id) as { n: number }).n),
      ).toBe(1);
    } finally {
      deleteCategory(id);
    }
  });

  test("a delete step for a category or product that is gone says it is not found, with the way back", async ({
    page,
  }) => {
    await signIn(page);
    for (const [list, message, back] of [
      ["categories", "Category not found", "Back to Categories"],
      ["products", "Product not found", "Back to Products"],
    ] as const) {
      await page.goto(`/admin/${list}?delete=999999`);
      await rendered(page);
      const notice = page.getByTestId("confirm-delete-missing");
      await expect(notice.getByRole("heading", { name: message })).toBeVisible();
      await expect(page.getByTestId("confirm-delete")).toHaveCount(0);
      await notice.getByRole("link", { name: back }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/${list}$`));
    }
  });
});
