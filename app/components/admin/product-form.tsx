import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { ResponsiveImage } from "~/components/responsive-image";
import { useHydrated } from "~/hooks/use-hydrated";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { usePending } from "~/hooks/use-pending";
import type { ImageInfo } from "~/utils/image-url";
import { formatMoney, formatTakaInput, parseTakaToPaisa } from "~/rules/money";
import { formatInteger } from "~/i18n/format";
import type { ProductFormValues } from "~/forms/admin-schemas";
import { localText, MAX_SKU_LENGTH } from "~/rules/variants";
import { ImageField } from "./image-field";
import { FieldError } from "~/components/field-error";
import { AdminCheckbox, AdminField, FormAlert } from "./form-field";
import { UploadProgress, useUploadSubmit, type UploadRefusal } from "./upload-submit";
import { SubmitButton } from "./submit-button";

/** A refused save (from the action or the upload endpoint); on the edit form, the existing images as sent. */
export type ProductFormRefusal = UploadRefusal<keyof ProductFormValues, ProductFormValues> & {
  existing: { order: number[]; removed: number[] } | null;
};

/** The product being edited, as the form shows it (prices in paisa). */
export type ProductFormDefaults = {
  id: number;
  name: string;
  nameBn: string;
  description: string;
  descriptionBn: string;
  categoryId: number | null;
  isFeatured: boolean;
  /** Whether the shop shows and sells it. */
  isPublished: boolean;
  /** "" when none is given. */
  brand: string;
  trackStock: boolean;
  /** The default variant's fields (a product without options; unused with options). */
  sku: string | null;
  pricePaisa: number;
  discountedPricePaisa: number | null;
  /** Units on hand (meaningful while trackStock). */
  stockQuantity: number;
  /** A product with options: its variants' summary (their prices, SKUs and stock are edited on their own page). */
  variants: VariantSummary | null;
  images: { imageId: number; image: ImageInfo }[];
};

/**
 * What the form says about a product's variants: how many, the lowest and highest price a
 * shopper pays (paisa) and the units on hand of the active ones (null when stock is not tracked).
 */
type VariantSummary = { count: number; minPricePaisa: number; maxPricePaisa: number; totalStock: number | null };

/** The page where a product's options and variants are edited. */
function variantsPageUrl(productId: number): string {
  return `/admin/products/variants/${productId}`;
}

/**
 * The product form: the English and Bangla names side by side (stacked on a phone; the Bangla
 * fields `lang="bn"`, optional), the same for the description (3 rows), category ('Select a
 * category' placeholder), brand (optional), shown in the shop (ticked for a new product; sent with
 * the hidden `publishedBox`, since an unticked box sends nothing), featured, track stock. A product
 * without options also has its SKU
 * (optional), price (taka), optional discounted price and quantity on hand, and on edit a link to
 * add options; a product with options shows its variants' summary and a link to them instead.
 * Images (multiple,
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
  /** The categories to choose from, named in both languages (the select shows the staff member's). */
  categories: { id: number; name: string; nameBn: string }[];
  defaults: ProductFormDefaults | null;
  problem: ProductFormRefusal | null;
  submitLabel: string;
}) {
  const t = useAdminT();
  const lang = useAdminLang();
  const upload = useUploadSubmit<ProductFormRefusal>(uploadEndpoint);
  const variants = defaults?.variants ?? null;
  const problem = upload.failure ?? actionProblem;
  const submitting = usePending({ formAction: action, state: "submitting" });
  const saving = upload.uploading || submitting;
  const values: ProductFormValues = problem?.values ?? {
    name: defaults?.name ?? "",
    nameBn: defaults?.nameBn ?? "",
    descriptionBn: defaults?.descriptionBn ?? "",
    sku: defaults?.sku ?? "",
    price: formatTakaInput(defaults?.pricePaisa ?? null, lang),
    discountedPrice: formatTakaInput(defaults?.discountedPricePaisa ?? null, lang),
    categoryId: defaults?.categoryId ? String(defaults.categoryId) : "",
    description: defaults?.description ?? "",
    brand: defaults?.brand ?? "",
    isFeatured: defaults?.isFeatured ? "on" : undefined,
    // A new product is shown in the shop unless staff untick the box.
    isPublished: !defaults || defaults.isPublished ? "on" : undefined,
    trackStock: defaults?.trackStock ? "on" : undefined,
    stockQuantity: defaults?.trackStock ? formatInteger(defaults.stockQuantity, lang) : "",
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

      <div className="grid gap-5 sm:grid-cols-2">
        <AdminField
          {...field("name")}
          label={t("admin.productForm.nameEn")}
          hint={t("admin.productForm.nameHint")}
          required
          maxLength={200}
        />
        <AdminField
          {...field("nameBn")}
          label={t("admin.productForm.nameBn")}
          hint={t("admin.productForm.bnHint")}
          maxLength={200}
          lang="bn"
        />
      </div>

      {variants && defaults ? (
        <VariantsSummary productId={defaults.id} summary={variants} />
      ) : (
        <>
          <div className="sm:max-w-xs">
            <AdminField
              {...field("sku")}
              label={t("admin.productForm.sku")}
              hint={t("admin.productForm.skuHint")}
              maxLength={MAX_SKU_LENGTH}
              spellCheck={false}
              autoComplete="off"
              translate="no"
              inputClassName="font-mono"
            />
          </div>
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
        </>
      )}

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
          className="mt-1 block min-h-11 w-full rounded-md border border-stone-300 px-3 py-2"
        >
          <option value="">{t("admin.productForm.selectCategory")}</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {localText(category.name, category.nameBn, lang)}
            </option>
          ))}
        </select>
        <FieldError id="categoryId-error" message={errors.categoryId} />
      </div>

      <div className="sm:max-w-md">
        <AdminField
          {...field("brand")}
          label={t("admin.productForm.brand")}
          hint={t("admin.productForm.brandHint")}
          maxLength={80}
          autoComplete="off"
        />
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <AdminField
          {...field("description")}
          label={t("admin.productForm.descriptionEn")}
          required
          multiline
          maxLength={5000}
        />
        <AdminField
          {...field("descriptionBn")}
          label={t("admin.productForm.descriptionBn")}
          multiline
          maxLength={5000}
          lang="bn"
        />
      </div>

      <div>
        <input type="hidden" name="publishedBox" value="1" />
        <AdminCheckbox
          name="isPublished"
          label={t("admin.productForm.published")}
          defaultChecked={values.isPublished === "on"}
          hint={t("admin.productForm.publishedHint")}
        />
      </div>

      <AdminCheckbox
        name="isFeatured"
        label={t("admin.productForm.featured")}
        defaultChecked={values.isFeatured === "on"}
      />

      <fieldset className="space-y-3 rounded-md border border-stone-200 p-4">
        <legend className="px-1 text-sm font-semibold">{t("admin.productForm.stock")}</legend>
        <AdminCheckbox
          name="trackStock"
          label={t("admin.productForm.trackStock")}
          defaultChecked={values.trackStock === "on"}
          hint={t(variants ? "admin.productForm.trackStockVariantsHint" : "admin.productForm.trackStockHint")}
        />
        {variants ? null : (
          <>
            <input type="hidden" name="stockSeen" value={values.stockSeen ?? ""} />
            <div className="sm:max-w-xs">
              <AdminField
                {...field("stockQuantity")}
                label={t("admin.productForm.stockQuantity")}
                maxLength={9}
                inputMode="numeric"
              />
            </div>
          </>
        )}
      </fieldset>

      {defaults && !variants ? (
        <p className="text-sm" data-testid="add-options">
          <Link to={variantsPageUrl(defaults.id)} className="font-medium underline">
            {t("admin.productForm.addOptions")}
          </Link>
          <span className="block text-stone-600">{t("admin.productForm.addOptionsHint")}</span>
        </p>
      ) : null}

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
        <Link to="/admin/products" className="inline-flex min-h-11 items-center text-sm font-medium underline">
          {t("admin.productForm.back")}
        </Link>
      </div>
    </Form>
  );
}

/**
 * A product with options, on its form: its variants' count, price range and total stock, and the
 * link to the page where they are edited.
 */
function VariantsSummary({ productId, summary }: { productId: number; summary: VariantSummary }) {
  const t = useAdminT();
  const lang = useAdminLang();
  const price =
    summary.minPricePaisa === summary.maxPricePaisa
      ? formatMoney(summary.minPricePaisa, { lang })
      : `${formatMoney(summary.minPricePaisa, { lang })} – ${formatMoney(summary.maxPricePaisa, { lang })}`;
  return (
    <section
      aria-labelledby="variants-summary-title"
      className="space-y-3 rounded-md border border-stone-200 bg-stone-50 p-4"
      data-testid="variants-summary"
    >
      <h2 id="variants-summary-title" className="text-sm font-semibold">
        {t("admin.productForm.variantsTitle")}
      </h2>
      <p className="text-sm text-stone-700">{t("admin.productForm.variantsSummary")}</p>
      <dl className="grid grid-cols-1 gap-2 text-sm min-[400px]:grid-cols-3">
        <div>
          <dt className="text-stone-600">{t("admin.productForm.variantCount")}</dt>
          <dd className="font-medium">{formatInteger(summary.count, lang)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">{t("admin.productForm.priceRange")}</dt>
          <dd className="font-medium">{price}</dd>
        </div>
        <div>
          <dt className="text-stone-600">{t("admin.productForm.totalStock")}</dt>
          <dd className="font-medium">
            {summary.totalStock === null ? t("admin.products.notTracked") : formatInteger(summary.totalStock, lang)}
          </dd>
        </div>
      </dl>
      <Link
        to={variantsPageUrl(productId)}
        className="inline-flex min-h-11 items-center rounded-md border border-stone-300 bg-white px-4 text-sm font-medium"
      >
        {t("admin.productForm.variantsLink")}
      </Link>
    </section>
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
                    <div className="flex gap-2">
                      <button
                        type="button"
                        onClick={() => move(index, -1)}
                        disabled={index === 0}
                        aria-label={`${t("admin.productForm.moveUp")}: ${t("admin.productForm.imageLabel", { n })}`}
                        className="min-h-11 min-w-11 rounded border border-stone-300 px-2 disabled:opacity-40"
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        onClick={() => move(index, 1)}
                        disabled={index === order.length - 1}
                        aria-label={`${t("admin.productForm.moveDown")}: ${t("admin.productForm.imageLabel", { n })}`}
                        className="min-h-11 min-w-11 rounded border border-stone-300 px-2 disabled:opacity-40"
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
                      className="min-h-11 w-16 rounded border border-stone-300 px-2"
                    />
                  </label>
                )}
                <label className="flex min-h-11 items-center gap-2">
                  <input
                    type="checkbox"
                    className="h-5 w-5"
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
