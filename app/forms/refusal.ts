/**
 * An action's refusal: the one shape every form's action answers with (status 400, or 413/429 where
 * said) when it will not do what was asked. What was typed comes back in `values`, so the form shows
 * it again, with at most one message per field and, when the problem is not one field's, one for
 * the whole form. Client-safe: routes, components and server code share it.
 */
import type { z } from "zod";

/** The first message for each field that has one; a field without a problem is absent. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/**
 * What a refused form shows. `Field` names the form's fields; `Values` is what was typed (text
 * fields, by default one string per field; a form may carry more, such as ticked boxes).
 */
export type FormRefusal<Field extends string, Values = Partial<Record<Field, string>>> = {
  values: Values;
  fieldErrors: FieldErrors<Field>;
  /** A message about the whole form (shown above it), when the problem is not one field's. */
  formError?: string;
};

/**
 * The field errors of a failed zod parse: for each of `fields`, the message of the first issue
 * whose path starts with that field. Issues of other paths (a form-wide refinement, a field the
 * form does not show) are left out: the caller decides whether they become a `formError`.
 */
export function fieldErrorsFrom<Field extends string>(error: z.ZodError, fields: readonly Field[]): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && (fields as readonly string[]).includes(field)) {
      errors[field as Field] ??= issue.message;
    }
  }
  return errors;
}

/**
 * The text a form sent for each of `fields` (a field sent as a file, or not sent, is absent): what a
 * refusal gives back so the form loses nothing that was typed.
 */
export function typedValues<Field extends string>(
  form: FormData,
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  const values: Partial<Record<Field, string>> = {};
  for (const field of fields) {
    const value = form.get(field);
    if (typeof value === "string") values[field] = value;
  }
  return values;
}
