/**
 * The shop settings form (/admin/settings): its fields through shopSettingsSchema and its logo
 * through the image pipeline (decision 013: sniffed, re-encoded to WebP variants, metadata
 * stripped), saved together (app/models/settings.server.ts). Messages are in the staff member's
 * language (`t`, their translator).
 */
import type { ShopSettingsValues } from "~/forms/admin-schemas";
import { shopSettingsSchema } from "~/forms/admin-schemas";
import { fieldErrorsFrom, type FormRefusal } from "~/forms/refusal";
import type { AdminTranslate } from "~/i18n/admin";
import { getShopSettings, saveShopSettings, type ShopSettings, type ShopSettingsInput } from "~/models/settings.server";
import { formatInteger } from "~/i18n/format";
import type { Lang } from "~/i18n/lang";
import { formatTakaInput } from "~/rules/money";
import { saveUploadForm, type UploadFormSteps } from "~/server/media/uploads.server";

/** A field of the settings form that can have a message. */
export type SettingsField = keyof ShopSettingsValues;

/** What the settings form shows in its fields: the text fields, and the "remove logo" box ("on"). */
export type SettingsFormValues = ShopSettingsValues & { removeLogo?: string };

/**
 * A refused save: `values` as typed (to refill the form; the "remove logo" box too), a message per
 * field, the logo's file messages and the form's message.
 */
type SettingsFormRefusal = FormRefusal<SettingsField, SettingsFormValues> & {
  ok: false;
  status: 400 | 413;
  fileErrors: string[];
  formError: string;
};

/**
 * The outcome of a save: saved, with each changed field's old and new value (the audit trail's
 * details), or refused.
 */
export type SettingsFormResult =
  { ok: true; changed: Record<string, { from: unknown; to: unknown }> } | SettingsFormRefusal;

/**
 * The saved settings as the form's text values, numbers in `lang`'s digits (the staff member's:
 * the form reads both digit forms back): money in taka without grouping, counts as whole numbers.
 */
export function settingsFormValues(settings: ShopSettings, lang: Lang): ShopSettingsValues {
  const taka = (paisa: number) => formatTakaInput(paisa, lang);
  return {
    name: settings.name,
    nameBn: settings.nameBn,
    tagline: settings.tagline,
    taglineBn: settings.taglineBn,
    about: settings.about,
    aboutBn: settings.aboutBn,
    email: settings.email,
    phone: settings.phone,
    address: settings.address,
    addressBn: settings.addressBn,
    insideDhakaFeePaisa: taka(settings.insideDhakaFeePaisa),
    outsideDhakaFeePaisa: taka(settings.outsideDhakaFeePaisa),
    freeDeliveryMinPaisa: settings.freeDeliveryMinPaisa === null ? "" : taka(settings.freeDeliveryMinPaisa),
    defaultLanguage: settings.defaultLanguage,
    tradeLicence: settings.tradeLicence,
    bin: settings.bin,
    lowStockThreshold: formatInteger(settings.lowStockThreshold, lang),
    phoneOrderLimit: formatInteger(settings.phoneOrderLimit, lang),
    addressOrderLimit: formatInteger(settings.addressOrderLimit, lang),
    checkoutCode: settings.checkoutCode,
    requireOwnerTwoFactor: settings.requireOwnerTwoFactor ? "on" : "",
  };
}

/**
 * Validates and saves the settings form, a multipart body with the text fields, an optional `logo`
 * file and an optional `removeLogo` checkbox ("on"). A new logo replaces the old one, whose files
 * are removed once the save has committed; a failed save leaves the old settings and logo and
 * removes the new logo's files.
 *
 * @returns `{ ok: true, changed }`, or a failure with status 400 (a field or the file refused) or 413 (the
 *   body is too large) that changed nothing.
 * @throws the database's error when the save fails (nothing changed; the new logo's files removed).
 */
export async function saveSettingsForm(request: Request, t: AdminTranslate): Promise<SettingsFormResult> {
  return saveUploadForm(
    request,
    ["logo"],
    t,
    (parsed): UploadFormSteps<SettingsField, ShopSettingsInput, SettingsFormResult> => {
      const schema = shopSettingsSchema(t);
      const fields = Object.keys(schema.shape) as SettingsField[];
      const values: SettingsFormValues = {};
      for (const name of fields) values[name] = String(parsed.get(name) ?? "");
      const removeLogo = parsed.get("removeLogo") === "on";
      if (removeLogo) values.removeLogo = "on";
      return {
        maxFiles: 1,
        async check() {
          const result = schema.safeParse(values);
          if (!result.success) return { ok: false, fieldErrors: fieldErrorsFrom(result.error, fields) };
          return { ok: true, input: result.data, alt: result.data.name };
        },
        refuse: ({ fieldErrors, fileErrors }) => ({
          ok: false,
          status: 400,
          values,
          fieldErrors,
          fileErrors,
          formError: t("admin.settings.fixErrors"),
        }),
        async write(input, images) {
          const before = await getShopSettings();
          const { removedKeys } = await saveShopSettings(input, { image: images[0] ?? null, remove: removeLogo });
          // What changed, old and new, for the audit trail (docs/decisions/035-audit-trail.md).
          const changed = Object.fromEntries(
            Object.entries(input)
              .filter(([key, value]) => before[key as keyof typeof before] !== value)
              .map(([key, value]) => [key, { from: before[key as keyof typeof before], to: value }]),
          );
          if (images[0] || removeLogo) changed.logo = { from: before.logo?.key ?? null, to: removeLogo ? null : "new" };
          return { answer: { ok: true, changed }, removedKeys };
        },
      };
    },
  );
}
