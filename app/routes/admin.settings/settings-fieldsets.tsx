/**
 * The settings form's groups of fields (/admin/settings), each a titled card. Every text field is
 * an AdminField whose id is its name, refilled from `values` (what was saved, or what was typed
 * when a save was refused) with its message from `errors`.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { AdminCheckbox, AdminField, Fieldset } from "~/components/admin/form-field";
import { ImageField } from "~/components/admin/image-field";
import { ResponsiveImage } from "~/components/responsive-image";
import type { FieldErrors } from "~/forms/refusal";
import { useAdminT } from "~/hooks/use-admin-t";
import type { MessageKey } from "~/i18n/admin";
import type { ImageInfo } from "~/utils/image-url";
import { CHECKOUT_CODE_MODES, type CheckoutCodeMode } from "~/rules/checkout-code";
import type { SettingsField, SettingsFormValues } from "./settings-form.server";

/** Each checkout code setting's label (message keys). */
const CHECKOUT_CODE_LABELS: Record<CheckoutCodeMode, MessageKey> = {
  off: "admin.settings.checkoutCodeOff",
  "new-phones": "admin.settings.checkoutCodeNewPhones",
  "every-order": "admin.settings.checkoutCodeEveryOrder",
};

/**
 * The form's sections in page order: each one's title (a message key) and the fields it holds.
 * Each is a fieldset with the id `settings-<section>`, the target of its jump link at the top.
 */
export const settingsSections = {
  identity: {
    legend: "admin.settings.identity",
    fields: ["name", "nameBn", "tagline", "taglineBn", "about", "aboutBn"],
  },
  logo: { legend: "admin.settings.logo", fields: [] },
  contact: { legend: "admin.settings.contact", fields: ["email", "phone", "address", "addressBn"] },
  delivery: {
    legend: "admin.settings.delivery",
    fields: ["insideDhakaFeePaisa", "outsideDhakaFeePaisa", "freeDeliveryMinPaisa"],
  },
  language: { legend: "admin.settings.language", fields: ["defaultLanguage"] },
  invoice: { legend: "admin.settings.invoice", fields: ["tradeLicence", "bin"] },
  stock: { legend: "admin.settings.stock", fields: ["lowStockThreshold"] },
  orderLimits: {
    legend: "admin.settings.orderLimits",
    fields: ["phoneOrderLimit", "addressOrderLimit", "checkoutCode"],
  },
  security: { legend: "admin.settings.security", fields: ["requireOwnerTwoFactor"] },
} as const satisfies Record<string, { legend: MessageKey; fields: readonly SettingsField[] }>;

/** A section of the settings form. */
export type SettingsSection = keyof typeof settingsSections;

/** The id of a section's fieldset (its jump link is `#` and this). */
export const sectionId = (section: SettingsSection) => `settings-${section}`;

/** One section's fieldset, titled by its legend. */
function Section({ section, children }: { section: SettingsSection; children: ReactNode }) {
  const t = useAdminT();
  return (
    <Fieldset id={sectionId(section)} legend={t(settingsSections[section].legend)}>
      {children}
    </Fieldset>
  );
}

/**
 * The English texts' fields: English in the Bangla back office too, and the owner's own words (not
 * to be translated), beside their Bangla versions.
 */
const english = { lang: "en", translate: "no" } as const;

/** What each group shows: the form's values and the refused save's field messages. */
type GroupProps = { values: SettingsFormValues; errors: FieldErrors<SettingsField> };

type FieldOptions = Omit<Parameters<typeof AdminField>[0], "name" | "label" | "defaultValue" | "error">;

/** One text field of the settings form: `label` is its message key. */
function SettingField({
  name,
  label,
  values,
  errors,
  ...options
}: GroupProps & { name: SettingsField; label: MessageKey } & FieldOptions) {
  const t = useAdminT();
  return <AdminField name={name} label={t(label)} defaultValue={values[name]} error={errors[name]} {...options} />;
}

/** The shop's name, tagline and about text, in English and Bangla. */
export function IdentityFieldset(props: GroupProps) {
  const t = useAdminT();
  return (
    <Section section="identity">
      <SettingField {...props} name="name" label="admin.settings.name" required maxLength={100} {...english} />
      <SettingField
        {...props}
        name="nameBn"
        label="admin.settings.nameBn"
        hint={t("admin.settings.banglaHint")}
        maxLength={100}
        lang="bn"
      />
      <SettingField {...props} name="tagline" label="admin.settings.tagline" required maxLength={200} {...english} />
      <SettingField {...props} name="taglineBn" label="admin.settings.taglineBn" maxLength={200} lang="bn" />
      <SettingField
        {...props}
        name="about"
        label="admin.settings.about"
        required
        multiline
        maxLength={1000}
        {...english}
      />
      <SettingField {...props} name="aboutBn" label="admin.settings.aboutBn" multiline maxLength={1000} lang="bn" />
    </Section>
  );
}

/** The logo: the current one with a "remove" box, and the file input for a new one. */
export function LogoFieldset({
  logo,
  values,
  fileErrors,
}: {
  logo: ImageInfo | null;
  values: SettingsFormValues;
  fileErrors: string[];
}) {
  const t = useAdminT();
  return (
    <Section section="logo">
      {logo ? (
        <div className="space-y-2">
          <p className="text-sm font-medium">{t("admin.settings.currentLogo")}</p>
          {/* Its alt text is the shop's English name: a name, not to be translated. */}
          <div translate="no">
            <ResponsiveImage
              image={logo}
              sizes="240px"
              className="h-16 w-auto max-w-60 rounded border border-stone-200 bg-white object-contain p-1"
            />
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="removeLogo" defaultChecked={values.removeLogo === "on"} />
            {t("admin.settings.removeLogo")}
          </label>
        </div>
      ) : (
        <p className="text-sm text-stone-600">{t("admin.settings.noLogo")}</p>
      )}
      <ImageField
        id="logo"
        name="logo"
        label={t("admin.settings.logoFile")}
        buttonLabel={logo ? t("admin.settings.changeLogo") : t("admin.settings.uploadLogo")}
        hint={t("admin.settings.logoHint")}
        errors={fileErrors}
      />
    </Section>
  );
}

/** The shop's e-mail, phone and address. */
export function ContactFieldset(props: GroupProps) {
  return (
    <Section section="contact">
      <SettingField
        {...props}
        name="email"
        label="admin.settings.email"
        required
        type="email"
        maxLength={254}
        translate="no"
      />
      <SettingField
        {...props}
        name="phone"
        label="admin.settings.phone"
        required
        type="tel"
        maxLength={40}
        translate="no"
      />
      <SettingField
        {...props}
        name="address"
        label="admin.settings.address"
        required
        multiline
        maxLength={300}
        {...english}
      />
      <SettingField {...props} name="addressBn" label="admin.settings.addressBn" multiline maxLength={300} lang="bn" />
    </Section>
  );
}

/** The shipping fees (taka) and the subtotal from which delivery is free. */
export function DeliveryFieldset(props: GroupProps) {
  const t = useAdminT();
  return (
    <Section section="delivery">
      <SettingField
        {...props}
        name="insideDhakaFeePaisa"
        label="admin.settings.insideDhakaFee"
        required
        inputMode="decimal"
      />
      <SettingField
        {...props}
        name="outsideDhakaFeePaisa"
        label="admin.settings.outsideDhakaFee"
        required
        inputMode="decimal"
        hint={t("admin.settings.feeHint")}
      />
      <SettingField
        {...props}
        name="freeDeliveryMinPaisa"
        label="admin.settings.freeFrom"
        inputMode="decimal"
        hint={t("admin.settings.freeFromHint")}
      />
    </Section>
  );
}

/** The storefront's default language (English or Bangla). */
export function LanguageFieldset({ values }: { values: SettingsFormValues }) {
  const t = useAdminT();
  return (
    <Section section="language">
      <AdminField
        name="defaultLanguage"
        label={t("admin.settings.defaultLanguage")}
        choices={[
          { value: "en", label: t("admin.settings.english") },
          { value: "bn", label: t("admin.settings.bangla") },
        ]}
        defaultValue={values.defaultLanguage ?? "en"}
        hint={t("admin.settings.defaultLanguageHint")}
        inputClassName="sm:max-w-xs"
      />
    </Section>
  );
}

/** The lines printed on invoices: the trade licence and the BIN. */
export function InvoiceFieldset(props: GroupProps) {
  const t = useAdminT();
  return (
    <Section section="invoice">
      <SettingField
        {...props}
        name="tradeLicence"
        label="admin.settings.tradeLicence"
        maxLength={60}
        hint={t("admin.settings.invoiceHint")}
        translate="no"
      />
      <SettingField {...props} name="bin" label="admin.settings.bin" maxLength={30} translate="no" />
    </Section>
  );
}

/** The stock count at or under which a product is marked low. */
export function StockFieldset(props: GroupProps) {
  const t = useAdminT();
  return (
    <Section section="stock">
      <SettingField
        {...props}
        name="lowStockThreshold"
        label="admin.settings.lowStockThreshold"
        required
        inputMode="numeric"
        maxLength={6}
        hint={t("admin.settings.lowStockHint")}
      />
    </Section>
  );
}

/**
 * How many open orders one phone, or one address, may have (the checkout limits), and when
 * checkout asks for a one-time code by SMS. Codes need an SMS gateway that delivers them (`codeSms`:
 * "no-gateway", or "failing" when the shop's last codes all failed), so a setting other than "off"
 * is warned about then: checkout asks for no code meanwhile.
 */
export function OrderLimitsFieldset({ codeSms, ...props }: GroupProps & { codeSms: "ok" | "no-gateway" | "failing" }) {
  const t = useAdminT();
  return (
    <Section section="orderLimits">
      <p className="text-sm text-stone-600">{t("admin.settings.orderLimitsHint")}</p>
      <SettingField
        {...props}
        name="phoneOrderLimit"
        label="admin.settings.phoneOrderLimit"
        required
        inputMode="numeric"
        maxLength={5}
      />
      <SettingField
        {...props}
        name="addressOrderLimit"
        label="admin.settings.addressOrderLimit"
        required
        inputMode="numeric"
        maxLength={5}
      />
      <Link
        to="/admin/blocklist"
        className="inline-flex min-h-11 items-center text-sm font-medium text-amber-800 underline"
      >
        {t("admin.blocklist.manage")}
      </Link>
      <AdminField
        name="checkoutCode"
        label={t("admin.settings.checkoutCode")}
        choices={CHECKOUT_CODE_MODES.map((mode) => ({ value: mode, label: t(CHECKOUT_CODE_LABELS[mode]) }))}
        defaultValue={props.values.checkoutCode ?? "off"}
        error={props.errors.checkoutCode}
        hint={t("admin.settings.checkoutCodeHint")}
        inputClassName="sm:max-w-md"
      />
      {props.values.checkoutCode && props.values.checkoutCode !== "off" && codeSms !== "ok" ? (
        <p
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid={codeSms === "failing" ? "checkout-code-failing" : "checkout-code-no-gateway"}
          role="status"
        >
          {codeSms === "failing" ? (
            <>
              {t("admin.settings.checkoutCodeFailing")}{" "}
              <Link to="/admin/sms/messages?state=failed" className="font-medium underline">
                {t("admin.settings.checkoutCodeFailed")}
              </Link>
            </>
          ) : (
            t("admin.settings.checkoutCodeNoGateway")
          )}
        </p>
      ) : null}
      <Link to="/admin/sms" className="inline-flex min-h-11 items-center text-sm font-medium text-amber-800 underline">
        {t("admin.settings.checkoutCodeGateway")}
      </Link>
    </Section>
  );
}

/** Whether every owner must use two-factor sign-in. */
export function SecurityFieldset({ values }: { values: SettingsFormValues }) {
  const t = useAdminT();
  return (
    <Section section="security">
      <AdminCheckbox
        name="requireOwnerTwoFactor"
        label={t("admin.settings.requireOwnerTwoFactor")}
        defaultChecked={values.requireOwnerTwoFactor === "on"}
        hint={t("admin.settings.requireOwnerTwoFactorHint")}
      />
    </Section>
  );
}
