import { useCallback, useRef, useState, type FormEvent } from "react";
import { useAdminT } from "~/hooks/use-admin-t";
import { useHydrated } from "~/hooks/use-hydrated";
import type { FormRefusal } from "~/forms/refusal";

/** Largest file and most files per request, as the server enforces them (app/server/media/uploads.server.ts). */
export const CLIENT_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const CLIENT_MAX_FILES = 10;

/**
 * A refused save of an upload form, as the upload endpoint answers it (JSON) and as the page's
 * action does: a FormRefusal of the form's `Field`s with the messages about its files.
 */
export type UploadRefusal<Field extends string, Values> = FormRefusal<Field, Values> & {
  ok: false;
  fileErrors: string[];
};

type Answer<Failure> = { ok: true; redirectTo: string } | Failure;

/**
 * Submits a multipart form with XMLHttpRequest to `endpoint` (an upload endpoint answering JSON),
 * so the page can show real upload progress. Without JavaScript nothing of this runs: the form is a
 * plain multipart POST to its own action. On success the browser loads the answer's `redirectTo`
 * (a full load, so the toast set by the answer's cookie shows); a refusal is returned as `failure`
 * for the page to render; a body the server refuses before the app (413) or a network error
 * becomes a form error; an answer that was redirected elsewhere (an expired session's sign-in page)
 * is followed. Files over the size or count limit are refused here before uploading,
 * with the server's messages (the server checks again).
 */
export function useUploadSubmit<Failure extends UploadRefusal<string, unknown>>(endpoint: string) {
  const t = useAdminT();
  const hydrated = useHydrated();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [clientError, setClientError] = useState<string[] | null>(null);
  const xhrRef = useRef<XMLHttpRequest | null>(null);

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      if (!hydrated) return;
      event.preventDefault();
      if (xhrRef.current) return;
      const form = event.currentTarget;
      const body = new FormData(form);
      const files = body.getAll("images").concat(body.getAll("image")).filter(isChosenFile);
      const tooLarge = files.filter((file) => file.size > CLIENT_MAX_FILE_BYTES);
      const tooMany = files.slice(CLIENT_MAX_FILES);
      if (tooLarge.length > 0 || tooMany.length > 0) {
        setClientError([
          ...tooLarge.map((file) => t("upload.tooLarge", { file: file.name, mb: CLIENT_MAX_FILE_BYTES / 1048576 })),
          ...tooMany.map((file) => t("upload.tooMany", { file: file.name, max: CLIENT_MAX_FILES })),
        ]);
        return;
      }
      setClientError(null);
      const xhr = new XMLHttpRequest();
      xhrRef.current = xhr;
      xhr.open("POST", endpoint);
      xhr.responseType = "text";
      xhr.setRequestHeader("Accept", "application/json");
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) setProgress(Math.round((e.loaded / e.total) * 100));
      };
      const finish = () => {
        xhrRef.current = null;
        setProgress(null);
      };
      xhr.onerror = () => {
        finish();
        setClientError([t("upload.networkError")]);
      };
      xhr.onload = () => {
        let answer: Answer<Failure> | null = null;
        try {
          answer = JSON.parse(xhr.responseText) as Answer<Failure>;
        } catch {
          answer = null;
        }
        if (answer && answer.ok) {
          window.location.assign(answer.redirectTo);
          return;
        }
        // Redirected elsewhere instead of answering (e.g. the session expired: the sign-in page).
        if (
          !answer &&
          xhr.responseURL &&
          new URL(xhr.responseURL).pathname !== new URL(endpoint, window.location.href).pathname
        ) {
          window.location.assign(xhr.responseURL);
          return;
        }
        finish();
        if (answer) {
          setFailure(answer);
          return;
        }
        setClientError([xhr.status === 413 ? t("upload.requestTooLarge") : t("upload.networkError")]);
      };
      setProgress(0);
      xhr.send(body);
    },
    [endpoint, hydrated, t],
  );

  return { onSubmit, progress, failure, clientError, uploading: progress !== null };
}

function isChosenFile(value: FormDataEntryValue): value is File {
  return typeof value !== "string" && value.name !== "" && value.size >= 0;
}

/** The upload progress bar (a labelled <progress>), shown only while an upload runs. */
export function UploadProgress({ progress }: { progress: number | null }) {
  const t = useAdminT();
  if (progress === null) return null;
  return (
    <div className="space-y-1" data-testid="upload-progress">
      <label htmlFor="upload-progress" className="text-sm text-stone-700">
        {t("upload.progress", { percent: progress })}
      </label>
      <progress
        id="upload-progress"
        max={100}
        value={progress}
        aria-label={t("upload.progressLabel")}
        className="h-2 w-full"
      />
    </div>
  );
}
