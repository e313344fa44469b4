import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminTitle } from "~/components/admin/admin-meta";
import { AdminCheckbox, AdminField, Fieldset, FormAlert } from "~/components/admin/form-field";
import { AdminPageHeader } from "~/components/admin/page-header";
import { SubmitButton } from "~/components/admin/submit-button";
import { FieldHelp } from "~/components/field-error";
import {
  discountCodeSchema,
  discountFormValues,
  DISCOUNT_TEXT_FIELDS,
  type DiscountField,
  type DiscountFormValues,
} from "~/forms/discount-code-schema";
import { fieldErrorsFrom, type FormRefusal } from "~/forms/refusal";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { usePending } from "~/hooks/use-pending";
import {
  createDiscountCode,
  getDiscountCode,
  targetChoices,
  updateDiscountCode,
  type TargetProduct,
} from "~/models/discounts/discount-admin.server";
import { CODE_MAX_LENGTH, DISCOUNT_KINDS } from "~/rules/discount-codes";
import { instantToDhakaLocal } from "~/rules/dhaka-time";
import { formatTakaInput } from "~/rules/money";
import { staffTranslator } from "~/server/admin-i18n.server";
import { audit } from "~/server/audit.server";
import { requireOwner } from "~/server/auth/auth.server";
import { readFormData } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast-cookie.server";

export const meta = adminTitle("admin.discounts.title");

/** The code `params.id` names (null for "new"); a 404 for anything else. */
async function codeOf(param: string | undefined) {
  if (param === "new") return null;
  const id = Number(param);
  const code = Number.isSafeInteger(id) && id > 0 ? await getDiscountCode(id) : null;
  if (!code) throw new Response("Not found", { status: 404 });
  return code;
}

/** The form's values for a saved code (or a new one): its fields as the inputs show them. */
function valuesOf(code: Awaited<ReturnType<typeof codeOf>>): DiscountFormValues {
  if (!code) {
    return {
      ...(Object.fromEntries(DISCOUNT_TEXT_FIELDS.map((field) => [field, ""])) as Record<
        (typeof DISCOUNT_TEXT_FIELDS)[number],
        string
      >),
      kind: "percentage",
      appliesTo: "all",
      isActive: true,
      categoryIds: [],
      productIds: [],
      variantIds: [],
    };
  }
  const count = (value: number | null) => (value === null ? "" : String(value));
  return {
    code: code.code,
    note: code.note,
    kind: code.kind,
    value:
      code.kind === "percentage" ? String(code.value / 100) : code.kind === "fixed" ? formatTakaInput(code.value) : "",
    maxDiscount: formatTakaInput(code.maxDiscountPaisa),
    minSubtotal: formatTakaInput(code.minSubtotalPaisa),
    startsAt: instantToDhakaLocal(code.startsAt),
    endsAt: instantToDhakaLocal(code.endsAt),
    usageLimit: count(code.usageLimit),
    perPhoneLimit: count(code.perPhoneLimit),
    appliesTo: code.appliesTo,
    isActive: code.isActive,
    categoryIds: code.categoryIds,
    productIds: code.productIds,
    variantIds: code.variantIds,
  };
}

/** The form for a new code (/admin/discounts/new) or a saved one, with the catalogue it may target. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireOwner(request);
  const code = await codeOf(params.id);
  const values = valuesOf(code);
  return { id: code?.id ?? null, title: code?.code ?? null, values, choices: await targetChoices("", values) };
}

/** The answer to a refused save (400), or to a product search (200): what was typed, and what was found. */
type DiscountFormAnswer = FormRefusal<DiscountField, DiscountFormValues> & {
  search: string;
  found: TargetProduct[];
};

/**
 * `intent=search`: finds products for the targets by name or SKU, keeping everything typed (the
 * search works without JavaScript). `intent=save`: validates (400 with the messages and the typed
 * values), creates or saves the code with its targets, records it in the audit trail and goes back
 * to the list with a message.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireOwner(request);
  const t = staffTranslator(admin);
  const existing = await codeOf(params.id);
  const form = await readFormData(request);
  const values = discountFormValues(form);
  const search = String(form.get("search") ?? "").slice(0, 100);
  const answer = async (status: number, refusal: Omit<FormRefusal<DiscountField, DiscountFormValues>, "values">) => {
    const found =
      search.trim() === "" ? [] : (await targetChoices(search, { productIds: [], variantIds: [] })).products;
    return data<DiscountFormAnswer>({ ...refusal, values, search, found }, { status });
  };
  if (form.get("intent") === "search") return answer(200, { fieldErrors: {} });

  const parsed = discountCodeSchema(t).safeParse(values);
  if (!parsed.success) {
    return answer(400, {
      fieldErrors: fieldErrorsFrom(parsed.error, [...DISCOUNT_TEXT_FIELDS, "targets"]),
      formError: t("admin.discounts.fixErrors"),
    });
  }
  const input = parsed.data;
  const saved = existing ? await updateDiscountCode(existing.id, input) : await createDiscountCode(input);
  if (!saved.ok) {
    if (saved.reason === "not-found") throw new Response("Not found", { status: 404 });
    return answer(400, {
      fieldErrors: { code: t("admin.discounts.codeTaken") },
      formError: t("admin.discounts.fixErrors"),
    });
  }
  const id = existing?.id ?? (saved as { id?: number }).id ?? 0;
  await audit(context, admin, {
    action: existing ? "discount.updated" : "discount.created",
    subjectType: "discount-code",
    subjectId: id,
    summary: input.code,
    details: { ...input, startsAt: input.startsAt?.toISOString() ?? null, endsAt: input.endsAt?.toISOString() ?? null },
  });
  const message = t(existing ? "admin.discounts.saved" : "admin.discounts.created", { code: input.code });
  return id
    ? redirectWithToast(request, "/admin/discounts", { kind: "success", message })
    : redirect("/admin/discounts");
}

/**
 * /admin/discounts/new and /admin/discounts/:id: the code's form. Every part works without
 * JavaScript: kind as radio buttons, dates as Dhaka `datetime-local` inputs, the targets as
 * checkboxes (every category; the products found by the search button, which posts the form and
 * keeps what was typed, and the ones already chosen).
 */
export default function DiscountCodeFormPage() {
  const t = useAdminT();
  const lang = useAdminLang();
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as DiscountFormAnswer | undefined;
  const values = answer?.values ?? loaded.values;
  const errors = answer?.fieldErrors ?? {};
  const saving = usePending({ intent: "save", state: "submitting" });
  const products = new Map(loaded.choices.products.map((product) => [product.id, product]));
  for (const product of answer?.found ?? []) products.set(product.id, product);
  const field = (
    name: (typeof DISCOUNT_TEXT_FIELDS)[number],
    label: string,
    options: Parameters<typeof AdminField>[0] extends infer P ? Partial<P> : never = {},
  ) => <AdminField name={name} label={label} defaultValue={values[name]} error={errors[name]} {...options} />;
  const title = loaded.title ? t("admin.discounts.editTitle", { code: loaded.title }) : t("admin.discounts.newTitle");

  return (
    <section aria-labelledby="discount-title" className="max-w-3xl space-y-6">
      <AdminPageHeader id="discount-title" title={title} subtitle={t("admin.discounts.subtitle")} />
      <p>
        <Link to="/admin/discounts" className="inline-flex min-h-11 items-center font-medium text-amber-800 underline">
          {t("admin.discounts.back")}
        </Link>
      </p>
      {/* A new form after each answer: the inputs show the values it sent back. */}
      <Form key={JSON.stringify(values)} method="post" noValidate className="space-y-6">
        {/* Enter in a field saves (the form's first submit button), not the product search below. */}
        <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only">
          {t("admin.discounts.save")}
        </button>
        <FormAlert message={answer?.formError} refusal={answer} />
        <Fieldset legend={t("admin.discounts.code")}>
          {field("code", t("admin.discounts.code"), {
            hint: t("admin.discounts.codeHint"),
            required: true,
            maxLength: CODE_MAX_LENGTH,
            autoComplete: "off",
            spellCheck: false,
            translate: "no",
            inputClassName: "font-mono uppercase",
          })}
          {field("note", t("admin.discounts.note"), { hint: t("admin.discounts.noteHint"), maxLength: 200 })}
          <fieldset>
            <legend className="text-sm font-medium">{t("admin.discounts.kind")}</legend>
            {DISCOUNT_KINDS.map((kind) => (
              <Choice key={kind} type="radio" name="kind" value={kind} checked={values.kind === kind}>
                {t(`admin.discounts.kind.${kind}`)}
              </Choice>
            ))}
            <FieldHelp id="kind" error={errors.kind} />
          </fieldset>
          {field("value", t("admin.discounts.value"), {
            hint: t("admin.discounts.valueHint"),
            inputMode: "decimal",
            maxLength: 20,
          })}
          {field("maxDiscount", t("admin.discounts.maxDiscount"), {
            hint: t("admin.discounts.maxDiscountHint"),
            inputMode: "decimal",
            maxLength: 20,
          })}
          {field("minSubtotal", t("admin.discounts.minSubtotal"), { inputMode: "decimal", maxLength: 20 })}
        </Fieldset>
        <Fieldset legend={t("admin.discounts.colDates")}>
          <p id="dates-hint" className="text-sm text-stone-600">
            {t("admin.discounts.datesHint")}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            {(["startsAt", "endsAt"] as const).map((name) => (
              <div key={name}>
                <label htmlFor={name} className="block text-sm font-medium">
                  {t(`admin.discounts.${name}`)}
                </label>
                <input
                  id={name}
                  name={name}
                  type="datetime-local"
                  defaultValue={values[name]}
                  aria-invalid={errors[name] ? true : undefined}
                  aria-describedby={errors[name] ? `${name}-error dates-hint` : "dates-hint"}
                  className="mt-1 block min-h-11 w-full rounded-md border border-stone-300 px-3 py-2"
                />
                <FieldHelp id={name} error={errors[name]} />
              </div>
            ))}
          </div>
          {field("usageLimit", t("admin.discounts.usageLimit"), {
            hint: t("admin.discounts.usageLimitHint"),
            inputMode: "numeric",
            maxLength: 7,
          })}
          {field("perPhoneLimit", t("admin.discounts.perPhoneLimit"), { inputMode: "numeric", maxLength: 7 })}
          <AdminCheckbox name="isActive" label={t("admin.discounts.isActive")} defaultChecked={values.isActive} />
        </Fieldset>
        <Fieldset legend={t("admin.discounts.appliesTo")}>
          {(["all", "selected"] as const).map((scope) => (
            <Choice key={scope} type="radio" name="appliesTo" value={scope} checked={values.appliesTo === scope}>
              {t(scope === "all" ? "admin.discounts.appliesAll" : "admin.discounts.appliesSelected")}
            </Choice>
          ))}
          <FieldHelp id="targets" error={errors.targets} />
          <fieldset>
            <legend className="text-sm font-medium">{t("admin.discounts.categories")}</legend>
            <div className="grid gap-x-4 sm:grid-cols-2">
              {loaded.choices.categories.map((category) => (
                <Choice
                  key={category.id}
                  name="categoryIds"
                  value={category.id}
                  checked={values.categoryIds.includes(category.id)}
                >
                  <span translate="no">{lang === "bn" && category.nameBn ? category.nameBn : category.name}</span>
                </Choice>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend className="text-sm font-medium">{t("admin.discounts.products")}</legend>
            <div className="mt-1 flex gap-2">
              <label htmlFor="search" className="sr-only">
                {t("admin.discounts.search")}
              </label>
              <input
                id="search"
                name="search"
                type="search"
                defaultValue={answer?.search ?? ""}
                placeholder={t("admin.discounts.search")}
                className="block min-h-11 w-full min-w-0 rounded-md border border-stone-300 px-3 py-2"
              />
              <button
                type="submit"
                name="intent"
                value="search"
                className="min-h-11 shrink-0 rounded-md border border-stone-300 bg-white px-4 font-medium hover:bg-stone-50"
              >
                {t("admin.discounts.searchButton")}
              </button>
            </div>
            {answer?.search && answer.found.length === 0 ? (
              <p className="mt-2 text-sm text-stone-600">{t("admin.discounts.noMatches")}</p>
            ) : null}
            <ul className="mt-2 space-y-1" data-testid="discount-products">
              {[...products.values()].map((product) => (
                <li key={product.id}>
                  <Choice
                    name="productIds"
                    value={product.id}
                    checked={values.productIds.includes(product.id)}
                    className="font-medium"
                  >
                    <span>
                      {t("admin.discounts.wholeProduct", { name: "\u0001" })
                        .split("\u0001")
                        .map((part, index) =>
                          index === 0 ? (
                            part
                          ) : (
                            <span key={index}>
                              <span translate="no">{product.name}</span>
                              {part}
                            </span>
                          ),
                        )}
                    </span>
                  </Choice>
                  {product.variants
                    .filter((variant) => variant.label !== "")
                    .map((variant) => (
                      <Choice
                        key={variant.id}
                        name="variantIds"
                        value={variant.id}
                        checked={values.variantIds.includes(variant.id)}
                        className="ml-8"
                      >
                        <span translate="no">{variant.label}</span>
                        {variant.sku ? (
                          <span className="font-mono text-sm text-stone-600" translate="no">
                            {variant.sku}
                          </span>
                        ) : null}
                      </Choice>
                    ))}
                </li>
              ))}
            </ul>
          </fieldset>
        </Fieldset>
        <SubmitButton pending={saving} pendingLabel={t("admin.discounts.saving")} name="intent" value="save">
          {t("admin.discounts.save")}
        </SubmitButton>
      </Form>
    </section>
  );
}

/** A radio button or checkbox inside its label, the whole line (44 px tall) its tap target. */
function Choice({
  type = "checkbox",
  name,
  value,
  checked,
  className = "",
  children,
}: {
  type?: "checkbox" | "radio";
  name: string;
  value: string | number;
  checked: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={`flex min-h-11 items-center gap-3 ${className}`.trim()}>
      <input type={type} name={name} value={value} defaultChecked={checked} className="h-5 w-5 shrink-0" />
      {children}
    </label>
  );
}

export const ErrorBoundary = adminErrorBoundary({ backTo: "/admin/discounts", backLabel: "admin.discounts.back" });
