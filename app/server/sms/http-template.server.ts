/**
 * "Any other gateway" (docs/decisions/065-sms.md): most Bangladeshi SMS gateways take one HTTP GET
 * or POST with the key, the number and the text as parameters, and answer 2xx when they took it.
 * The owner writes the request as a template; haat fills it in for each message:
 * - `{to}` the number with the country code (8801712345678), `{to_local}` without it (01712345678),
 * - `{text}` the message, `{key}` the sealed API key, `{reference}` haat's id for the message.
 * Each value is encoded for where it stands: percent-encoded in the URL and a form body, escaped as
 * a JSON string's contents in a JSON body. The gateway took the message when it answers 2xx and,
 * if the owner gave one, its answer contains `successText`.
 */
import { z } from "zod";
import { gatewayRequest, SmsGatewayError, withCountryCode, type SmsGatewayClient } from "./gateway";

/** The template's settings as stored (SmsGateway.settings, JSON): nothing here is secret. */
export const httpTemplateSettings = z.object({
  /** An http(s) URL with placeholders, e.g. "https://api.example.bd/send?key={key}&to={to}&msg={text}". */
  url: z.string(),
  method: z.enum(["GET", "POST"]),
  /** POST only: the body with placeholders; "" sends none. */
  body: z.string().default(""),
  /** POST only: how the body is sent. */
  contentType: z.enum(["form", "json"]).default("form"),
  /** Text the gateway's answer contains when it took the message; "" trusts any 2xx. */
  successText: z.string().default(""),
});
export type HttpTemplateSettings = z.infer<typeof httpTemplateSettings>;

/** The placeholders a template may use. */
export const HTTP_TEMPLATE_PLACEHOLDERS = ["to", "to_local", "text", "key", "reference"] as const;

/** The part of a gateway's answer shown as its reason: the first 200 characters, on one line. */
export function answerExcerpt(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

function fillTemplate(template: string, values: Record<string, string>, encode: (value: string) => string): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? encode(values[name]!) : whole));
}

const jsonStringContents = (value: string) => JSON.stringify(value).slice(1, -1);

/** A client sending through the owner's template `settings` with the API key `key` ("" for none). */
export function httpTemplateGateway(settings: HttpTemplateSettings, key: string, timeoutMs: number): SmsGatewayClient {
  return {
    provider: "http",
    idempotent: false,
    async send(sms) {
      const values = { to: withCountryCode(sms.to), to_local: sms.to, text: sms.text, key, reference: sms.reference };
      const url = fillTemplate(settings.url, values, encodeURIComponent);
      const init: RequestInit = { method: settings.method };
      if (settings.method === "POST" && settings.body !== "") {
        const json = settings.contentType === "json";
        init.body = fillTemplate(settings.body, values, json ? jsonStringContents : encodeURIComponent);
        init.headers = { "Content-Type": json ? "application/json" : "application/x-www-form-urlencoded" };
      }
      const answer = await gatewayRequest(url, init, timeoutMs);
      const reason = answerExcerpt(answer.text) || `HTTP ${answer.status}`;
      if (answer.status === 401 || answer.status === 403) throw new SmsGatewayError(reason, "unauthorised");
      if (answer.status === 429) throw new SmsGatewayError(reason, "refused", true);
      if (answer.status >= 500) throw new SmsGatewayError(reason, "bad-answer");
      if (answer.status < 200 || answer.status >= 300) throw new SmsGatewayError(reason, "refused");
      if (settings.successText !== "" && !answer.text.includes(settings.successText)) {
        throw new SmsGatewayError(reason, "refused");
      }
      return { gatewayReference: null };
    },
    async balance() {
      return null;
    },
  };
}
