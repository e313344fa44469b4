import { Form } from "@remix-run/react";
import { useEffect, useRef, useState, type ChangeEvent, type FocusEvent, type ReactNode } from "react";
import { useLang, useT } from "~/hooks/use-t";
import type { MessageKey } from "~/i18n";
import { shippingMethodOf } from "~/rules/districts";
import { formatMoney, formatTakaShort } from "~/rules/money";
import { orderTotals } from "~/rules/pricing";
import { discountedTotals } from "~/rules/discount-codes";
import type { CartCode } from "~/components/cart/cart-contract";
import { checkoutFieldValid } from "~/forms/checkout-fields";
import type { CheckoutValues } from "~/forms/schemas";
import {
  DEFAULT_SHIPPING_METHOD,
  SHIPPING_METHODS,
  shippingFeePaisa,
  type DeliveryFees,
  type ShippingMethod,
} from "~/rules/shipping";
import { useHydrated } from "~/hooks/use-hydrated";
import { DistrictField } from "./district-field";
import { AdvanceNotice } from "./advance-notice";
import { NO_ADVANCE, type AdvanceRule } from "~/rules/advance";
import { describedBy, FieldHelp } from "./field-error";
import { CheckoutCodeField, ResendCodeButton, type CheckoutCodeStep } from "./checkout-code-field";

type FieldName = keyof CheckoutValues;

/** What a text field of the form is: its name, label and hint (message keys), and its input's kind. */
type TextFieldSpec = {
  name: FieldName;
  label: MessageKey;
  hint?: MessageKey;
  multiline?: boolean;
  required?: boolean;
  type?: "tel" | "email";
  autoComplete: string;
  inputMode?: "tel";
  maxLength: number;
};

/** The typed fields, in the form's order (the district select follows them). */
const TEXT_FIELDS: TextFieldSpec[] = [
  { name: "name", label: "checkout.name", autoComplete: "name", required: true, maxLength: 100 },
  {
    name: "phone",
    label: "checkout.phone",
    type: "tel",
    autoComplete: "tel",
    inputMode: "tel",
    required: true,
    maxLength: 20,
  },
  { name: "email", label: "checkout.email", type: "email", autoComplete: "email", maxLength: 254 },
  {
    name: "address",
    label: "checkout.address",
    autoComplete: "street-address",
    required: true,
    multiline: true,
    maxLength: 500,
  },
  {
    name: "area",
    label: "checkout.area",
    hint: "checkout.areaHint",
    autoComplete: "address-level3",
    required: true,
    maxLength: 100,
  },
];

const SHIPPING_LABELS: Record<ShippingMethod, { label: MessageKey; fee: MessageKey }> = {
  "Inside Dhaka": { label: "checkout.insideDhaka", fee: "checkout.insideDhakaFee" },
  "Outside Dhaka": { label: "checkout.outsideDhaka", fee: "checkout.outsideDhakaFee" },
};

/**
 * The checkout form (contact, delivery address and shipping method) with the order summary. The
 * server validates and prices everything; this form only shows its answer. Without JavaScript it is
 * a plain POST and the server's messages appear beside the fields with the typed values kept, and
 * the summary shows the total for each shipping method; with JavaScript the total follows the
 * chosen method, choosing a district ticks its zone (Inside Dhaka for Dhaka district, Outside Dhaka
 * for the rest) and leaves the other disabled, as the server charges the district's zone whatever is
 * posted (without JavaScript it asks the shopper to confirm the fee when the two differ), the button reads
 * 'Processing...' while submitting, focus moves to the error after a rejection, and a field's error
 * clears as soon as the field is put right (typing, choosing or leaving it; ~/forms/checkout-fields.ts
 * holds the server's rules), with the form's "correct the highlighted fields" once none is left.
 * The shown subtotal goes back as `expectedSubtotalPaisa`: the server refuses the order if it is no
 * longer what the shopper would be charged. An applied campaign `code` (one that applies to the
 * cart now) shows its discount line and the total after it, and its saving goes back as
 * `discountCode`, `expectedDiscountPaisa` and `expectedFreeDelivery`: the server refuses the order
 * if the code would now save anything else (docs/decisions/060-campaign-codes.md). `stockProblem` (a line asks for more than is in stock)
 * shows why the button is disabled until the cart is changed; the server checks again. `codeStep`
 * (the shop asks for a one-time code and sent one) adds the code field above the button and "Send a
 * new code" after it (./checkout-code-field.tsx).
 */
export function CheckoutForm({
  checkoutToken,
  subtotalPaisa,
  fees,
  advance = NO_ADVANCE,
  values = {},
  fieldErrors,
  formError,
  submitting,
  resending = false,
  stockProblem = false,
  code = null,
  codeStep = null,
}: {
  checkoutToken: string;
  subtotalPaisa: number;
  /** The campaign code applied and its saving, in paisa; null: none (or one that does not apply now). */
  code?: Pick<CartCode, "code" | "discountPaisa" | "freeDelivery"> | null;
  /** The shop's delivery fees (its settings), to show; the server charges them again. */
  fees: DeliveryFees;
  /** The shop's advance rule (rules/advance.ts), to tell the shopper before they order; the server computes it again. */
  advance?: AdvanceRule;
  values?: CheckoutValues;
  fieldErrors: Partial<Record<FieldName, string>>;
  formError: string | null;
  submitting: boolean;
  /** "Send a new code" is on its way (with JavaScript). */
  resending?: boolean;
  stockProblem?: boolean;
  /** The one-time code step the server asked for, or null. */
  codeStep?: CheckoutCodeStep | null;
}) {
  const t = useT();
  const lang = useLang();
  // The method ticked before a district decides it: the server's answer, else the specification's default.
  const [picked, setPicked] = useState<ShippingMethod>(
    (SHIPPING_METHODS as readonly string[]).includes(values.shippingMethod ?? "")
      ? (values.shippingMethod as ShippingMethod)
      : DEFAULT_SHIPPING_METHOD,
  );
  // Once a district is chosen, its zone is the method (the server charges it whatever is posted).
  const [districtMethod, setDistrictMethod] = useState(() => shippingMethodOf(values.district ?? ""));
  const method = districtMethod ?? picked;
  // Said to screen readers when choosing a district changed the shipping method below it.
  const [methodNotice, setMethodNotice] = useState("");
  const chooseDistrict = (name: string) => {
    const decided = shippingMethodOf(name);
    if (decided && decided !== method)
      setMethodNotice(t("checkout.methodSuggested", { method: t(SHIPPING_LABELS[decided].label) }));
    setDistrictMethod(decided);
  };
  const totalsFor = (option: ShippingMethod) =>
    discountedTotals(subtotalPaisa, orderTotals(subtotalPaisa, option, fees).shippingFeePaisa, code);
  const totals = totalsFor(method);
  const hydrated = useHydrated();
  const errorRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (formError) errorRef.current?.focus();
  }, [formError, fieldErrors]);
  // The fields put right since the server's answer (`fieldErrors`): their errors are hidden, and
  // shown again if the field is made wrong again. A new answer starts afresh.
  const [fixedSince, setFixedSince] = useState<{ answer: object; fields: Partial<Record<FieldName, boolean>> }>({
    answer: fieldErrors,
    fields: {},
  });
  const fixed = fixedSince.answer === fieldErrors ? fixedSince.fields : {};
  const check = (name: FieldName, value: string) => {
    if (!fieldErrors[name] || Boolean(fixed[name]) === checkoutFieldValid(name, value)) return;
    setFixedSince({ answer: fieldErrors, fields: { ...fixed, [name]: !fixed[name] } });
  };
  const errorOf = (name: FieldName) => (fixed[name] ? undefined : fieldErrors[name]);
  const erroneous = Object.keys(fieldErrors) as FieldName[];
  // With field errors the form's message only says to correct them: it goes with the last one.
  const shownFormError = erroneous.length > 0 && erroneous.every((name) => fixed[name]) ? null : formError;

  return (
    <Form
      method="post"
      noValidate
      className="space-y-4 rounded-lg border border-stone-200 bg-white p-5"
      aria-labelledby="checkout-heading"
    >
      <h2 id="checkout-heading" className="text-xl font-semibold">
        {t("checkout.title")}
      </h2>
      {codeStep?.notice ? (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="checkout-code-sent"
        >
          {codeStep.notice}
        </p>
      ) : null}
      {shownFormError ? (
        <p
          role="alert"
          ref={errorRef}
          tabIndex={-1}
          className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800"
          data-testid="checkout-error"
        >
          {shownFormError}
        </p>
      ) : null}
      <input type="hidden" name="checkoutToken" value={checkoutToken} />
      <input type="hidden" name="expectedSubtotalPaisa" value={subtotalPaisa} />
      <input type="hidden" name="discountCode" value={code?.code ?? ""} />
      <input type="hidden" name="expectedDiscountPaisa" value={code?.discountPaisa ?? 0} />
      <input type="hidden" name="expectedFreeDelivery" value={code?.freeDelivery ? "1" : "0"} />
      {TEXT_FIELDS.map(({ name, label, hint, ...options }) => (
        <TextField
          key={name}
          name={name}
          label={t(label)}
          hint={hint ? t(hint) : undefined}
          value={values[name]}
          error={errorOf(name)}
          onEdit={(value) => check(name, value)}
          {...options}
        />
      ))}
      <DistrictField
        id="checkout-district"
        t={t}
        lang={lang}
        defaultValue={values.district ?? ""}
        error={errorOf("district")}
        hint={t("checkout.districtHint")}
        autoComplete="address-level2"
        selectClassName={`mt-1 min-h-11 w-full rounded-md border bg-white px-3 py-2 ${errorOf("district") ? "border-red-500" : "border-stone-300"}`}
        onChoose={(name) => {
          check("district", name);
          chooseDistrict(name);
        }}
      />

      <fieldset>
        <legend className="text-sm font-medium">{t("checkout.shippingMethod")}</legend>
        <div className="mt-2 space-y-2">
          {SHIPPING_METHODS.map((option) => (
            <label key={option} className="flex items-center gap-2 rounded-md border border-stone-200 px-3 py-2">
              <input
                type="radio"
                name="shippingMethod"
                value={option}
                checked={option === method}
                // With JavaScript the district's zone is the only choice once a district is chosen;
                // without it the server asks to confirm the fee when the ticked zone is not the district's.
                disabled={hydrated && districtMethod !== null && option !== districtMethod}
                aria-describedby={hydrated && districtMethod !== null ? "checkout-method-by-district" : undefined}
                onChange={() => {
                  setPicked(option);
                  setMethodNotice("");
                }}
              />
              <span>
                {t(SHIPPING_LABELS[option].label)}{" "}
                <span className="text-sm text-stone-600">
                  {t(SHIPPING_LABELS[option].fee, {
                    fee: formatTakaShort(shippingFeePaisa(option, subtotalPaisa, fees), lang),
                  })}
                </span>
              </span>
            </label>
          ))}
        </div>
        {fees.freeFromPaisa !== null ? (
          <p className="mt-2 text-sm text-emerald-800" data-testid="free-delivery">
            {t("checkout.freeFrom", { amount: formatMoney(fees.freeFromPaisa, { lang }) })}
          </p>
        ) : null}
        {hydrated && districtMethod !== null ? (
          <p id="checkout-method-by-district" className="mt-2 text-sm text-stone-600">
            {t("checkout.methodByDistrict")}
          </p>
        ) : null}
        <p role="status" className="sr-only">
          {methodNotice}
        </p>
      </fieldset>

      <dl className="space-y-1 border-t border-stone-200 pt-4">
        <SummaryRow label={t("cart.subtotal")} testId="cart-subtotal">
          {formatMoney(subtotalPaisa, { lang })}
        </SummaryRow>
        {code && !code.freeDelivery ? (
          <SummaryRow label={t("cart.discount", { code: code.code })} testId="cart-discount">
            −{formatMoney(code.discountPaisa, { lang })}
          </SummaryRow>
        ) : null}
        {code?.freeDelivery ? (
          <SummaryRow label={t("cart.shippingWaived", { code: code.code })} testId="cart-discount">
            {t("cart.codeFreeDelivery", { code: code.code })}
          </SummaryRow>
        ) : null}
        {hydrated ? (
          <>
            <SummaryRow label={t("cart.shipping")} testId="cart-shipping">
              {formatMoney(totals.shippingFeePaisa, { lang })}
            </SummaryRow>
            <SummaryRow label={t("cart.total")} testId="cart-total" strong>
              {formatMoney(totals.totalPaisa, { lang })}
            </SummaryRow>
          </>
        ) : (
          // Without JavaScript the total cannot follow the radio buttons: show both.
          SHIPPING_METHODS.map((option) => (
            <SummaryRow
              key={option}
              label={t("checkout.totalFor", { method: t(SHIPPING_LABELS[option].label) })}
              testId={`cart-total-${option === "Inside Dhaka" ? "inside" : "outside"}`}
              strong
            >
              {formatMoney(totalsFor(option).totalPaisa, { lang })}
            </SummaryRow>
          ))
        )}
      </dl>

      <AdvanceNotice rule={advance} totals={hydrated ? [totals] : SHIPPING_METHODS.map(totalsFor)} />

      {stockProblem ? (
        <p
          id="checkout-stock-problem"
          className="text-sm font-medium text-red-700"
          data-testid="checkout-stock-problem"
        >
          {t("checkout.stockProblem")}
        </p>
      ) : null}
      {codeStep ? <CheckoutCodeField step={codeStep} focus={!formError} /> : null}
      <button
        type="submit"
        name="intent"
        value="checkout"
        disabled={submitting || stockProblem}
        aria-disabled={submitting || stockProblem}
        aria-describedby={stockProblem ? "checkout-stock-problem" : undefined}
        className={`w-full rounded-md bg-amber-700 px-5 py-3 font-semibold text-white hover:bg-amber-800 disabled:opacity-70 ${
          stockProblem ? "disabled:cursor-not-allowed" : "disabled:cursor-wait"
        }`}
      >
        {submitting ? t("checkout.processing") : t("checkout.placeOrder")}
      </button>
      {/* After Place order: Enter in a field submits the form's first button, which must place it. */}
      {codeStep ? <ResendCodeButton step={codeStep} pending={resending} disabled={submitting} /> : null}
    </Form>
  );
}

function SummaryRow({
  label,
  testId,
  strong,
  children,
}: {
  label: string;
  testId: string;
  strong?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`flex justify-between ${strong ? "text-lg font-semibold" : "text-stone-700"}`}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** One typed field: its label, the input (or textarea), its hint and its error, tied together for screen readers. */
function TextField({
  name,
  label,
  hint,
  value,
  error,
  onEdit,
  multiline,
  required,
  ...inputProps
}: Omit<TextFieldSpec, "label" | "hint"> & {
  label: string;
  /** Help shown under the field (and read with it). */
  hint?: string;
  value: string | undefined;
  error: string | undefined;
  /** Called with the field's text as it is typed and when it is left. */
  onEdit: (value: string) => void;
}) {
  const id = `checkout-${name}`;
  const common = {
    id,
    name,
    defaultValue: value ?? "",
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, hint, error),
    "aria-required": required || undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onEdit(event.currentTarget.value),
    onBlur: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => onEdit(event.currentTarget.value),
    className: `mt-1 min-h-11 w-full rounded-md border px-3 py-2 ${error ? "border-red-500" : "border-stone-300"}`,
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {multiline ? (
        <textarea rows={3} {...common} maxLength={inputProps.maxLength} />
      ) : (
        <input {...common} {...inputProps} />
      )}
      <FieldHelp id={id} hint={hint} error={error} />
    </div>
  );
}
