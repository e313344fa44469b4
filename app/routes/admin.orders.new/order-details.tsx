import { AdminCheckbox, AdminField, Fieldset } from "~/components/admin/form-field";
import { shippingMethodLabel, districtLabel } from "~/components/admin/order-summary";
import { DistrictField } from "~/components/district-field";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import type { MessageKey } from "~/i18n/admin";
import { formatMoney } from "~/rules/money";
import { ORDER_SOURCES } from "~/rules/order-source";
import type { StaffOrderView } from "./form-state";

const button = "min-h-11 rounded-md border border-stone-300 px-4 py-2 text-sm font-medium hover:bg-stone-50";

/** The shopper's part of the staff order form: the phone (with "Look up"), name, e-mail, address and language. */
export function ShopperFields({ view }: { view: StaffOrderView }) {
  const t = useAdminT();
  const lang = useAdminLang();
  const { values, fieldErrors } = view;
  return (
    <Fieldset legend={t("admin.staffOrder.shopper")}>
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-1">
          <AdminField
            name="phone"
            label={t("admin.staffOrder.phone")}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            maxLength={40}
            required
            translate="no"
            hint={t("admin.staffOrder.phoneHint")}
            defaultValue={values.phone}
            error={fieldErrors.phone}
          />
        </div>
        <button type="submit" name="intent" value="lookup" className={`${button} mt-6`}>
          {t("admin.staffOrder.lookUp")}
        </button>
      </div>
      <AdminField
        name="name"
        label={t("checkout.name")}
        maxLength={100}
        required
        defaultValue={values.name}
        error={fieldErrors.name}
      />
      <AdminField
        name="email"
        label={t("admin.staffOrder.email")}
        type="email"
        maxLength={254}
        translate="no"
        defaultValue={values.email}
        error={fieldErrors.email}
      />
      <AdminField
        name="address"
        label={t("checkout.address")}
        maxLength={500}
        required
        defaultValue={values.address}
        error={fieldErrors.address}
      />
      <AdminField
        name="area"
        label={t("checkout.area")}
        maxLength={100}
        required
        defaultValue={values.area}
        error={fieldErrors.area}
      />
      <DistrictField
        id="district"
        t={t}
        lang={lang}
        defaultValue={values.district}
        error={fieldErrors.district}
        selectClassName="mt-1 block min-h-11 w-full rounded-md border border-stone-300 bg-white px-3 py-2"
      />
      <AdminField
        name="language"
        label={t("admin.staffOrder.language")}
        hint={t("admin.staffOrder.languageHint")}
        choices={[
          { value: "bn", label: t("admin.staffOrder.lang.bn") },
          { value: "en", label: t("admin.staffOrder.lang.en") },
        ]}
        defaultValue={values.language}
      />
    </Fieldset>
  );
}

/**
 * Delivery and payment: the district's zone and charge (an owner may type another charge), the
 * discount and its reason (shown to the shopper), the note, and where the shopper ordered.
 */
export function DeliveryFields({ view }: { view: StaffOrderView }) {
  const t = useAdminT();
  const lang = useAdminLang();
  const { values, fieldErrors, totals } = view;
  return (
    <Fieldset legend={t("admin.staffOrder.delivery")}>
      <p className="text-sm" data-testid="staff-order-zone">
        {totals.zone
          ? t("admin.staffOrder.zone", {
              district: districtLabel(values.district, lang),
              zone: shippingMethodLabel(totals.zone, t),
              fee: formatMoney(totals.shippingFeePaisa, { lang }),
            })
          : t("admin.staffOrder.zoneUnknown")}
      </p>
      {view.isOwner ? (
        <AdminField
          name="shippingFee"
          label={t("admin.staffOrder.fee")}
          hint={t("admin.staffOrder.feeHint")}
          inputMode="decimal"
          maxLength={12}
          defaultValue={values.shippingFee}
          error={fieldErrors.shippingFee}
        />
      ) : null}
      <AdminField
        name="discount"
        label={t("admin.staffOrder.discount")}
        inputMode="decimal"
        maxLength={12}
        defaultValue={values.discount}
        error={fieldErrors.discount}
      />
      <AdminField
        name="discountReason"
        label={t("admin.staffOrder.discountReason")}
        hint={t("admin.staffOrder.discountReasonHint")}
        maxLength={60}
        defaultValue={values.discountReason}
        error={fieldErrors.discountReason}
      />
      <AdminField
        name="note"
        label={t("admin.staffOrder.note")}
        hint={t("admin.staffOrder.noteHint")}
        multiline
        maxLength={1000}
        defaultValue={values.note}
        error={fieldErrors.note}
      />
      <AdminField
        name="source"
        label={t("admin.staffOrder.source")}
        choices={ORDER_SOURCES.map((source) => ({
          value: source,
          label: t(`admin.staffOrder.source.${source}` as MessageKey),
        }))}
        defaultValue={values.source}
        error={fieldErrors.source}
      />
    </Fieldset>
  );
}

/** The totals before placing (paisa, in the staff member's digits), and "Update totals". */
export function OrderTotals({ view }: { view: StaffOrderView }) {
  const t = useAdminT();
  const lang = useAdminLang();
  const { totals } = view;
  const row = (label: string, paisa: number, testId: string, strong = false) => (
    <div className={`flex justify-between gap-4 py-1 ${strong ? "font-semibold" : ""}`}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{formatMoney(paisa, { lang })}</dd>
    </div>
  );
  return (
    <section aria-labelledby="totals-title" className="rounded-lg border border-stone-200 bg-white p-4 sm:p-6">
      <h2 id="totals-title" className="text-lg font-semibold">
        {t("admin.staffOrder.totals")}
      </h2>
      <dl className="mt-2 text-sm">
        {row(t("admin.staffOrder.subtotal"), totals.subtotalPaisa, "staff-order-subtotal")}
        {totals.discountPaisa > 0
          ? row(t("admin.staffOrder.discountLine"), -totals.discountPaisa, "staff-order-discount")
          : null}
        {row(t("admin.staffOrder.deliveryLine"), totals.shippingFeePaisa, "staff-order-fee")}
        {row(t("admin.staffOrder.total"), totals.totalPaisa, "staff-order-total", true)}
        {totals.advancePaisa > 0
          ? row(t("admin.staffOrder.advance"), totals.advancePaisa, "staff-order-advance")
          : null}
        {row(t("admin.staffOrder.cash"), totals.cashPaisa, "staff-order-cash", true)}
      </dl>
      <button type="submit" name="intent" value="update" className={`${button} mt-3`}>
        {t("admin.staffOrder.update")}
      </button>
    </section>
  );
}

/** The owner's override of a refusal by the blocklist or the limits: the box and the required note. */
export function OverrideFields({ view }: { view: StaffOrderView }) {
  const t = useAdminT();
  if (!view.canOverride) return null;
  return (
    <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4" data-testid="staff-order-override">
      <AdminCheckbox
        name="override"
        label={t("admin.staffOrder.override")}
        hint={t("admin.staffOrder.overrideHint")}
        defaultChecked={view.values.override}
      />
      <AdminField
        name="overrideNote"
        label={t("admin.staffOrder.overrideNote")}
        maxLength={1000}
        defaultValue={view.values.overrideNote}
        error={view.fieldErrors.overrideNote}
      />
    </div>
  );
}
