/**
 * The save logic of the admin product and category forms (create and edit, with their pictures), shared by
 * the page actions (plain multipart POST, works without JavaScript) and the upload endpoints the
 * same forms use with JavaScript to show upload progress (routes/admin.$list.upload.ts).
 *
 * Order of work: read the multipart body with limits → validate the text fields (zod) and sniff
 * every file → only when all is well, store the images on disk (sharp) → write the rows in one
 * transaction → on a database failure remove the files just written (`saveUploadForm`). A refusal
 * returns every message and the typed values (files cannot be refilled by a browser: the message
 * says so).
 */
import type { z } from "zod";
import type { AuditAction } from "~/rules/audit-actions";
import type { AdminTranslate } from "~/i18n/admin";
import { createCategoryWithImage, SlugTakenError, updateCategoryWithImage } from "~/models/catalogue/category.server";
import {
  createProductWithImages,
  MissingCategoryError,
  SkuTakenError,
  StockChangedError,
  updateProductWithImages,
} from "~/models/catalogue/product-writes.server";
import { getProductForEdit } from "~/models/catalogue/product-admin.server";
import type { StockActor } from "~/models/catalogue/stock.server";
import { slugify } from "~/rules/slug";
import {
  categoryFormSchema,
  productFormSchema,
  type CategoryFormValues,
  type ProductFormValues,
} from "~/forms/admin-schemas";
import { toastCookie } from "~/server/toast-cookie.server";
import type { Toast } from "~/utils/toast-message";
import { parseId } from "~/utils/params";
import { saveUploadForm, type UploadFormSteps } from "~/server/media/uploads.server";
import { fieldErrorsFrom, typedValues, type FieldErrors, type FormRefusal } from "~/forms/refusal";
import { log } from "~/server/log.server";

/** Field names of the product form whose messages show beside the field. */
type ProductField = keyof ProductFormValues;

/** What the edit form sent about the existing images: kept order and removals, to refill it. */
type ExistingImagesState = { order: number[]; removed: number[] };

/**
 * A refused catalogue form: its HTTP status, a message per field and for the files (each refused
 * file, then "choose them again"), always a message for the whole form, and what to refill.
 */
type UploadFormRefusal<Field extends string, Values> = FormRefusal<Field, Values> & {
  ok: false;
  status: 400 | 404 | 413 | 500;
  fileErrors: string[];
  formError: string;
};

/** What a refusal says, beside the values it gives back. */
type RefusalMessages<Field extends string> = {
  fieldErrors?: FieldErrors<Field>;
  fileErrors?: string[];
  formError: string;
};

/**
 * The refusals of one form submission: each gives back `values` (and `extra`, what else the form
 * needs to refill itself) with the messages it is made with.
 */
function refusalsOf<Field extends string, Values, Extra extends object>(values: Values, extra: Extra) {
  return (status: UploadFormRefusal<Field, Values>["status"], messages: RefusalMessages<Field>) => ({
    ok: false as const,
    status,
    values,
    fieldErrors: messages.fieldErrors ?? {},
    fileErrors: messages.fileErrors ?? [],
    formError: messages.formError,
    ...extra,
  });
}

/** A refused product form; on the edit form, also the existing images as sent. */
type ProductFormRefusal = UploadFormRefusal<ProductField, ProductFormValues> & {
  existing: ExistingImagesState | null;
};

/**
 * A saved form: where to go next, the message to show there, and what was saved, for the audit
 * trail (docs/decisions/035-audit-trail.md).
 */
export type FormSuccess = {
  ok: true;
  redirectTo: string;
  toast: Toast;
  saved: { action: AuditAction; subjectType: "product" | "category"; subjectId: number; summary: string };
};

export type ProductFormResult = FormSuccess | ProductFormRefusal;

const PRODUCT_TEXT_FIELDS = [
  "name",
  "nameBn",
  "sku",
  "descriptionBn",
  "price",
  "discountedPrice",
  "categoryId",
  "description",
  "brand",
  "isFeatured",
  "isPublished",
  "publishedBox",
  "trackStock",
  "stockQuantity",
  "stockSeen",
] as const;

/**
 * The existing images as the edit form sent them: `order` is the `imageId` fields sorted by their
 * `position-<id>` number (a missing or invalid number sorts last, ties keep the sent order);
 * `removed` those with `remove-<id>` ticked.
 */
function readExistingImages(fields: FormData): ExistingImagesState {
  const ids = fields
    .getAll("imageId")
    .map((v) => Number(v))
    .filter((id) => Number.isSafeInteger(id) && id > 0);
  const unique = [...new Set(ids)];
  const removed = unique.filter((id) => fields.get(`remove-${id}`) === "on");
  const positionOf = (id: number) => {
    const n = Number(fields.get(`position-${id}`));
    return Number.isFinite(n) && String(fields.get(`position-${id}`) ?? "").trim() !== "" ? n : Infinity;
  };
  const order = unique
    .map((id, index) => ({ id, index, position: positionOf(id) }))
    .sort((a, b) => a.position - b.position || a.index - b.index)
    .map((entry) => entry.id);
  return { order, removed };
}

/**
 * Validates and saves the product form: creates a product when `productId` is null, else updates it.
 * Messages and the toast are in the staff member's language (`t`, their translator); `actor` is who
 * saves, recorded in the stock ledger when the count changes. A count typed over one that changed
 * since the form was shown is refused (400) with the current count in the form's `stockSeen`, so
 * that saving again, once checked, goes through. A product with options (as stored: the form is
 * not trusted on this) has no price, SKU or stock fields here: its variants keep theirs. A form
 * without the "shown in the shop" box or the brand field (rendered before they existed) keeps the
 * stored ones; a new product is then shown, without a brand.
 *
 * @returns success with the list URL and toast, or a failure with status 400 (invalid fields or
 *   files), 404 (no such product), 413 (body too large) or 500 (the database write failed: the
 *   message 'Failed to save product. Please try again.', logged).
 */
export async function saveProductForm(
  request: Request,
  productId: number | null,
  t: AdminTranslate,
  actor: StockActor,
): Promise<ProductFormResult> {
  const saved = await saveUploadForm(request, ["images"], t, (fields) => productFormSteps(fields, productId, t, actor));
  // A body that could not be read gives back no existing images either.
  return saved.ok || "existing" in saved ? saved : { ...saved, existing: null };
}

/** The product form's checked fields. */
type ProductInput = z.output<ReturnType<typeof productFormSchema>>;

/** `saveProductForm`'s steps for `saveUploadForm`, from the form's text fields. */
function productFormSteps(
  fields: FormData,
  productId: number | null,
  t: AdminTranslate,
  actor: StockActor,
): UploadFormSteps<ProductField, ProductInput, ProductFormResult> {
  const values = typedValues(fields, PRODUCT_TEXT_FIELDS);
  const existing = productId === null ? null : readExistingImages(fields);
  const fail: (status: ProductFormRefusal["status"], messages: RefusalMessages<ProductField>) => ProductFormRefusal =
    refusalsOf(values, { existing });
  let kept = { isPublished: true, brand: "" };

  return {
    async check() {
      // Whether the product has options decides which fields the form has: the stored product says
      // so, never the form (a forged field cannot skip the price of a product without options).
      let hasOptions = false;
      if (productId !== null) {
        const stored = await getProductForEdit(productId);
        if (!stored) return { answer: fail(404, { formError: t("admin.productForm.notFound") }) };
        hasOptions = stored.options.length > 0;
        kept = { isPublished: stored.isPublished, brand: stored.brand };
      }
      const result = productFormSchema(t, { hasOptions }).safeParse(values);
      if (!result.success) return { ok: false, fieldErrors: fieldErrorsFrom(result.error, PRODUCT_TEXT_FIELDS) };
      return { ok: true, input: result.data, alt: result.data.name };
    },
    refuse: ({ fieldErrors, fileErrors }) => fail(400, { fieldErrors, fileErrors, formError: t("upload.fixErrors") }),
    async write(input, images) {
      const product = {
        name: input.name,
        nameBn: input.nameBn,
        slug: slugify(input.name) || "product",
        description: input.description,
        descriptionBn: input.descriptionBn,
        categoryId: input.categoryId,
        isFeatured: input.isFeatured,
        isPublished: input.isPublished ?? kept.isPublished,
        brand: input.brand ?? kept.brand,
        trackStock: input.trackStock,
      };
      // A product with options keeps its variants as they are: they are edited on their own page.
      const defaultVariant =
        input.price === null
          ? null
          : { sku: input.sku, pricePaisa: input.price, discountedPricePaisa: input.discountedPrice };
      const stock = { quantity: input.stockQuantity, seen: input.stockSeen, actor };
      if (productId === null) {
        // A new product has no options yet, so the schema required its price.
        const id = await createProductWithImages(
          product,
          images,
          defaultVariant ?? { sku: null, pricePaisa: 0, discountedPricePaisa: null },
          stock,
        );
        const answer = successTo("/admin/products", t("admin.products.created", { name: product.name }), {
          action: "product.created",
          subjectType: "product",
          subjectId: id,
          summary: product.name,
        });
        return { answer, removedKeys: [] };
      }
      const updated = await updateProductWithImages(
        productId,
        product,
        existing?.order ?? [],
        existing?.removed ?? [],
        images,
        defaultVariant,
        stock,
      );
      if (!updated) return { answer: fail(404, { formError: t("admin.productForm.notFound") }), removedKeys: null };
      const answer = successTo("/admin/products", t("admin.products.updated", { name: product.name }), {
        action: "product.updated",
        subjectType: "product",
        subjectId: productId,
        summary: product.name,
      });
      return { answer, removedKeys: updated.removedKeys };
    },
    failed(error, again) {
      if (error instanceof StockChangedError) {
        values.stockSeen = String(error.current);
        return fail(400, {
          fieldErrors: { stockQuantity: t("admin.productForm.stockChanged", { count: error.current }) },
          fileErrors: again,
          formError: t("upload.fixErrors"),
        });
      }
      if (error instanceof SkuTakenError) {
        return fail(400, {
          fieldErrors: { sku: t("admin.productForm.skuTaken", { sku: error.sku }) },
          fileErrors: again,
          formError: t("upload.fixErrors"),
        });
      }
      if (error instanceof MissingCategoryError) {
        return fail(400, {
          fieldErrors: { categoryId: t("admin.productForm.categoryMissing") },
          fileErrors: again,
          formError: t("upload.fixErrors"),
        });
      }
      log.error({ err: error }, "Saving a product failed");
      return fail(500, { formError: t("admin.productForm.saveFailed"), fileErrors: again });
    },
  };
}

function successTo(redirectTo: string, message: string, saved: FormSuccess["saved"]): FormSuccess {
  return { ok: true, redirectTo, toast: { kind: "success", message }, saved };
}

/** The category form's fields that can have a message: its names. */
type CategoryField = "name" | "nameBn";

/** The category form's checked fields, with the slug made from the English name. */
type CategoryInput = z.output<ReturnType<typeof categoryFormSchema>> & { slug: string };

/** A refused category form (its text fields are the names; the "remove image" box comes back too). */
type CategoryFormRefusal = UploadFormRefusal<CategoryField, CategoryFormValues & { removeImage?: string }>;

export type CategoryFormResult = FormSuccess | CategoryFormRefusal;

/**
 * Validates and saves the category form: creates a category (slug from the name, set on
 * create only; a slug another category has is a field error) when `categoryId` is null, else
 * updates its names (English required, Bangla optional) and image. Messages and the toast are in the staff member's language (`t`).
 *
 * @returns success with the list URL and toast, or a failure with status 400, 404, 413 or 500
 *   (the message 'Failed to save category. Please try again.', logged).
 */
export async function saveCategoryForm(
  request: Request,
  categoryId: number | null,
  t: AdminTranslate,
): Promise<CategoryFormResult> {
  return saveUploadForm(
    request,
    ["image"],
    t,
    (fields): UploadFormSteps<CategoryField, CategoryInput, CategoryFormResult> => {
      const values = typedValues(fields, ["name", "nameBn", "removeImage"] as const);
      const fail: (
        status: CategoryFormRefusal["status"],
        messages: RefusalMessages<CategoryField>,
      ) => CategoryFormRefusal = refusalsOf(values, {});
      return {
        maxFiles: 1,
        async check() {
          const result = categoryFormSchema(t).safeParse(values);
          if (!result.success) return { ok: false, fieldErrors: fieldErrorsFrom(result.error, ["name", "nameBn"]) };
          const slug = slugify(result.data.name);
          if (categoryId === null && slug === "")
            return { ok: false, fieldErrors: { name: t("admin.categoryForm.nameNoSlug") } };
          return { ok: true, input: { ...result.data, slug }, alt: result.data.name };
        },
        refuse: ({ fieldErrors, fileErrors }) =>
          fail(400, { fieldErrors, fileErrors, formError: t("upload.fixErrors") }),
        async write({ name, nameBn, slug, removeImage }, images) {
          const image = images[0] ?? null;
          if (categoryId === null) {
            const id = await createCategoryWithImage({ name, nameBn, slug }, image);
            const answer = successTo("/admin/categories", t("admin.categories.created", { name }), {
              action: "category.created",
              subjectType: "category",
              subjectId: id,
              summary: name,
            });
            return { answer, removedKeys: [] };
          }
          const updated = await updateCategoryWithImage(categoryId, { name, nameBn }, image, removeImage);
          if (!updated)
            return { answer: fail(404, { formError: t("admin.categoryForm.notFound") }), removedKeys: null };
          const answer = successTo("/admin/categories", t("admin.categories.updated", { name }), {
            action: "category.updated",
            subjectType: "category",
            subjectId: categoryId,
            summary: name,
          });
          return { answer, removedKeys: updated.removedKeys };
        },
        failed(error, again) {
          if (error instanceof SlugTakenError) {
            return fail(400, {
              fieldErrors: { name: t("admin.categoryForm.slugTaken", { slug: error.slug }) },
              fileErrors: again,
              formError: t("upload.fixErrors"),
            });
          }
          log.error({ err: error }, "Saving a category failed");
          return fail(500, { formError: t("admin.categoryForm.saveFailed"), fileErrors: again });
        },
      };
    },
  );
}

/**
 * The answer of a catalogue form's upload endpoint (/admin/products/upload, /admin/categories/upload),
 * used by JavaScript (XMLHttpRequest with a progress bar, app/components/admin/upload-submit.tsx):
 * the same save as the pages' actions, `save` (create without `?id`, edit with `?id=<id>`; `onSaved`
 * records it in the audit trail),
 * answered as JSON. Success: `{ ok: true, redirectTo }` with the toast cookie set; refusal: the
 * form problem with its status (400/404/413/500); a malformed `?id` is `{ ok: false, status: 404 }`.
 */
export async function answerUploadEndpoint(
  request: Request,
  save: (
    request: Request,
    id: number | null,
    t: AdminTranslate,
  ) => Promise<FormSuccess | { ok: false; status: number }>,
  t: AdminTranslate,
  onSaved: (saved: FormSuccess["saved"]) => Promise<void>,
): Promise<Response> {
  const noStore = { "Cache-Control": "no-store" };
  const idParam = new URL(request.url).searchParams.get("id");
  const id = idParam === null ? null : parseId(idParam);
  if (idParam !== null && id === null)
    return Response.json({ ok: false, status: 404 }, { status: 404, headers: noStore });
  const result = await save(request, id, t);
  if (result.ok) {
    await onSaved(result.saved);
    return Response.json(
      { ok: true, redirectTo: result.redirectTo },
      { headers: { "Set-Cookie": await toastCookie(request, result.toast), ...noStore } },
    );
  }
  return Response.json(result, { status: result.status, headers: noStore });
}
