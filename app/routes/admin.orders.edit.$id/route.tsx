import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useRef } from "react";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminMetaTranslator } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { orderAddSchema, orderEditSchema } from "~/forms/admin-schemas";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import type { AdminTranslate } from "~/i18n/admin";
import { editOrder, type OrderEditResult } from "~/models/order-edit.server";
import { getOrderForAdmin } from "~/models/order.server";
import { searchProductSuggestions } from "~/models/product.server";
import { deliveryFees, getShopSettings } from "~/models/settings.server";
import { districtGroups, placeName } from "~/rules/districts";
import { formatMoney, unitPricePaisa } from "~/rules/money";
import { isEditable } from "~/rules/order-edit";
import { normalizeSearchQuery } from "~/rules/search";
import { SHIPPING_METHODS } from "~/rules/shipping";
import { staffLanguage, staffTranslator } from "~/server/admin-i18n.server";
import { audit } from "~/server/audit.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { readFormData } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast.server";
import { notFound, requireId } from "~/utils/params";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = adminMetaTranslator(matches);
  return [{ title: data ? t("admin.edit.title", { id: data.order.id }) : t("admin.order.notFound") }];
};

/** Products offered by the add search: a few, the best matches. */
const ADD_RESULTS = 8;

/**
 * The order as the edit form shows it, whether it may still be edited (docs/decisions/031), its
 * `version` (updatedAt in ms), and with `?q=` the products matching the add search.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = requireId(params.id);
  const order = await getOrderForAdmin(id);
  if (!order) throw notFound();
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const query = normalizeSearchQuery(q);
  const results = query
    ? (await searchProductSuggestions(query, ADD_RESULTS)).map((product) => ({
        id: product.id,
        name: product.name,
        unitPricePaisa: unitPricePaisa(product),
      }))
    : [];
  return { order, editable: isEditable(order), version: order.updatedAt.getTime(), q: q.slice(0, 100), results };
}

/** A refused save (400): the message, the field errors and what was typed. */
type EditProblem = {
  formError: string;
  fieldErrors: Partial<Record<"address" | "area" | "district" | "shippingMethod" | "quantities", string>>;
  values: Record<string, string>;
};

/** The message of a refused edit, or null for an outcome that is not a refusal. */
function refusal(result: OrderEditResult, t: AdminTranslate): string | null {
  switch (result.outcome) {
    case "locked":
      return t("admin.edit.locked");
    case "conflict":
      return t("admin.edit.conflict");
    case "no-lines":
      return t("admin.edit.noLines");
    case "too-many-lines":
      return t("admin.edit.tooManyLines");
    case "quantity":
      return t("admin.edit.quantityInvalid");
    case "product-missing":
      return t("admin.edit.productMissing");
    case "out-of-stock": {
      const items = result.shortages.map((shortage) => t("admin.stock.shortageItem", shortage)).join(", ");
      return t("admin.edit.outOfStock", { items });
    }
    default:
      return null;
  }
}

/**
 * `intent=save`: the quantities (`quantity-<line id>`) and delivery details; `intent=add`: one
 * product and its quantity. Either is one edit (app/models/order-edit.server.ts): totals recomputed
 * here, stock through the ledger, the history entry. Then the order page with the new total. A
 * refusal keeps what was typed (400 on this page); a conflict shows the order as it is now.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const t = staffTranslator(admin);
  const id = requireId(params.id);
  const form = await readFormData(request);
  const editUrl = `/admin/orders/edit/${id}`;
  const order = await getOrderForAdmin(id);
  if (!order) return redirectWithToast(request, "/admin/orders", { kind: "error", message: t("admin.order.notFound") });
  const values = Object.fromEntries([...form].map(([key, value]) => [key, String(value)]));
  const address = {
    customerAddress: order.customerAddress,
    area: order.area ?? "",
    district: order.district ?? "",
    shippingMethod: order.shippingMethod,
  };

  let editRequest: Parameters<typeof editOrder>[1];
  if (form.get("intent") === "add") {
    const parsed = orderAddSchema(t).safeParse(values);
    if (!parsed.success) {
      return redirectWithToast(request, editUrl, { kind: "error", message: parsed.error.issues[0]!.message });
    }
    editRequest = {
      version: parsed.data.version,
      quantities: new Map(),
      add: { productId: parsed.data.productId, quantity: parsed.data.quantity },
      address,
    };
  } else {
    const quantities = Object.fromEntries(
      Object.entries(values).flatMap(([key, value]) => {
        const match = /^quantity-(\d+)$/.exec(key);
        return match ? [[match[1]!, value]] : [];
      }),
    );
    const parsed = orderEditSchema(t).safeParse({ ...values, quantities });
    if (!parsed.success) {
      const fieldErrors: EditProblem["fieldErrors"] = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof EditProblem["fieldErrors"];
        fieldErrors[field] ??= issue.message;
      }
      return data<EditProblem>({ formError: t("admin.edit.fixErrors"), fieldErrors, values }, { status: 400 });
    }
    editRequest = {
      version: parsed.data.version,
      quantities: new Map(Object.entries(parsed.data.quantities).map(([line, quantity]) => [Number(line), quantity])),
      add: null,
      address: {
        customerAddress: parsed.data.address,
        area: parsed.data.area,
        district: parsed.data.district,
        shippingMethod: parsed.data.shippingMethod,
      },
    };
  }

  const result = await editOrder(id, editRequest, deliveryFees(await getShopSettings()), admin);
  if (result.outcome === "edited") {
    await audit(context, admin, {
      action: "order.edited",
      subjectType: "order",
      subjectId: id,
      summary: `${result.totalPaisa}`,
      details: { request: editRequest, totalPaisa: result.totalPaisa },
    });
    const total = formatMoney(result.totalPaisa, { lang: staffLanguage(admin) });
    return redirectWithToast(request, `/admin/orders/view/${id}`, {
      kind: "success",
      message: t("admin.edit.saved", { id, total }),
    });
  }
  if (result.outcome === "unchanged") {
    return redirectWithToast(request, `/admin/orders/view/${id}`, { kind: "info", message: t("admin.edit.unchanged") });
  }
  if (result.outcome === "not-found") {
    return redirectWithToast(request, "/admin/orders", { kind: "error", message: t("admin.order.notFound") });
  }
  const message = refusal(result, t) ?? t("error.generic");
  // A conflict or a locked order: the page again as it is now, the message on top.
  if (result.outcome === "conflict" || result.outcome === "locked" || form.get("intent") === "add") {
    return redirectWithToast(request, editUrl, { kind: "error", message });
  }
  return data<EditProblem>({ formError: message, fieldErrors: {}, values }, { status: 400 });
}

/** /admin/orders/edit/:id: the line items' quantities, the delivery details, and a product to add. */
export default function OrderEditPage() {
  const t = useAdminT();
  const lang = useAdminLang();
  const { order, editable, version, q, results } = useLoaderData<typeof loader>();
  const problem = useActionData<typeof action>() as EditProblem | undefined;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const groups = useMemo(() => districtGroups(lang), [lang]);
  const alertRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (problem) alertRef.current?.focus();
  }, [problem]);
  const value = (name: string, fallback: string) => problem?.values[name] ?? fallback;
  const money = (paisa: number) => formatMoney(paisa, { lang });
  const back = `/admin/orders/view/${order.id}`;
  const input = "mt-1 block w-full rounded-md border border-stone-300 px-3 py-2";
  const errorOf = (field: keyof EditProblem["fieldErrors"]) => problem?.fieldErrors[field];

  if (!editable) {
    return (
      <section aria-labelledby="edit-title" className="max-w-3xl space-y-4" data-testid="edit-locked">
        <AdminPageHeader
          id="edit-title"
          title={t("admin.edit.title", { id: order.id })}
          subtitle={t("admin.edit.locked")}
        />
        <Link to={back} className="font-medium text-amber-800 underline">
          {t("admin.edit.cancel")}
        </Link>
      </section>
    );
  }

  return (
    <section aria-labelledby="edit-title" className="max-w-3xl space-y-6">
      <AdminPageHeader
        id="edit-title"
        title={t("admin.edit.title", { id: order.id })}
        subtitle={t("admin.edit.subtitle")}
      />

      <Form
        method="post"
        noValidate
        // A new form for each version of the order: after a refused add or a conflict, the fields show it as it is.
        key={version}
        className="space-y-6 rounded-lg border border-stone-200 bg-white p-5"
      >
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="version" value={version} />
        {problem ? (
          <p ref={alertRef} tabIndex={-1} role="alert" className="font-medium text-red-700" data-testid="edit-error">
            {problem.formError}
          </p>
        ) : null}
        <fieldset>
          <legend className="text-lg font-semibold">{t("admin.edit.items")}</legend>
          <p id="quantity-hint" className="text-sm text-stone-600">
            {t("admin.edit.quantityHint")}
          </p>
          <ul className="mt-3 divide-y divide-stone-100">
            {order.items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center gap-3 py-2" data-testid="edit-line">
                <label htmlFor={`quantity-${item.id}`} className="min-w-0 flex-1">
                  <span className="sr-only">{t("admin.edit.quantity", { name: item.productName })}</span>
                  <span aria-hidden="true" className="font-medium">
                    {item.productName}
                  </span>
                  <span aria-hidden="true" className="block text-sm text-stone-600">
                    {t("admin.edit.unitPrice", { price: money(item.unitPricePaisa) })}
                  </span>
                </label>
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
          {errorOf("quantities") ? <p className="mt-1 text-sm text-red-700">{errorOf("quantities")}</p> : null}
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="text-lg font-semibold">{t("admin.edit.delivery")}</legend>
          {(
            [
              ["address", t("checkout.address"), order.customerAddress],
              ["area", t("checkout.area"), order.area ?? ""],
            ] as const
          ).map(([name, label, current]) => (
            <div key={name}>
              <label htmlFor={`edit-${name}`} className="block text-sm font-medium">
                {label}
              </label>
              <input
                id={`edit-${name}`}
                name={name}
                maxLength={name === "address" ? 500 : 100}
                defaultValue={value(name, current)}
                aria-required
                aria-invalid={errorOf(name) ? true : undefined}
                aria-describedby={errorOf(name) ? `edit-${name}-error` : undefined}
                className={input}
              />
              {errorOf(name) ? (
                <p id={`edit-${name}-error`} className="mt-1 text-sm text-red-700">
                  {errorOf(name)}
                </p>
              ) : null}
            </div>
          ))}
          <div>
            <label htmlFor="edit-district" className="block text-sm font-medium">
              {t("checkout.district")}
            </label>
            <select
              id="edit-district"
              name="district"
              defaultValue={value("district", order.district ?? "")}
              aria-required
              aria-invalid={errorOf("district") ? true : undefined}
              aria-describedby={errorOf("district") ? "edit-district-error" : undefined}
              className={`${input} bg-white`}
            >
              <option value="">{t("checkout.districtChoose")}</option>
              {groups.map(({ division, districts }) => (
                <optgroup
                  key={division.id}
                  label={t("checkout.divisionGroup", { division: placeName(division, lang) })}
                >
                  {districts.map((district) => (
                    <option key={district.id} value={district.name}>
                      {placeName(district, lang)}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
            {errorOf("district") ? (
              <p id="edit-district-error" className="mt-1 text-sm text-red-700">
                {errorOf("district")}
              </p>
            ) : null}
          </div>
          <fieldset>
            <legend className="text-sm font-medium">{t("admin.order.shippingMethod")}</legend>
            {SHIPPING_METHODS.map((method) => (
              <label key={method} className="mr-6 inline-flex items-center gap-2">
                <input
                  type="radio"
                  name="shippingMethod"
                  value={method}
                  defaultChecked={value("shippingMethod", order.shippingMethod) === method}
                  className="h-4 w-4"
                />
                {method}
              </label>
            ))}
          </fieldset>
        </fieldset>

        <div className="flex flex-wrap items-center gap-4">
          <button
            type="submit"
            disabled={saving}
            className="rounded-md bg-amber-700 px-4 py-2 text-sm font-medium text-white hover:bg-amber-800 disabled:opacity-60"
          >
            {saving ? t("admin.edit.saving") : t("admin.edit.save")}
          </button>
          <Link to={back} className="text-sm font-medium text-amber-800 underline">
            {t("admin.edit.cancel")}
          </Link>
        </div>
      </Form>

      <section aria-labelledby="add-title" className="space-y-3 rounded-lg border border-stone-200 bg-white p-5">
        <h2 id="add-title" className="text-lg font-semibold">
          {t("admin.edit.addTitle")}
        </h2>
        <p className="text-sm text-stone-600">{t("admin.edit.addHint")}</p>
        <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
          <div className="min-w-48 flex-1">
            <label htmlFor="add-q" className="block text-sm font-medium">
              {t("admin.edit.search")}
            </label>
            <input id="add-q" name="q" type="search" maxLength={100} defaultValue={q} className={input} />
          </div>
          <button
            type="submit"
            className="rounded-md border border-stone-300 px-4 py-2 text-sm font-medium hover:bg-stone-50"
          >
            {t("admin.edit.searchButton")}
          </button>
        </Form>
        {q && results.length === 0 ? (
          <p className="text-sm text-stone-600">{t("admin.edit.noResults", { q })}</p>
        ) : null}
        <ul className="divide-y divide-stone-100">
          {results.map((product) => (
            <li key={product.id} data-testid="add-result">
              <Form method="post" className="flex flex-wrap items-center gap-3 py-2">
                <input type="hidden" name="intent" value="add" />
                <input type="hidden" name="version" value={version} />
                <input type="hidden" name="productId" value={product.id} />
                <label htmlFor={`add-${product.id}`} className="min-w-0 flex-1">
                  <span className="sr-only">{t("admin.edit.addQuantity", { name: product.name })}</span>
                  <span aria-hidden="true" className="font-medium">
                    {product.name}
                  </span>
                  <span aria-hidden="true" className="block text-sm text-stone-600">
                    {t("admin.edit.unitPrice", { price: money(product.unitPricePaisa) })}
                  </span>
                </label>
                <input
                  id={`add-${product.id}`}
                  name="quantity"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={999}
                  defaultValue={1}
                  className="w-20 rounded-md border border-stone-300 px-2 py-1 text-right"
                />
                <button
                  type="submit"
                  className="rounded-md border border-stone-300 px-3 py-1 text-sm font-medium hover:bg-stone-50"
                >
                  {t("admin.edit.add")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}

export const ErrorBoundary = adminErrorBoundary({
  notFound: "admin.order.notFound",
  failed: "error.generic",
  backTo: "/admin/orders",
  backLabel: "admin.order.back",
});
