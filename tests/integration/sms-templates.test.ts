/**
 * The owner's SMS texts (/admin/sms/templates) against a real SQLite database: only the owner reads
 * and saves them; a save stores every event's message in both languages and is in the audit trail;
 * a refused save (an unknown placeholder, an empty text of a message that is on, a text that takes
 * more than 6 SMS with a long order's values) saves nothing and gives back everything typed; the
 * default texts come back when asked for.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { enAdmin } from "~/i18n/admin/areas";
import { prisma } from "~/models/db/client.server";
import { getSmsTemplates } from "~/models/sms/sms-templates.server";
import { action, loader } from "~/routes/admin.sms.templates/route";
import { DEFAULT_SMS_TEMPLATES, ORDER_SMS_EVENTS } from "~/rules/sms";
import { createAdmin, get, post, run, runData, signedInJar, type CookieJar } from "./helpers";

const PATH = "/admin/sms/templates";

let owner: CookieJar;

/** The form as the page draws it from the saved messages, as field name → value (ticked boxes "on"). */
async function formAsShown(): Promise<Record<string, string>> {
  const { values } = await runData(loader, get(PATH, owner));
  const fields: Record<string, string> = {};
  for (const event of ORDER_SMS_EVENTS) {
    if (values[event].enabled) fields[`${event}-enabled`] = "on";
    fields[`${event}-en`] = values[event].en;
    fields[`${event}-bn`] = values[event].bn;
  }
  return fields;
}

/** Posts the form as shown with `changes` (a field set to null is left out: an unticked box). */
async function save(changes: Record<string, string | null>, jar = owner) {
  const fields: Record<string, string> = { ...(await formAsShown()) };
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) delete fields[name];
    else fields[name] = value;
  }
  return run(action, post(PATH, fields, jar));
}

/** A refused save's answer. */
async function refusal(outcome: Awaited<ReturnType<typeof save>>) {
  expect(outcome.status).toBe(400);
  return outcome.data as {
    values: Record<string, { enabled: boolean; en: string; bn: string; restore: boolean }>;
    fieldErrors: Record<string, string>;
    formError: string;
  };
}

beforeEach(async () => {
  await prisma.smsTemplate.deleteMany();
  owner = await signedInJar((await createAdmin()).id);
});

describe("the SMS texts page", () => {
  it("answers 403 to staff, for reading and for saving, and saves nothing", async () => {
    const member = await prisma.adminUser.create({
      data: { email: `sms-staff-${Date.now()}@haat.example`, role: "staff", passwordHash: "x" },
    });
    const jar = await signedInJar(member.id);
    expect((await run(loader, get(PATH, jar))).status).toBe(403);
    const write = await run(action, post(PATH, { "order-shipped-enabled": "on", "order-shipped-en": "Hi" }, jar));
    expect(write.status).toBe(403);
    expect(await prisma.smsTemplate.count()).toBe(0);
  });

  it("shows every event off with its default texts until the owner saves", async () => {
    const { values, samples, gatewaySet } = await runData(loader, get(PATH, owner));
    for (const event of ORDER_SMS_EVENTS) {
      expect(values[event]).toEqual({ enabled: false, restore: false, ...DEFAULT_SMS_TEMPLATES[event] });
    }
    expect(samples.en.order_number).toBe("12345");
    expect(samples.bn.order_number).toBe("১২৩৪৫");
    expect(gatewaySet).toBe(false);
  });

  it("saves every event's message in both languages, line breaks as the phone gets them, and records who saved", async () => {
    const saved = await save({
      "order-shipped-enabled": "on",
      "order-shipped-en": "  {shop_name}: #{order_number} is with {courier}.\r\nTrack: {tracking_link}  ",
      "order-shipped-bn": "{shop_name}: অর্ডার #{order_number} পাঠানো হয়েছে। কোড {tracking_code}",
    });
    expect(saved).toRedirectTo(PATH);
    await expect(saved).toSetToast({ kind: "success", message: enAdmin["admin.smsTemplates.saved"] });
    const templates = await getSmsTemplates();
    expect(templates["order-shipped"]).toEqual({
      enabled: true,
      en: "{shop_name}: #{order_number} is with {courier}.\nTrack: {tracking_link}",
      bn: "{shop_name}: অর্ডার #{order_number} পাঠানো হয়েছে। কোড {tracking_code}",
    });
    expect(templates["order-placed"]).toEqual({ enabled: false, ...DEFAULT_SMS_TEMPLATES["order-placed"] });
    expect(await prisma.smsTemplate.count()).toBe(ORDER_SMS_EVENTS.length);
    const row = await prisma.smsTemplate.findUniqueOrThrow({ where: { event: "order-shipped" } });
    expect(row.updatedByEmail).toMatch(/@haat\.example$/);
    const [event] = await prisma.auditEvent.findMany({
      where: { action: "sms.templates-saved" },
      orderBy: { id: "desc" },
      take: 1,
    });
    expect(JSON.parse(event!.details)).toEqual({
      "order-shipped": { changed: ["enabled", "en", "bn"], enabled: true },
    });

    // Switched off again: the texts stay.
    expect(await save({ "order-shipped-enabled": null })).toRedirectTo(PATH);
    expect((await getSmsTemplates())["order-shipped"]).toMatchObject({
      enabled: false,
      en: templates["order-shipped"].en,
    });
  });

  it("refuses an unknown placeholder by its name, saves nothing and gives back everything typed", async () => {
    const typed = {
      "order-placed-enabled": "on",
      "order-placed-en": "Hi {name}, order {order_number} goes to {adress} via {courier}",
      "order-placed-bn": "নতুন লেখা {order_number}",
      "order-shipped-en": "Shipped {tracking_code}",
    };
    const answer = await refusal(await save(typed));
    expect(answer.formError).toBe(enAdmin["admin.smsTemplates.fixErrors"]);
    // The courier's placeholders belong to the shipped message, not to the placed one.
    expect(answer.fieldErrors).toEqual({
      "order-placed-en":
        "Unknown placeholder {adress}, {courier}: this message can use only the placeholders listed for it.",
    });
    expect(answer.values["order-placed"]).toEqual({
      enabled: true,
      restore: false,
      en: typed["order-placed-en"],
      bn: typed["order-placed-bn"],
    });
    expect(answer.values["order-shipped"]!.en).toBe("Shipped {tracking_code}");
    expect(await prisma.smsTemplate.count()).toBe(0);
  });

  it("refuses an empty text of a message that is on, and accepts it for one that is off", async () => {
    const answer = await refusal(await save({ "order-delivered-enabled": "on", "order-delivered-bn": "  " }));
    expect(answer.fieldErrors).toEqual({ "order-delivered-bn": enAdmin["admin.smsTemplates.error.empty"] });
    expect(await save({ "order-delivered-bn": "" })).toRedirectTo(PATH);
    expect((await getSmsTemplates())["order-delivered"]).toMatchObject({ enabled: false, bn: "" });
  });

  it("refuses a text that takes more than 6 SMS once filled with a long order's values", async () => {
    // 6 Bangla parts hold 402 units: as written this is 353, with a long name and tracking link over 402.
    const long = `${"অ".repeat(330)} {name} {tracking_link}`;
    const answer = await refusal(await save({ "order-placed-bn": long }));
    expect(answer.fieldErrors["order-placed-bn"]).toMatch(/^7 SMS: at most 6\. /);
    expect(answer.values["order-placed"]!.bn).toBe(long);
    // Shorter, it is saved.
    expect(await save({ "order-placed-bn": `${"অ".repeat(200)} {name} {tracking_link}` })).toRedirectTo(PATH);
  });

  it("puts back the default texts of an event when asked, whatever was typed in it", async () => {
    expect(await save({ "order-cancelled-en": "Cancelled, sorry.", "order-cancelled-bn": "বাতিল।" })).toRedirectTo(
      PATH,
    );
    expect((await getSmsTemplates())["order-cancelled"].en).toBe("Cancelled, sorry.");
    const restored = await save({
      "order-cancelled-default": "on",
      "order-cancelled-enabled": "on",
      "order-cancelled-en": "{nope} typed after",
    });
    expect(restored).toRedirectTo(PATH);
    expect((await getSmsTemplates())["order-cancelled"]).toEqual({
      enabled: true,
      ...DEFAULT_SMS_TEMPLATES["order-cancelled"],
    });
  });

  it("keeps the default box ticked in a save refused for another event", async () => {
    const answer = await refusal(
      await save({ "order-cancelled-default": "on", "order-confirmed-enabled": "on", "order-confirmed-en": "" }),
    );
    expect(answer.values["order-cancelled"]!.restore).toBe(true);
    expect(Object.keys(answer.fieldErrors)).toEqual(["order-confirmed-en"]);
  });
});
