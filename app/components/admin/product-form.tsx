import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { ResponsiveImage } from "~/components/responsive-image";
import { useHydrated } from "~/hooks/use-hydrated";
import { useAdminT } from "~/hooks/use-admin-t";
import { usePending } from "~/hooks/use-pending";
import type { ImageInfo } from "~/utils/image-url";
import { formatAmount, parseTakaToPaisa } from "~/rules/money";
import type { ProductFormValues } from "~/forms/admin-schemas";
import { ImageField } from "./image-field";
import { FieldError } from "~/components/field-error";
import { AdminField, FormAlert } from "./form-field";
import { UploadProgress, useUploadSubmit, type UploadRefusal } from "./upload-submit";
import { SubmitButton } from "./submit-button";

/** A refused save (from the action or the upload endpoint); on the edit form, the existing images as sent. */
export type ProductFormRefusal = UploadRefusal<keyof ProductFormValues, ProductFormValues> & {
  existing: { order: number[]; removed: number[] } | null;
};

/** The product being edited, as the form shows it (prices in paisa). */
export type ProductFormDefaults = {
  name: string;
  pricePaisa: number;
  discountedPricePaisa: number | null;
  categoryId: number | null;
  description: string;
  isFeatured: boolean;
  trackStock: boolean;
  /** Units on hand (meaningful while trackStock). */
  stockQuantity: number;
  images: { imageId: number; image: ImageInfo }[];
};

/** Taka text for an input from paisa: 125050 → "1250.50" (no grouping, so it parses back). */
function takaInput(paisa: number | null): string {
  return paisa === null ? "" : formatAmount(paisa).replace(/,/g, "");
}

/**
 * The product form: name, price (taka), optional discounted price, category
 * ('Select a category' placeholder), description (3 rows), featured, images (multiple,
 * `accept="image/*"`); on edit the current images, each removable and reorderable (position numbers
 * without JavaScript, up/down buttons with it), new uploads appended. Without JavaScript a plain
 * multipart POST to `action`; with JavaScript an XMLHttpRequest to `uploadEndpoint` with a
 * progress bar. 'Saving...' while saving; the server's messages beside the fields.
 */
export function ProductForm({
  action,
  uploadEndpoint,
  categories,
  defaults,
  problem: actionProblem,
  submitLabel,
}: {
  action: string;
  uploadEndpoint: string;
  categories: { id: number; name: string }[];
  defaults: ProductFormDefaults | null;
  problem: ProductFormRefusal | null;
  submitLabel: string;
}) {
  const t = useAdminT();
  const upload = useUploadSubmit<ProductFormRefusal>(uploadEndpoint);
  const problem = upload.failure ?? actionProblem;
  const submitting = usePending({ formAction: action, state: "submitting" });
  const saving = upload.uploading || submitting;
  const values: ProductFormValues = problem?.values ?? {
    name: defaults?.name ?? "",
    price: takaInput(defaults?.pricePaisa ?? null),
    discountedPrice: takaInput(defaults?.discountedPricePaisa ?? null),
    categoryId: defaults?.categoryId ? String(defaults.categoryId) : "",
    description: defaults?.description ?? "",
    isFeatured: defaults?.isFeatured ? "on" : undefined,
    trackStock: defaults?.trackStock ? "on" : undefined,
    stockQuantity: defaults?.trackStock ? String(defaults.stockQuantity) : "",
    // The count the form shows: the server refuses a new count if an order changed it meanwhile.
    stockSeen: defaults?.trackStock ? String(defaults.stockQuantity) : "",
  };
  const errors = problem?.fieldErrors ?? {};
  const fileErrors = [...(upload.clientError ?? []), ...(problem?.fileErrors ?? [])];
  const formError = problem?.formError ?? (upload.clientError ? t("upload.fixErrors") : undefined);
  // The fields the server may refuse: each with its typed value and its message.
  const field = (name: keyof ProductFormValues) => ({ name, defaultValue: values[name], error: errors[name] });

  // The form's key changes with each refusal so the uncontrolled fields take the returned values.
  const [price, setPrice] = useState(values.price ?? "");
  const [discounted, setDiscounted] = useState(values.discountedPrice ?? "");
  const pricePaisa = parseTakaToPaisa(price);
  const discountedPaisa = parseTakaToPaisa(discounted);
  const showDiscountHint =
    discounted.trim() !== "" && pricePaisa !== null && discountedPaisa !== null && discountedPaisa >= pricePaisa;

  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      noValidate
      onSubmit={upload.onSubmit}
      className="space-y-5 rounded-lg border border-stone-200 bg-white p-6"
    >
      <FormAlert message={formError} refusal={upload.clientError ?? problem} />

      <AdminField {...field("name")} label={t("admin.productForm.name")} required maxLength={200} />
      <div className="grid gap-5 sm:grid-cols-2">
        <AdminField
          {...field("price")}
          label={t("admin.productForm.price")}
          required
          inputMode="decimal"
          maxLength={20}
          onValue={setPrice}
        />
        <div>
          <AdminField
            {...field("discountedPrice")}
            label={t("admin.productForm.discountedPrice")}
            inputMode="decimal"
            maxLength={20}
            onValue={setDiscounted}
          />
          {showDiscountHint ? (
            <p className="mt-1 text-xs text-amber-800" role="note">
              {t("admin.productForm.discountHint")}
            </p>
          ) : null}
        </div>
      </div>

      <div>
        <label htmlFor="categoryId" className="block text-sm font-medium">
          {t("admin.productForm.category")}
        </label>
        {categories.length === 0 ? (
          <p
            className="mt-1 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm"
            data-testid="no-categories"
          >
            {t("admin.productForm.noCategories")}{" "}
            <Link to="/admin/categories/create" className="font-medium underline">
              {t("admin.productForm.createCategoryLink")}
            </Link>
          </p>
        ) : null}
        <select
          id="categoryId"
          name="categoryId"
          defaultValue={values.categoryId ?? ""}
          aria-required
          aria-invalid={errors.categoryId ? true : undefined}
          aria-describedby={errors.categoryId ? "categoryId-error" : undefined}
          className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2"
        >
          <option value="">{t("admin.productForm.selectCategory")}</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
        <FieldError id="categoryId-error" message={errors.categoryId} />
      </div>

      <AdminField
        {...field("description")}
        label={t("admin.productForm.description")}
        required
        multiline
        maxLength={5000}
      />

      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" name="isFeatured" defaultChecked={values.isFeatured === "on"} className="h-4 w-4" />
        {t("admin.productForm.featured")}
      </label>

      <fieldset className="space-y-3 rounded-md border border-stone-200 p-4">
        <legend className="px-1 text-sm font-semibold">{t("admin.productForm.stock")}</legend>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            name="trackStock"
            defaultChecked={values.trackStock === "on"}
            aria-describedby="trackStock-hint"
            className="h-4 w-4"
          />
          {t("admin.productForm.trackStock")}
        </label>
        <p id="trackStock-hint" className="text-sm text-stone-600">
          {t("admin.productForm.trackStockHint")}
        </p>
        <input type="hidden" name="stockSeen" value={values.stockSeen ?? ""} />
        <div className="sm:max-w-xs">
          <AdminField
            {...field("stockQuantity")}
            label={t("admin.productForm.stockQuantity")}
            maxLength={9}
            inputMode="numeric"
          />
        </div>
      </fieldset>

      {defaults && defaults.images.length > 0 ? (
        <ExistingImages images={defaults.images} state={problem?.existing ?? null} />
      ) : null}

      <ImageField
        id="images"
        name="images"
        label={t("admin.productForm.images")}
        buttonLabel={t("admin.productForm.addImages")}
        multiple
        hint={t("upload.limits", { max: 10, mb: 10 })}
        errors={fileErrors}
      />

      <UploadProgress progress={upload.progress} />

      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pending={saving} pendingLabel={t("admin.productForm.saving")} look="primary-large" ariaDisabled>
          {submitLabel}
        </SubmitButton>
        <Link to="/admin/products" className="text-sm font-medium underline">
          {t("admin.productForm.back")}
        </Link>
      </div>
    </Form>
  );
}

/**
 * The current images on the edit form: each sends `imageId`, `position-<id>` and, when ticked,
 * `remove-<id>`. Without JavaScript the positions are number inputs; with it, up/down buttons
 * reorder the list and the positions follow.
 */
function ExistingImages({
  images,
  state,
}: {
  images: { imageId: number; image: ImageInfo }[];
  state: { order: number[]; removed: number[] } | null;
}) {
  const t = useAdminT();
  const hydrated = useHydrated();
  const byId = new Map(images.map((entry) => [entry.imageId, entry]));
  const initial = state
    ? [
        ...state.order.filter((id) => byId.has(id)),
        ...images.map((i) => i.imageId).filter((id) => !state.order.includes(id)),
      ]
    : images.map((i) => i.imageId);
  const [order, setOrder] = useState<number[]>(initial);
  const move = (index: number, by: number) => {
    setOrder((current) => {
      const next = [...current];
      const target = index + by;
      if (target < 0 || target >= next.length) return current;
      [next[index], next[target]] = [next[target]!, next[index]!];
      return next;
    });
  };
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{t("admin.productForm.existingImages")}</legend>
      <p className="text-xs text-stone-600">{t("admin.productForm.positionHint")}</p>
      <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="existing-images">
        {order.map((imageId, index) => {
          const entry = byId.get(imageId);
          if (!entry) return null;
          const n = index + 1;
          return (
            <li
              key={imageId}
              className="flex items-center gap-3 rounded-md border border-stone-200 p-2"
              data-testid="existing-image"
              data-image-key={entry.image.key}
            >
              <input type="hidden" name="imageId" value={imageId} />
              <ResponsiveImage image={entry.image} sizes="80px" className="h-20 w-20 rounded object-cover" />
              <div className="space-y-1 text-sm">
                <p className="font-medium">{t("admin.productForm.imageLabel", { n })}</p>
                {hydrated ? (
                  <>
                    <input type="hidden" name={`position-${imageId}`} value={n} />
                    <div className="flex gap-1">
                      <button
                        type="button"
                        onClick={() => move(index, -1)}
                        disabled={index === 0}
                        aria-label={`${t("admin.productForm.moveUp")}: ${t("admin.productForm.imageLabel", { n })}`}
                        className="rounded border border-stone-300 px-2 py-0.5 disabled:opacity-40"
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        onClick={() => move(index, 1)}
                        disabled={index === order.length - 1}
                        aria-label={`${t("admin.productForm.moveDown")}: ${t("admin.productForm.imageLabel", { n })}`}
                        className="rounded border border-stone-300 px-2 py-0.5 disabled:opacity-40"
                      >
                        ↓
                      </button>
                    </div>
                  </>
                ) : (
                  <label className="flex items-center gap-2">
                    {t("admin.productForm.position")}
                    <input
                      type="number"
                      name={`position-${imageId}`}
                      defaultValue={n}
                      min={1}
                      max={99}
                      aria-label={`${t("admin.productForm.position")}: ${t("admin.productForm.imageLabel", { n })}`}
                      className="w-16 rounded border border-stone-300 px-2 py-0.5"
                    />
                  </label>
                )}
                <label className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    name={`remove-${imageId}`}
                    defaultChecked={state?.removed.includes(imageId) ?? false}
                    aria-label={`${t("admin.productForm.remove")}: ${t("admin.productForm.imageLabel", { n })}`}
                  />
                  {t("admin.productForm.remove")}
                </label>
              </div>
            </li>
          );
        })}
      </ol>
    </fieldset>
  );
}
