/**
 * The order edit form's fields and its refusal, shared by the form (edit-form.tsx) and its action
 * (order-edit.server.ts) without the server importing the component.
 */
import type { FormRefusal } from "~/forms/refusal";

/** The edit form's fields that can have an error of their own. */
export const EDIT_FIELDS = ["address", "area", "district", "quantities"] as const;

/** A refused save (400): the message, the field errors and everything that was typed, by field name. */
export type OrderEditRefusal = FormRefusal<(typeof EDIT_FIELDS)[number], Record<string, string>> & {
  formError: string;
};
