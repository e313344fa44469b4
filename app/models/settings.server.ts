/**
 * The shop's settings (one row, model ShopSettings; docs/decisions/024-settings-in-the-database.md).
 * The first read creates the row from the environment's SHOP_* values, which are first-start
 * defaults only. Reads come from an in-process copy (haat is one process) that every save
 * replaces, so a change shows on the next request.
 */
import { getEnv } from "~/config/env.server";
import type { ShopSettings } from "~/generated/prisma/client";
import { isLang, type Lang } from "~/i18n";
import type { InvoiceSeller } from "~/rules/invoice";
import type { DeliveryFees } from "~/rules/shipping";
import { prisma } from "./db.server";

export type { ShopSettings };

/** The fields the owner edits (everything but the id and the time of the last change). */
export type ShopSettingsInput = Omit<ShopSettings, "id" | "updatedAt">;

/** The shop's identity as a page shows it, in one language: the only settings sent to a browser. */
export type ShopIdentity = {
  name: string;
  tagline: string;
  about: string;
  email: string;
  phone: string;
  address: string;
};

const SETTINGS_ID = 1;
let cached: Promise<ShopSettings> | null = null;

/** The shop's settings, from the in-process copy; the first call creates the row when missing. */
export function getShopSettings(): Promise<ShopSettings> {
  cached ??= loadSettings().catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}

async function loadSettings(): Promise<ShopSettings> {
  const env = getEnv();
  return prisma.shopSettings.upsert({
    where: { id: SETTINGS_ID },
    update: {},
    create: {
      id: SETTINGS_ID,
      name: env.SHOP_NAME,
      tagline: env.SHOP_TAGLINE,
      about: env.SHOP_ABOUT,
      email: env.SHOP_EMAIL,
      phone: env.SHOP_PHONE,
      address: env.SHOP_ADDRESS,
    },
  });
}

/** Saves the owner's settings and makes them the ones every following request reads. */
export async function saveShopSettings(input: ShopSettingsInput): Promise<ShopSettings> {
  await getShopSettings();
  const saved = await prisma.shopSettings.update({ where: { id: SETTINGS_ID }, data: input });
  cached = Promise.resolve(saved);
  return saved;
}

/** The identity in `lang`: a Bangla text the owner left empty falls back to the English one. */
export function shopIdentity(settings: ShopSettings, lang: Lang): ShopIdentity {
  const bangla = (bn: string, en: string) => (lang === "bn" && bn.trim() ? bn : en);
  return {
    name: bangla(settings.nameBn, settings.name),
    tagline: bangla(settings.taglineBn, settings.tagline),
    about: bangla(settings.aboutBn, settings.about),
    email: settings.email,
    phone: settings.phone,
    address: bangla(settings.addressBn, settings.address),
  };
}

/** The seller printed on an invoice: the identity in `lang` (the invoice's) and the invoice lines the owner set. */
export function invoiceSeller(settings: ShopSettings, lang: Lang = "en"): InvoiceSeller {
  const { name, address, email, phone } = shopIdentity(settings, lang);
  return { name, address, email, phone, tradeLicence: settings.tradeLicence, bin: settings.bin };
}

/** The shop's default language ("en" when the stored value is not one). */
export function shopLanguage(settings: ShopSettings): Lang {
  return isLang(settings.defaultLanguage) ? settings.defaultLanguage : "en";
}

/** The delivery fees of the settings, in paisa. */
export function deliveryFees(settings: ShopSettings): DeliveryFees {
  return {
    insideDhakaPaisa: settings.insideDhakaFeePaisa,
    outsideDhakaPaisa: settings.outsideDhakaFeePaisa,
    freeFromPaisa: settings.freeDeliveryMinPaisa,
  };
}
