import { Form, Link } from "@remix-run/react";
import { ResponsiveImage } from "~/components/responsive-image";
import { useAdminT } from "~/hooks/use-admin-t";
import { usePending } from "~/hooks/use-pending";
import type { ImageInfo } from "~/utils/image-url";
import type { CategoryFormValues } from "~/forms/admin-schemas";
import { ImageField } from "./image-field";
import { FieldError } from "~/components/field-error";
import { AdminField, FormAlert } from "./form-field";
import { UploadProgress, useUploadSubmit, type UploadRefusal } from "./upload-submit";
import { SubmitButton } from "./submit-button";

/** A refused save (from the action or the upload endpoint). */
export type CategoryFormRefusal = UploadRefusal<"name" | "nameBn", CategoryFormValues & { removeImage?: string }>;

/**
 * The category form: the English name and, beside it (stacked on a phone), the Bangla one
 * (optional, `lang="bn"`), and the image. New: 'Upload Image' and 'Create
 * Category'; edit: the current image, 'Change Image' (and a remove box) and 'Update Category'; the
 * slug is shown but never changes after creation. 'Saving...' while saving. Without JavaScript a
 * plain multipart POST to `action`; with it an XMLHttpRequest to `uploadEndpoint` with progress, a
 * local preview and the chosen file name.
 */
export function CategoryForm({
  action,
  uploadEndpoint,
  category,
  problem: actionProblem,
}: {
  action: string;
  uploadEndpoint: string;
  category: { name: string; nameBn: string; slug: string; image: ImageInfo | null } | null;
  problem: CategoryFormRefusal | null;
}) {
  const t = useAdminT();
  const upload = useUploadSubmit<CategoryFormRefusal>(uploadEndpoint);
  const problem = upload.failure ?? actionProblem;
  const submitting = usePending({ formAction: action, state: "submitting" });
  const saving = upload.uploading || submitting;
  const name = problem?.values.name ?? category?.name ?? "";
  const nameError = problem?.fieldErrors.name;
  const nameBn = problem?.values.nameBn ?? category?.nameBn ?? "";
  const fileErrors = [...(upload.clientError ?? []), ...(problem?.fileErrors ?? [])];
  const formError = problem?.formError ?? (upload.clientError ? t("upload.fixErrors") : undefined);
  const editing = category !== null;

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
        <div>
          <label htmlFor="name" className="block text-sm font-medium">
            {t("admin.categoryForm.nameEn")}
          </label>
          <input
            id="name"
            name="name"
            type="text"
            defaultValue={name}
            maxLength={100}
            aria-required
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? "name-error" : "slug-note"}
            className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2"
          />
          <FieldError id="name-error" message={nameError} />
          <p id="slug-note" className="mt-1 text-xs text-stone-600">
            {editing ? (
              <>
                {t("admin.categories.slug")}: <span translate="no">{category.slug}</span>.{" "}
              </>
            ) : null}
            {t("admin.categoryForm.slugNote")}
          </p>
        </div>
        <AdminField
          name="nameBn"
          label={t("admin.categoryForm.nameBn")}
          defaultValue={nameBn}
          error={problem?.fieldErrors.nameBn}
          hint={t("admin.categoryForm.nameBnHint")}
          maxLength={100}
          lang="bn"
        />
      </div>

      {category?.image ? (
        <div className="space-y-2">
          <p className="text-sm font-medium">{t("admin.categoryForm.currentImage")}</p>
          <ResponsiveImage
            image={category.image}
            sizes="160px"
            className="h-32 w-32 rounded border border-stone-200 object-cover"
          />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="removeImage" defaultChecked={problem?.values.removeImage === "on"} />
            {t("admin.categoryForm.removeImage")}
          </label>
        </div>
      ) : null}

      <ImageField
        id="image"
        name="image"
        label={t("admin.categoryForm.image")}
        buttonLabel={editing ? t("admin.categoryForm.change") : t("admin.categoryForm.upload")}
        hint={t("upload.limits", { max: 1, mb: 10 })}
        errors={fileErrors}
      />

      <UploadProgress progress={upload.progress} />

      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pending={saving} pendingLabel={t("admin.categoryForm.saving")} look="primary-large" ariaDisabled>
          {editing ? t("admin.categoryForm.update") : t("admin.categoryForm.create")}
        </SubmitButton>
        <Link to="/admin/categories" className="text-sm font-medium underline">
          {t("admin.categoryForm.back")}
        </Link>
      </div>
    </Form>
  );
}
