import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrorsFrom, typedValues } from "./refusal";

const schema = z
  .object({
    name: z.string().min(1, "Name, please").max(5, "Too long"),
    phone: z.string().regex(/^01\d{9}$/, "Not a phone"),
    hidden: z.string().min(1, "hidden problem"),
  })
  .refine((v) => v.name !== v.phone, { message: "form-wide", path: [] });

describe("fieldErrorsFrom", () => {
  it("keeps the first message per listed field and leaves out other paths", () => {
    const result = schema.safeParse({ name: "", phone: "12", hidden: "" });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrorsFrom(result.error, ["name", "phone"] as const)).toEqual({
      name: "Name, please",
      phone: "Not a phone",
    });
  });

  it("returns no entry for a valid field", () => {
    const result = schema.safeParse({ name: "Rahim", phone: "bad", hidden: "x" });
    if (result.success) throw new Error("expected a failure");
    expect(fieldErrorsFrom(result.error, ["name", "phone"] as const)).toEqual({ phone: "Not a phone" });
  });

  it("takes the first of several issues on one field", () => {
    const twice = z.object({ name: z.string().min(3, "first").regex(/x/, "second") });
    const result = twice.safeParse({ name: "a" });
    if (result.success) throw new Error("expected a failure");
    expect(fieldErrorsFrom(result.error, ["name"] as const)).toEqual({ name: "first" });
  });
});

describe("typedValues", () => {
  it("gives back the text fields sent, not files or missing ones", () => {
    const form = new FormData();
    form.set("name", "  Rahim ");
    form.set("logo", new File(["x"], "logo.png"));
    expect(typedValues(form, ["name", "logo", "phone"] as const)).toEqual({ name: "  Rahim " });
  });
});
