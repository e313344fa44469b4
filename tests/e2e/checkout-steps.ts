/**
 * The steps of a shopper's checkout the journeys share: Buy Now on a product page, the checkout
 * form's delivery details, and Place Order.
 */
import type { Page } from "@playwright/test";
import { expect, rendered } from "./fixtures";

/** What a shopper types into the checkout form; the address, area and district default to Dhanmondi, Dhaka. */
export type ShopperDetails = {
  name: string;
  /** As typed: "01712-345678", "+8801712345678" or Bengali digits are all accepted. */
  phone: string;
  address?: string;
  area?: string;
  /** The district's English name as the list offers it. */
  district?: string;
  /** The shipping method to tick; left alone when not given (the district picks one). */
  method?: "Inside Dhaka" | "Outside Dhaka";
};

/** Presses Buy Now on the product page open in `page` and waits for the cart page to render. */
export async function buyNow(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Buy Now", exact: true }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await rendered(page);
}

/** Types `shopper` into the checkout form of the cart page open in `page`. */
export async function fillShopperDetails(page: Page, shopper: ShopperDetails): Promise<void> {
  await page.getByLabel("Full name").fill(shopper.name);
  await page.getByLabel("Phone").fill(shopper.phone);
  await page.getByLabel("Delivery address").fill(shopper.address ?? "House 9, Road 3");
  await page.getByLabel("Area or thana").fill(shopper.area ?? "Dhanmondi");
  await page.getByLabel("District", { exact: true }).selectOption(shopper.district ?? "Dhaka");
  if (shopper.method) await page.getByLabel(new RegExp(shopper.method)).check();
}

/** The checkout form's Place Order button. */
export const placeOrderButton = (page: Page) => page.getByRole("button", { name: "Place Order (Cash on Delivery)" });

/** Presses Place Order, waits for the success page and returns the order's number. */
export async function placeOrderForNumber(page: Page): Promise<number> {
  await placeOrderButton(page).click();
  await expect(page.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible();
  return Number(new URL(page.url()).searchParams.get("order"));
}
