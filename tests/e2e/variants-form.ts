/**
 * Filling the options form of the back office's options and variants page, with JavaScript on or
 * off: the form shows the values in use and an "Add a value" / "Add an option" button (without
 * JavaScript a round trip that gives the form back with one more row, what was typed kept).
 */
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Fills option block `block` (0-based) with its name and values, adding the block (when it is not
 * on the page yet) and each value row after the first with the Add buttons.
 */
export async function fillOption(page: Page, block: number, name: string, values: string[]): Promise<void> {
  const blocks = page.getByTestId("option-block");
  if ((await blocks.count()) <= block) {
    await page.getByRole("button", { name: "Add an option" }).click();
    await expect(blocks).toHaveCount(block + 1);
  }
  const fieldset = blocks.nth(block);
  await fieldset.getByLabel("Name (English)").fill(name);
  for (const [index, value] of values.entries()) {
    const input = fieldset.getByLabel(`Value ${index + 1}`, { exact: true });
    if ((await input.count()) === 0) {
      await fieldset.getByRole("button", { name: "Add a value" }).click();
      await expect(input).toBeVisible();
    }
    await input.fill(value);
  }
}
