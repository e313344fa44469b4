/**
 * The toast cookie's name and attributes as a function of COOKIE_SECURE (the process's own
 * environment is read once, so the storage is built here from explicit settings).
 */
import { describe, expect, it } from "vitest";
import { readToast, toastCookie, toastStorageFor } from "./toast-cookie.server";

const SECRET = "toast-test-secret-that-is-long-enough-0123";

/** The Set-Cookie header that carries a toast from the storage built for `secure`. */
async function setCookieFor(secure: boolean): Promise<string> {
  const storage = toastStorageFor({ COOKIE_SECURE: secure, SESSION_SECRET: SECRET });
  const session = await storage.getSession();
  session.flash("toast", { kind: "success", message: "Saved" });
  return storage.commitSession(session);
}

describe("the toast cookie", () => {
  it("is named __Host-haat_toast when Secure, with Path=/ and no Domain", async () => {
    const header = await setCookieFor(true);
    expect(header).toMatch(/^__Host-haat_toast=/);
    const attributes = header.split(/;\s*/).slice(1);
    expect(attributes).toContain("Path=/");
    expect(attributes).toContain("Secure");
    expect(attributes.some((a) => /^domain=/i.test(a))).toBe(false);
  });

  it("is named haat_toast without Secure", async () => {
    const header = await setCookieFor(false);
    expect(header).toMatch(/^haat_toast=/);
    expect(header.split(/;\s*/)).not.toContain("Secure");
  });
});

describe("readToast", () => {
  it("returns the toast once and removes the cookie (expired, not left empty)", async () => {
    const setCookie = await toastCookie(new Request("http://localhost/"), { kind: "success", message: "Saved" });
    const request = new Request("http://localhost/", { headers: { Cookie: setCookie.split(";")[0]! } });
    const { toast, setCookie: clearing } = await readToast(request);
    expect(toast).toEqual({ kind: "success", message: "Saved" });
    expect(clearing).toMatch(/^haat_toast=;/);
    expect(clearing).toMatch(/Expires=Thu, 01 Jan 1970/i);
    expect(await readToast(new Request("http://localhost/"))).toEqual({ toast: null, setCookie: null });
  });
});
