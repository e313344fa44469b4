/**
 * The owner's SMS gateway form (/admin/sms, docs/decisions/065-sms.md) read into a gateway to save:
 * the provider chosen by its radio and only that provider's fields, each checked with a message
 * from the staff member's translator. A URL template may use only HTTP_TEMPLATE_PLACEHOLDERS; it
 * must say where the number ({to} or {to_local}) and the text ({text}) go, in its address or body.
 */
import { z } from "zod";
import { fieldErrorsFrom, type FieldErrors } from "~/forms/refusal";
import type { AdminTranslate } from "~/i18n/admin";
import { HTTP_TEMPLATE_PLACEHOLDERS, type HttpTemplateSettings } from "./http-template.server";

/** The form's fields (the secrets among them are never sent back to the browser). */
export const GATEWAY_FIELDS = [
  "provider",
  "sslSid",
  "sslApiToken",
  "bulkSenderId",
  "bulkApiKey",
  "httpUrl",
  "httpMethod",
  "httpBody",
  "httpContentType",
  "httpSuccessText",
  "httpKey",
] as const;
export type GatewayField = (typeof GATEWAY_FIELDS)[number];

/** The fields holding a secret: never given back in a refusal. */
export const SECRET_FIELDS: readonly GatewayField[] = ["sslApiToken", "bulkApiKey", "httpKey"];

/** A gateway as the owner chose it, its secret in the clear (the caller seals it). */
export type GatewayChoice =
  | { provider: "sslwireless"; sid: string; apiToken: string }
  | { provider: "bulksmsbd"; senderId: string; apiKey: string }
  | { provider: "http"; settings: HttpTemplateSettings; key: string };

const sender = (t: AdminTranslate) =>
  z
    .string({ error: t("admin.smsGateway.senderRequired") })
    .trim()
    .min(1, t("admin.smsGateway.senderRequired"))
    .max(50, t("admin.smsGateway.senderInvalid"));

/** A key as pasted: up to 200 characters without spaces; `required` or "" allowed. */
const key = (t: AdminTranslate, required: boolean) =>
  z
    .string()
    .trim()
    .default("")
    .refine((value) => !required || value !== "", t("admin.smsGateway.keyRequired"))
    .refine((value) => value.length <= 200 && !/\s/.test(value), t("admin.smsGateway.keyInvalid"));

const limited = (t: AdminTranslate, max: number) =>
  z
    .string()
    .default("")
    .refine((value) => value.length <= max, t("admin.smsGateway.tooLong", { max }));

/** The placeholders a template text uses, in order, each once. */
function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!))];
}

const httpSchema = (t: AdminTranslate) =>
  z
    .object({
      httpUrl: limited(t, 1000).transform((value) => value.trim()),
      httpMethod: z.enum(["GET", "POST"]).catch("GET"),
      httpBody: limited(t, 2000),
      httpContentType: z.enum(["form", "json"]).catch("form"),
      httpSuccessText: limited(t, 200).transform((value) => value.trim()),
      httpKey: key(t, false),
    })
    .superRefine((form, ctx) => {
      const problem = (path: GatewayField, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      let url: URL | null = null;
      try {
        url = new URL(form.httpUrl);
      } catch {
        url = null;
      }
      if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || url.hostname === "") {
        problem("httpUrl", t("admin.smsGateway.urlInvalid"));
        return;
      }
      const body = form.httpMethod === "POST" ? form.httpBody : "";
      const known: readonly string[] = HTTP_TEMPLATE_PLACEHOLDERS;
      const list = HTTP_TEMPLATE_PLACEHOLDERS.map((name) => `{${name}}`).join(", ");
      for (const [field, text] of [
        ["httpUrl", form.httpUrl],
        ["httpBody", body],
      ] as const) {
        const unknown = placeholdersIn(text).find((name) => !known.includes(name));
        if (unknown)
          problem(field, t("admin.smsGateway.unknownPlaceholder", { placeholder: `{${unknown}}`, known: list }));
      }
      const used = placeholdersIn(form.httpUrl + body);
      if (!used.includes("to") && !used.includes("to_local")) problem("httpUrl", t("admin.smsGateway.urlNeedsTo"));
      if (!used.includes("text")) problem("httpUrl", t("admin.smsGateway.urlNeedsText"));
      if (used.includes("key") && form.httpKey === "") problem("httpKey", t("admin.smsGateway.keyNeeded"));
      if (!used.includes("key") && form.httpKey !== "") problem("httpKey", t("admin.smsGateway.keyUnused"));
    });

/**
 * The gateway the form `values` (the posted fields) describe, or a message per field that is
 * wrong. Only the chosen provider's fields are read.
 */
export function parseGatewayForm(
  values: Record<string, unknown>,
  t: AdminTranslate,
): { ok: true; choice: GatewayChoice } | { ok: false; fieldErrors: FieldErrors<GatewayField> } {
  const refused = (error: z.ZodError) => ({ ok: false as const, fieldErrors: fieldErrorsFrom(error, GATEWAY_FIELDS) });
  switch (values.provider) {
    case "sslwireless": {
      const parsed = z.object({ sslSid: sender(t), sslApiToken: key(t, true) }).safeParse(values);
      if (!parsed.success) return refused(parsed.error);
      return {
        ok: true,
        choice: { provider: "sslwireless", sid: parsed.data.sslSid, apiToken: parsed.data.sslApiToken },
      };
    }
    case "bulksmsbd": {
      const parsed = z.object({ bulkSenderId: sender(t), bulkApiKey: key(t, true) }).safeParse(values);
      if (!parsed.success) return refused(parsed.error);
      const { bulkSenderId: senderId, bulkApiKey: apiKey } = parsed.data;
      return { ok: true, choice: { provider: "bulksmsbd", senderId, apiKey } };
    }
    case "http": {
      const parsed = httpSchema(t).safeParse(values);
      if (!parsed.success) return refused(parsed.error);
      const form = parsed.data;
      const post = form.httpMethod === "POST";
      const settings: HttpTemplateSettings = {
        url: form.httpUrl,
        method: form.httpMethod,
        body: post ? form.httpBody : "",
        contentType: form.httpContentType,
        successText: form.httpSuccessText,
      };
      return { ok: true, choice: { provider: "http", settings, key: form.httpKey } };
    }
    default:
      return { ok: false, fieldErrors: { provider: t("admin.smsGateway.providerRequired") } };
  }
}
