/**
 * The courier page's Pathao forms and its default courier (docs/decisions/066-pathao.md), checked
 * on the server; messages in the staff member's language.
 */
import { z } from "zod";
import type { AdminTranslate } from "~/i18n/admin";

/** A value copied from Pathao's merchant panel: required, at most 200 characters, trimmed. */
const panelValue = (t: AdminTranslate) =>
  z
    .string({ error: t("admin.pathao.fieldRequired") })
    .trim()
    .min(1, t("admin.pathao.fieldRequired"))
    .max(200, t("admin.pathao.fieldTooLong"));

/**
 * `pathao-save` with the client id and secret, username and password (all required: the secret
 * and password are never shown again, so never half-kept; the password is not trimmed), the
 * store choice `pathao-store`, `pathao-check`, `pathao-remove`, `pathao-places` (read Pathao's
 * places again), and `default-courier`.
 */
export const pathaoAccountSchema = (t: AdminTranslate) =>
  z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("pathao-save"),
      clientId: panelValue(t),
      clientSecret: panelValue(t),
      username: panelValue(t),
      password: z
        .string({ error: t("admin.pathao.fieldRequired") })
        .min(1, t("admin.pathao.fieldRequired"))
        .max(200, t("admin.pathao.fieldTooLong")),
    }),
    z.object({ intent: z.literal("pathao-store"), storeId: z.coerce.number().int().positive() }),
    z.object({ intent: z.literal("pathao-check") }),
    z.object({ intent: z.literal("pathao-remove") }),
    z.object({ intent: z.literal("pathao-places") }),
    z.object({ intent: z.literal("default-courier"), courier: z.enum(["steadfast", "pathao"]) }),
  ]);

/** The Pathao key fields, in the form's order. */
export const PATHAO_KEY_FIELDS = ["clientId", "clientSecret", "username", "password"] as const;
