/** A one-time message shown on the next page (success, error or info feedback): its kind and its text. */
export type Toast = { kind: "success" | "error" | "info"; message: string };
