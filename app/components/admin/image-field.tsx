import { useState, type ChangeEvent } from "react";
import { useAdminT } from "~/hooks/use-admin-t";
import { useHydrated } from "~/hooks/use-hydrated";
import { canPreviewImage } from "./image-preview";
import { CLIENT_MAX_FILE_BYTES, CLIENT_MAX_FILES } from "./upload-submit";

type Preview = { name: string; url: string };

/**
 * An image file input (`accept="image/*"`). Without JavaScript it is the browser's own file input
 * under its label. With JavaScript the label becomes a button (`buttonLabel`, e.g. 'Upload
 * Image'), the chosen file names are listed and each image is previewed locally before anything is
 * sent. Previews are `data:` URLs (FileReader): the Content-Security-Policy allows `data:` images
 * but not `blob:` ones. The server sniffs the content either way; `accept` is only a hint.
 */
export function ImageField({
  id,
  name,
  label,
  buttonLabel,
  multiple = false,
  hint,
  errors = [],
}: {
  id: string;
  name: string;
  label: string;
  buttonLabel: string;
  multiple?: boolean;
  hint?: string;
  errors?: string[];
}) {
  const t = useAdminT();
  const hydrated = useHydrated();
  const [previews, setPreviews] = useState<Preview[]>([]);
  const [names, setNames] = useState<string[]>([]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []);
    setNames(files.map((file) => file.name));
    setPreviews([]);
    void Promise.all(
      files.slice(0, CLIENT_MAX_FILES).map(
        (file) =>
          new Promise<Preview | null>((resolve) => {
            // No preview for what the upload will refuse anyway: a huge data: URL is slow, and a
            // pixel bomb would be decoded in full (./image-preview.ts).
            void canPreviewImage(file, CLIENT_MAX_FILE_BYTES).then((previewable) => {
              if (!previewable) return resolve(null);
              const reader = new FileReader();
              reader.onload = () => resolve({ name: file.name, url: String(reader.result) });
              reader.onerror = () => resolve(null);
              reader.readAsDataURL(file);
            });
          }),
      ),
    ).then((loaded) => setPreviews(loaded.filter((p): p is Preview => p !== null)));
  };

  const describedBy = [hint ? `${id}-hint` : null, errors.length ? `${id}-errors` : null].filter(Boolean).join(" ");
  return (
    <div className="space-y-2">
      {hydrated ? (
        <span className="block text-sm font-medium" id={`${id}-label`}>
          {label}
        </span>
      ) : null}
      <label
        htmlFor={id}
        className={
          hydrated
            ? "inline-flex min-h-11 cursor-pointer items-center rounded-md border border-stone-300 bg-white px-4 text-sm font-medium hover:bg-stone-50 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-amber-600"
            : "block text-sm font-medium"
        }
      >
        {hydrated ? buttonLabel : `${label}: ${buttonLabel}`}
        <input
          id={id}
          name={name}
          type="file"
          accept="image/*"
          multiple={multiple}
          onChange={onChange}
          aria-describedby={describedBy || undefined}
          aria-invalid={errors.length > 0 || undefined}
          className={hydrated ? "sr-only" : "mt-1 block min-h-11 w-full py-2.5 text-sm"}
        />
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
      {hydrated ? (
        <p className="text-sm text-stone-700" data-testid={`${id}-chosen`} aria-live="polite">
          {names.length > 0 ? t("upload.chosen", { names: names.join(", ") }) : t("upload.noneChosen")}
        </p>
      ) : null}
      {previews.length > 0 ? (
        <ul className="flex flex-wrap gap-2" data-testid={`${id}-previews`}>
          {previews.map((preview) => (
            <li key={preview.name + preview.url.length}>
              <img
                src={preview.url}
                alt={t("upload.preview", { file: preview.name })}
                className="h-20 w-20 rounded border border-stone-200 object-cover"
              />
            </li>
          ))}
        </ul>
      ) : null}
      {errors.length > 0 ? (
        <ul id={`${id}-errors`} className="list-disc space-y-1 pl-5 text-sm text-red-700" data-testid="file-errors">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
