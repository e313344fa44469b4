/** A one-time message shown on the next page (spec section 8's feedback): its kind and its text. */
export type Toast = { kind: "success" | "error" | "info"; message: string };
