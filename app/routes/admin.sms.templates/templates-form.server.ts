/**
 * The SMS texts form (/admin/sms/templates): its fields, read and checked. Per order event
 * (ORDER_SMS_EVENTS) the form sends `<event>-enabled` and `<event>-default` (checkboxes, "on" when
 * ticked) and `<event>-en`, `<event>-bn` (the texts). Messages are in the owner's language (`t`).
 */
import { getEnv } from "~/config/env.server";
import type { FieldErrors, FormRefusal } from "~/forms/refusal";
import type { AdminTranslate } from "~/i18n/admin";
import type { Lang } from "~/i18n/lang";
import { getShopSettings } from "~/models/settings.server";
import type { SmsTemplate } from "~/models/sms/sms-templates.server";
import { smsSampleValues, type SmsSampleShop } from "~/rules/sms-samples";
import {
  DEFAULT_SMS_TEMPLATES,
  MAX_SMS_PARTS,
  ORDER_SMS_EVENTS,
  renderSms,
  smsParts,
  unknownPlaceholders,
  type OrderSmsEvent,
} from "~/rules/sms";
import { publicOrigin } from "~/utils/seo";

/** A text field of the form: an event's English or Bangla text. */
export type TemplateTextField = `${OrderSmsEvent}-${Lang}`;

/** One event's part of the form as shown: on or off, its texts, and whether the defaults are asked for. */
export type TemplateFormValue = SmsTemplate & { restore: boolean };

/** What the form shows for each event. */
export type TemplatesFormValues = Record<OrderSmsEvent, TemplateFormValue>;

/** A refused save (400): everything as typed, a message per text refused, and the form's message. */
export type TemplatesRefusal = FormRefusal<TemplateTextField, TemplatesFormValues> & { formError: string };

/** The saved messages as the form shows them (nothing asked to be restored). */
export function templatesFormValues(saved: Readonly<Record<OrderSmsEvent, SmsTemplate>>): TemplatesFormValues {
  return Object.fromEntries(
    ORDER_SMS_EVENTS.map((event) => [event, { ...saved[event], restore: false }]),
  ) as TemplatesFormValues;
}

/** A typed text as it is kept: a browser sends a textarea's line breaks as CR LF, the phone gets LF. */
function typedText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.replace(/\r\n?/g, "\n") : "";
}

/**
 * Why `text`, `event`'s message in `lang`, cannot be saved, or undefined when it can: empty while
 * the message is on; a placeholder the event does not have (named: unknownPlaceholders); more than
 * MAX_SMS_PARTS parts once filled with a long order's values (smsSampleValues "long"), so that a
 * real order's message is not refused when it is sent.
 */
function textProblem(
  event: OrderSmsEvent,
  lang: Lang,
  text: string,
  enabled: boolean,
  shop: SmsSampleShop,
  t: AdminTranslate,
): string | undefined {
  if (text.trim() === "") return enabled ? t("admin.smsTemplates.error.empty") : undefined;
  const unknown = unknownPlaceholders(event, text);
  if (unknown.length > 0) {
    return t("admin.smsTemplates.error.unknown", { names: unknown.map((name) => `{${name}}`).join(", ") });
  }
  const { parts } = smsParts(renderSms(text, smsSampleValues(shop, lang, "long")));
  if (parts > MAX_SMS_PARTS) return t("admin.smsTemplates.error.tooLong", { parts, max: MAX_SMS_PARTS });
  return undefined;
}

/**
 * Reads and checks the texts form. An event whose `<event>-default` box is ticked gets its default
 * texts (DEFAULT_SMS_TEMPLATES) whatever was typed; every other text is checked by `textProblem`
 * and kept as typed, its line breaks as LF, spaces around it trimmed.
 * @returns the messages to save, or a refusal with every value as typed and a message per text refused.
 */
export function readTemplatesForm(
  form: FormData,
  shop: SmsSampleShop,
  t: AdminTranslate,
): { ok: true; templates: Record<OrderSmsEvent, SmsTemplate> } | ({ ok: false } & TemplatesRefusal) {
  const values = {} as TemplatesFormValues;
  const templates = {} as Record<OrderSmsEvent, SmsTemplate>;
  const fieldErrors: FieldErrors<TemplateTextField> = {};
  for (const event of ORDER_SMS_EVENTS) {
    const enabled = form.get(`${event}-enabled`) === "on";
    const restore = form.get(`${event}-default`) === "on";
    const typed = { en: typedText(form, `${event}-en`), bn: typedText(form, `${event}-bn`) };
    values[event] = { enabled, restore, ...typed };
    templates[event] = {
      enabled,
      ...(restore ? DEFAULT_SMS_TEMPLATES[event] : { en: typed.en.trim(), bn: typed.bn.trim() }),
    };
    if (restore) continue;
    for (const lang of ["en", "bn"] as const) {
      const problem = textProblem(event, lang, typed[lang], enabled, shop, t);
      if (problem) fieldErrors[`${event}-${lang}`] = problem;
    }
  }
  if (Object.keys(fieldErrors).length > 0) {
    return { ok: false, values, fieldErrors, formError: t("admin.smsTemplates.fixErrors") };
  }
  return { ok: true, templates };
}

/**
 * What a save changed, for the audit trail (docs/decisions/035-audit-trail.md): per event whose
 * message changed, which of "enabled", "en", "bn" did, and the new on/off.
 */
export function templateChanges(
  before: Readonly<Record<OrderSmsEvent, SmsTemplate>>,
  after: Readonly<Record<OrderSmsEvent, SmsTemplate>>,
): Record<string, { changed: string[]; enabled: boolean }> {
  const changes: Record<string, { changed: string[]; enabled: boolean }> = {};
  for (const event of ORDER_SMS_EVENTS) {
    const changed = (["enabled", "en", "bn"] as const).filter((key) => before[event][key] !== after[event][key]);
    if (changed.length > 0) changes[event] = { changed, enabled: after[event].enabled };
  }
  return changes;
}

/**
 * What the samples take from the shop (smsSampleValues): its names and phone from the settings,
 * and its public origin (PUBLIC_URL, else the one `request` came in on), as a sent message's
 * tracking link has it.
 */
export async function sampleShopOf(request: Request): Promise<SmsSampleShop> {
  const settings = await getShopSettings();
  return {
    name: settings.name,
    nameBn: settings.nameBn,
    phone: settings.phone,
    origin: publicOrigin(request, getEnv().PUBLIC_URL),
  };
}
