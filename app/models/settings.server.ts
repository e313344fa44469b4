/**
 * The shop's settings (one row, model ShopSettings; docs/decisions/024-settings-in-the-database.md).
 * The first read creates the row from the environment's SHOP_* values, which are first-start
 * defaults only. Reads come from an in-process copy, kept while the catalogue version has not moved:
 * a trigger moves it on every committed write to the row, whichever process or tool made it, so a
 * save in another server process (docs/decisions/052-one-process-per-core.md) shows here on the
 * next request, and so does this process's own.
 */
import { getEnv } from "~/config/env.server";
import { Prisma, type ShopSettings as ShopSettingsRow } from "~/generated/prisma/client";
import { isLang, type Lang } from "~/i18n";
import type { InvoiceSeller } from "~/rules/invoice";
import type { DeliveryFees } from "~/rules/shipping";
import type { ImageInfo } from "~/utils/image-url";
import { catalogueVersionIfKnown } from "./catalogue/changes/change-log.server";
import { prisma } from "./db/client.server";
import {
  deleteOrphanImages,
  imageData,
  imageSelect,
  toImageInfo,
  type ImageRow,
  type NewImage,
} from "./catalogue/image.server";

/** The settings row with its logo's image (null: no logo). */
export type ShopSettings = ShopSettingsRow & { logo: ImageRow | null };

/**
 * The advance asked before dispatch and the Send Money numbers (docs/decisions/062-advance-payment.md):
 * settings of the owner's payments page, not of the settings form.
 */
type AdvanceSettingsField =
  | "advanceKind"
  | "advanceValue"
  | "advanceFor"
  | "advanceAbovePaisa"
  | "advanceWindowMinutes"
  | "bkashSendMoneyNumber"
  | "nagadSendMoneyNumber";

/** The fields the settings form saves (everything but the id, the logo, the time of the last change and the other pages' settings). */
export type ShopSettingsInput = Omit<
  ShopSettingsRow,
  "id" | "updatedAt" | "logoId" | "courierCsvColumns" | "defaultCourier" | "payoutOverdueDays" | AdvanceSettingsField
>;

/** What a save does to the logo: a newly stored image replaces it, `remove` drops it, else it stays. */
export type LogoChange = { image: NewImage | null; remove: boolean };

/** The shop's identity as a page shows it, in one language: the only settings sent to a browser. */
export type ShopIdentity = {
  name: string;
  tagline: string;
  about: string;
  email: string;
  phone: string;
  address: string;
  /** The logo's variants (alt text: the shop's name), or null. */
  logo: ImageInfo | null;
};

/** The relation to load with the settings: the logo's columns a page needs. */
const withLogo = { logo: { select: imageSelect } } as const;

const SETTINGS_ID = 1;

/**
 * The copy of the row and the catalogue version read just before it was loaded: a write committed
 * after that read moves the version (the change log's trigger on ShopSettings,
 * app/models/catalogue/changes/change-log.server.ts), so the copy is never kept past a change. The version also
 * moves with every product and stock change: the row is then read again, one indexed read.
 */
let cached: { version: number; settings: Promise<ShopSettings> } | null = null;
/** The read in flight while the catalogue version is unknown, shared by the requests that ask meanwhile. */
let unknownVersionRead: Promise<ShopSettings> | null = null;

/**
 * The shop's settings, from the in-process copy unless the catalogue version moved since it was
 * read (about 2 µs to ask), or cannot be known at the moment (`catalogueVersionIfKnown`); the
 * first call creates the row when missing.
 * @returns a promise rejected with the database's error when the row cannot be read (the next call
 *   tries again).
 */
export function getShopSettings(): Promise<ShopSettings> {
  let version: number | null;
  try {
    version = catalogueVersionIfKnown();
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  // Unknown (PostgreSQL's change log out of reach for a moment, or not yet read after the start):
  // read afresh and keep no copy; the requests that ask meanwhile share one read.
  if (version === null) {
    cached = null;
    unknownVersionRead ??= loadSettings().finally(() => {
      unknownVersionRead = null;
    });
    return unknownVersionRead;
  }
  if (cached && cached.version === version) return cached.settings;
  const entry = {
    version,
    settings: loadSettings().catch((error: unknown) => {
      if (cached === entry) cached = null;
      throw error;
    }),
  };
  cached = entry;
  return entry.settings;
}

/**
 * Reads the row, or creates it from the environment's SHOP_* values when it does not exist yet. Two
 * first requests may both find it missing (on PostgreSQL, in two processes or nodes at once, where
 * SQLite's one writer made them take turns): the one whose insert loses to the other's reads the
 * row the other made.
 */
async function loadSettings(): Promise<ShopSettings> {
  const stored = await prisma.shopSettings.findUnique({ where: { id: SETTINGS_ID }, include: withLogo });
  if (stored) return stored;
  try {
    return await createSettings();
  } catch (error) {
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
    return prisma.shopSettings.findUniqueOrThrow({ where: { id: SETTINGS_ID }, include: withLogo });
  }
}

/** Creates the row from the environment's SHOP_* values (an existing row is left as it is). */
function createSettings(): Promise<ShopSettings> {
  const env = getEnv();
  return prisma.shopSettings.upsert({
    where: { id: SETTINGS_ID },
    include: withLogo,
    update: {},
    create: {
      id: SETTINGS_ID,
      name: env.SHOP_NAME,
      tagline: env.SHOP_TAGLINE,
      about: env.SHOP_ABOUT,
      email: env.SHOP_EMAIL,
      phone: env.SHOP_PHONE,
      address: env.SHOP_ADDRESS,
      phoneOrderLimit: env.SHOP_PHONE_ORDER_LIMIT,
      addressOrderLimit: env.SHOP_ADDRESS_ORDER_LIMIT,
    },
  });
}

/**
 * Saves the owner's settings and their logo change in one transaction; every following read, in
 * any process, returns them.
 *
 * @returns the saved settings and the keys of logo images nothing uses any more, whose files the
 *   caller removes (removeImageFiles) now that the change is committed.
 * @throws Prisma's error when a write fails (nothing is changed then; the caller discards a newly
 *   stored logo's files).
 */
export async function saveShopSettings(
  input: ShopSettingsInput,
  logo: LogoChange = { image: null, remove: false },
): Promise<{ settings: ShopSettings; removedKeys: string[] }> {
  await getShopSettings(); // creates the row on a first start
  const result = await prisma.$transaction(async (tx) => {
    // The logo as stored now (not the cached copy): a save that raced this one may have changed it.
    const current = await tx.shopSettings.findUniqueOrThrow({ where: { id: SETTINGS_ID }, select: { logoId: true } });
    let logoId = current.logoId;
    if (logo.image) logoId = (await tx.image.create({ data: imageData(logo.image), select: { id: true } })).id;
    else if (logo.remove) logoId = null;
    const settings = await tx.shopSettings.update({
      where: { id: SETTINGS_ID },
      data: { ...input, logoId },
      include: withLogo,
    });
    const removedKeys =
      logoId !== current.logoId && current.logoId !== null ? await deleteOrphanImages(tx, [current.logoId]) : [];
    return { settings, removedKeys };
  });
  // The save moved the catalogue version: the next read loads the row again (with any save another
  // process committed meanwhile). Dropped here too, in case a read that began before the save is
  // still loading the old row under an older version.
  cached = null;
  unknownVersionRead = null;
  return result;
}

/**
 * Saves the advance rule and the Send Money numbers of the owner's payments page
 * (docs/decisions/062-advance-payment.md; the caller has checked them: amounts in paisa, a
 * percentage in basis points, phones as 01XXXXXXXXX or ""); every following read, in any process,
 * returns them.
 */
export async function saveAdvanceSettings(input: Pick<ShopSettingsRow, AdvanceSettingsField>): Promise<void> {
  await savePageSettings(input);
}

/**
 * Writes settings another page than the settings form owns (`data`, already checked), creating the
 * row on a first start; every following read, in any process, returns them.
 */
async function savePageSettings(data: Partial<Omit<ShopSettingsRow, "id" | "updatedAt">>): Promise<void> {
  await getShopSettings();
  await prisma.shopSettings.update({ where: { id: SETTINGS_ID }, data });
  cached = null;
  unknownVersionRead = null;
}

/**
 * Remembers the courier CSV export's columns, in order (comma-separated keys of
 * app/rules/courier-csv.ts; the caller has checked them), for the next export.
 */
export async function saveCourierCsvColumns(columns: readonly string[]): Promise<void> {
  await savePageSettings({ courierCsvColumns: columns.join(",") });
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
    logo: settings.logo ? toImageInfo(settings.logo, bangla(settings.nameBn, settings.name)) : null,
  };
}

/** The seller printed on an invoice: the identity in `lang` (the invoice's), the logo and the invoice lines the owner set. */
export function invoiceSeller(settings: ShopSettings, lang: Lang = "en"): InvoiceSeller {
  const { name, address, email, phone, logo } = shopIdentity(settings, lang);
  return { name, address, email, phone, logo, tradeLicence: settings.tradeLicence, bin: settings.bin };
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

/**
 * Sets the days after delivery when a parcel's cash is overdue on the payouts page
 * (docs/decisions/067-courier-payouts.md; the caller has checked them: 1 to 90).
 */
export async function savePayoutOverdueDays(days: number): Promise<void> {
  await savePageSettings({ payoutOverdueDays: days });
}

/**
 * The courier staff send with unless they choose (docs/decisions/066-pathao.md): "steadfast",
 * "pathao", or "" for none chosen (then Steadfast when its keys are saved).
 */
export async function saveDefaultCourier(courier: "steadfast" | "pathao" | ""): Promise<void> {
  await savePageSettings({ defaultCourier: courier });
}
