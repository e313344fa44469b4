import { Form, Link } from "@remix-run/react";
import { DistrictField } from "~/components/district-field";
import { FieldError } from "~/components/field-error";
import { AdminField, FormAlert } from "~/components/admin/form-field";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { usePending } from "~/hooks/use-pending";
import { districtLabel, shippingMethodLabel } from "~/components/admin/order-summary";
import { findDistrict, shippingMethodMismatch } from "~/rules/districts";
import { formatMoney } from "~/rules/money";
import { SubmitButton } from "~/components/admin/submit-button";
import { type EDIT_FIELDS, type OrderEditRefusal } from "./edit-fields";
import { LineLabel } from "./line-label";
import { localLineItemName } from "~/rules/variants";

/**
 * The edit form (`intent=save`): each line item's quantity (0 removes it) and the delivery details
 * (address, area, district; the shipping method follows the district), for the order's `version`. A refused save shows its
 * message on top, each field's error under it, and what was typed.
 */
export function EditForm({
  order,
  version,
  problem,
}: {
  order: {
    id: number;
    customerAddress: string;
    area: string | null;
    district: string | null;
    shippingMethod: string;
    shippingFeePaisa: number;
    /** The lines, named as the order snapshotted them: the product and its variant's label ("" for none). */
    items: { id: number; productName: string; variantLabel: string; unitPricePaisa: number; quantity: number }[];
  };
  version: number;
  problem: OrderEditRefusal | undefined;
}) {
  const t = useAdminT();
  const lang = useAdminLang();
  const saving = usePending({ intent: "save", state: "submitting" });
  const value = (name: string, fallback: string) => problem?.values[name] ?? fallback;
  const back = `/admin/orders/view/${order.id}`;
  const input = "mt-1 block w-full rounded-md border border-stone-300 px-3 py-2";
  const errorOf = (field: (typeof EDIT_FIELDS)[number]) => problem?.fieldErrors[field];
  return (
    <Form
      method="post"
      noValidate
      // A new form for each version of the order: after a refused add or a conflict, the fields show it as it is.
      key={version}
      className="space-y-6 rounded-lg border border-stone-200 bg-white p-5"
    >
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="version" value={version} />
      <FormAlert message={problem?.formError} testId="edit-error" refusal={problem} />
      <fieldset>
        <legend className="text-lg font-semibold">{t("admin.edit.items")}</legend>
        <p id="quantity-hint" className="text-sm text-stone-600">
          {t("admin.edit.quantityHint")}
        </p>
        <ul className="mt-3 divide-y divide-stone-100">
          {order.items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center gap-3 py-2" data-testid="edit-line">
              <LineLabel
                htmlFor={`quantity-${item.id}`}
                spoken={t("admin.edit.quantity", { name: localLineItemName(item, lang) })}
                name={localLineItemName(item, lang)}
                unitPricePaisa={item.unitPricePaisa}
              />
              <input
                id={`quantity-${item.id}`}
                name={`quantity-${item.id}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={999}
                defaultValue={value(`quantity-${item.id}`, String(item.quantity))}
                aria-describedby="quantity-hint"
                className="w-20 rounded-md border border-stone-300 px-2 py-1 text-right"
              />
            </li>
          ))}
        </ul>
        <FieldError id="edit-quantities-error" message={errorOf("quantities")} />
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">{t("admin.edit.delivery")}</legend>
        <AdminField
          id="edit-address"
          name="address"
          label={t("checkout.address")}
          maxLength={500}
          required
          defaultValue={value("address", order.customerAddress)}
          error={errorOf("address")}
        />
        <AdminField
          id="edit-area"
          name="area"
          label={t("checkout.area")}
          maxLength={100}
          required
          defaultValue={value("area", order.area ?? "")}
          error={errorOf("area")}
        />
        <DistrictField
          id="edit-district"
          t={t}
          lang={lang}
          defaultValue={value("district", order.district ? (findDistrict(order.district)?.name ?? order.district) : "")}
          error={errorOf("district")}
          selectClassName={`${input} bg-white`}
        />
        <ShippingMethodNote order={order} />
      </fieldset>

      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton pending={saving} pendingLabel={t("admin.edit.saving")} look="primary-small">
          {t("admin.edit.save")}
        </SubmitButton>
        <Link to={back} className="text-sm font-medium text-amber-800 underline">
          {t("admin.edit.cancel")}
        </Link>
      </div>
    </Form>
  );
}

/**
 * The order's shipping method and fee, and why there is nothing to choose: the district decides
 * (rules/districts.ts). An order whose stored method is not its district's (placed before the
 * district decided) is told what saving will charge.
 */
function ShippingMethodNote({
  order,
}: {
  order: { district: string | null; shippingMethod: string; shippingFeePaisa: number };
}) {
  const t = useAdminT();
  const lang = useAdminLang();
  const zone = shippingMethodMismatch(order);
  return (
    <div className="text-sm" data-testid="edit-shipping-method">
      <p className="font-medium">
        {t("admin.edit.methodNow", {
          method: shippingMethodLabel(order.shippingMethod, t),
          fee: formatMoney(order.shippingFeePaisa, { lang }),
        })}
      </p>
      <p className="text-stone-600">{t("admin.edit.methodByDistrict")}</p>
      {zone ? (
        <p className="mt-1 font-medium text-amber-900" data-testid="edit-method-mismatch">
          {t("admin.edit.methodMismatch", {
            method: shippingMethodLabel(order.shippingMethod, t),
            district: districtLabel(order.district ?? "", lang),
            zone: shippingMethodLabel(zone, t),
          })}
        </p>
      ) : null}
    </div>
  );
}
