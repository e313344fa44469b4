import type { ReactNode } from "react";
import { Form, Link } from "@remix-run/react";
import { usePending } from "~/hooks/use-pending";
import { SubmitButton } from "./submit-button";

/**
 * The back office's CSV upload form (a payout file, a product CSV): a multipart POST to the page's
 * own action, with the file field `file` (id `fileId`, `fileLabel` and `fileHint` above it, the hint
 * at id `<fileId>-hint`; only .csv and text/csv offered), then `children` (the form's other fields),
 * then `error` (the last refusal's message, at id `errorId`: the form and the file field point to it
 * while it shows), then the submit button (`submit.label`, `submit.pending` while the form is on its
 * way) and the link `back` out of the page. `formAction` is the path the form posts to as
 * `usePending` compares it ("?index" included for an index route), to know that it is on its way.
 * Without JavaScript it is a plain form.
 */
export function CsvUploadForm({
  fileId,
  fileLabel,
  fileHint,
  errorId,
  error,
  formAction,
  submit,
  back,
  children,
}: {
  fileId: string;
  fileLabel: string;
  fileHint: string;
  errorId: string;
  error: string | undefined;
  formAction: string;
  submit: { label: string; pending: string };
  back: { to: string; label: string };
  children?: ReactNode;
}) {
  const pending = usePending({ formAction });
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="space-y-4 rounded-lg border border-stone-200 bg-white p-5"
      aria-describedby={error ? errorId : undefined}
    >
      <div>
        <label htmlFor={fileId} className="block font-medium">
          {fileLabel}
        </label>
        <p id={`${fileId}-hint`} className="text-sm text-stone-600">
          {fileHint}
        </p>
        <input
          id={fileId}
          name="file"
          type="file"
          required
          accept=".csv,text/csv"
          aria-describedby={`${fileId}-hint`}
          aria-invalid={error ? true : undefined}
          className="mt-2 block min-h-11 w-full text-sm"
        />
      </div>
      {children}
      {error ? (
        <p id={errorId} role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton pending={pending} pendingLabel={submit.pending}>
          {submit.label}
        </SubmitButton>
        <Link to={back.to} className="inline-flex min-h-11 items-center text-sm font-medium text-amber-800 underline">
          {back.label}
        </Link>
      </div>
    </Form>
  );
}
