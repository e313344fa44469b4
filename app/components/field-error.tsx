/**
 * A field's error line (nothing when there is none); its id is what the field's aria-describedby
 * names. Used by the shop's forms (checkout, order tracking) and the back office's alike.
 */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

/**
 * The lines under a field: its hint (when given, id `<id>-hint`) then its error (when there is one,
 * id `<id>-error`), where `id` is the field's id.
 */
export function FieldHelp({ id, hint, error }: { id: string; hint?: string; error: string | undefined }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </>
  );
}

/**
 * The `aria-describedby` of a field with id `id`: the ids of its hint and its error lines (as
 * {@link FieldHelp} renders them), hint first; undefined when it has neither.
 */
export function describedBy(id: string, hint: string | undefined, error: string | undefined): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}
