/**
 * The owner's SMS gateway page (/admin/sms, docs/decisions/065-sms.md), with JavaScript on and off,
 * against the local gateway the end-to-end server starts (tests/e2e/server.ts, BulkSMSBD's API under
 * /bulksmsbd): a wrong key is refused with the sender id kept and the key not, the right one is
 * checked and saved (never shown again), and a test message reaches the gateway and is answered in
 * a toast. With JavaScript only the chosen provider's fields show; without it all do.
 */
import { deliveredSms, useLocalSmsGateway } from "./sms";
import { expect, jsEnabled, rendered, signIn, test, toast } from "./fixtures";
import { tapTargetOffenders } from "./tap-targets";

/** The keys the local gateway's BulkSMSBD API takes (tests/support/sms-gateway-server.ts). */
const BULKSMSBD = { apiKey: "test-bulksmsbd-key-0002", senderId: "8809601000000" };

test("the owner sets up BulkSMSBD, a wrong key refused, and sends a test message through it", async ({
  page,
}, testInfo) => {
  const js = jsEnabled(testInfo);
  const phone = `0171${String(Date.now() % 1e7).padStart(7, "0")}`;
  await signIn(page);
  try {
    await page.goto("/admin/sms");
    await rendered(page);
    await expect(page.getByRole("heading", { level: 1, name: "SMS gateway" })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "SMS pages" }).getByRole("link", { name: "Gateway" }),
    ).toHaveAttribute("aria-current", "page");

    await page.getByRole("radio", { name: "BulkSMSBD" }).check();
    if (js) {
      await expect(page.getByTestId("sms-fields-bulksmsbd")).toBeVisible();
      await expect(page.getByTestId("sms-fields-sslwireless")).toBeHidden();
      await expect(page.getByTestId("sms-fields-http")).toBeHidden();
    } else {
      await expect(page.getByTestId("sms-fields-http")).toBeVisible();
    }

    // A wrong key: refused by the gateway, nothing saved, the sender id kept and the key not.
    await page.getByLabel("Sender ID", { exact: true }).fill(BULKSMSBD.senderId);
    await page.getByLabel("API key", { exact: true }).fill("wrong-key-7777");
    await page.getByRole("button", { name: "Save the gateway" }).click();
    await expect(page.getByTestId("form-error")).toContainText("BulkSMSBD refused the key or sender ID");
    await expect(page.getByRole("radio", { name: "BulkSMSBD" })).toBeChecked();
    await expect(page.getByLabel("Sender ID", { exact: true })).toHaveValue(BULKSMSBD.senderId);
    await expect(page.getByLabel("API key", { exact: true })).toHaveValue("");
    expect(await page.content()).not.toContain("wrong-key-7777");

    // The right key: checked with the balance call, saved, never shown again.
    await page.getByLabel("API key", { exact: true }).fill(BULKSMSBD.apiKey);
    await page.getByRole("button", { name: "Save the gateway" }).click();
    await expect(toast(page)).toHaveText("BulkSMSBD accepted the key; the gateway is saved. Balance: ৳500.00.");
    await expect(page.getByTestId("sms-gateway-saved")).toContainText("BulkSMSBD, API key ending in 0002.");
    await expect(page.getByTestId("sms-gateway-saved")).toContainText(`Sender ID: ${BULKSMSBD.senderId}`);
    expect(await page.content()).not.toContain(BULKSMSBD.apiKey);
    // The form to replace it starts from the saved sender id; the key is to be pasted again.
    await expect(page.getByLabel("Sender ID", { exact: true })).toHaveValue(BULKSMSBD.senderId);
    await expect(page.getByLabel("API key", { exact: true })).toHaveValue("");

    if (js) {
      await page.setViewportSize({ width: 360, height: 800 });
      expect(await tapTargetOffenders(page)).toEqual([]);
    }

    // A test message: straight through the gateway, its answer in a toast.
    await page.getByLabel("Mobile number").fill(`+880 ${phone.slice(1)}`);
    await page.getByRole("button", { name: "Send test message" }).click();
    await expect(toast(page)).toHaveText(`The gateway took the test message for ${phone}.`);
    const delivered = await deliveredSms(phone);
    expect(delivered).toEqual([expect.objectContaining({ via: "bulksmsbd", to: `88${phone}` })]);
    expect(delivered[0]!.text).toContain("this is a test message from your shop");
  } finally {
    // Other journeys expect the local gateway's generic API as the shop's gateway.
    useLocalSmsGateway();
  }
});
