import { describe, expect, it } from "vitest";
import { commitDeviceCookie, deviceCookieFor, trustedDeviceFor } from "./device-cookie.server";

/** A sign-in POST carrying the cookie of a Set-Cookie header value. */
const requestWith = (setCookie: string | null) =>
  new Request("http://localhost:3000/admin/login", {
    method: "POST",
    headers: setCookie === null ? {} : { Cookie: setCookie.split(";")[0]! },
  });

describe("the device cookie", () => {
  it("names the account it was issued for, whatever the e-mail's case and spaces", async () => {
    const setCookie = await commitDeviceCookie("Staff@Haat.example");
    const id = await trustedDeviceFor(requestWith(setCookie), " staff@haat.example ");
    expect(id).toMatch(/^[\w-]{22}$/);
    expect(await trustedDeviceFor(requestWith(setCookie), "STAFF@HAAT.EXAMPLE")).toBe(id);
    // Each sign-in gives the browser a new id.
    expect(
      await trustedDeviceFor(requestWith(await commitDeviceCookie("staff@haat.example")), "staff@haat.example"),
    ).not.toBe(id);
  });

  it("is no device for another account, when missing, or when altered", async () => {
    const setCookie = await commitDeviceCookie("staff@haat.example");
    expect(await trustedDeviceFor(requestWith(setCookie), "other@haat.example")).toBeNull();
    expect(await trustedDeviceFor(requestWith(null), "staff@haat.example")).toBeNull();
    const [pair] = setCookie.split(";");
    const [, value = ""] = pair!.split("=");
    const [payload = "", signature = ""] = decodeURIComponent(value).split(".");
    // The same account, another id, the old signature.
    const issued: unknown = JSON.parse(atob(payload));
    expect(issued).toEqual({ account: expect.any(String), id: expect.any(String) });
    const forged = { ...(issued as object), id: "chosen-by-an-attacker" };
    const altered = `haat_device=${encodeURIComponent(`${btoa(JSON.stringify(forged))}.${signature}`)}`;
    expect(await trustedDeviceFor(requestWith(altered), "staff@haat.example")).toBeNull();
    expect(setCookie).toMatch(/; Path=\/admin; .*HttpOnly; SameSite=Lax/);
  });

  it("is named __Secure-haat_device when Secure, and keeps its /admin path", async () => {
    const secure = await deviceCookieFor({ COOKIE_SECURE: true, SESSION_SECRET: "s".repeat(32) }).serialize({});
    expect(secure).toMatch(/^__Secure-haat_device=.*; Path=\/admin;.*; Secure/);
    const plain = await deviceCookieFor({ COOKIE_SECURE: false, SESSION_SECRET: "s".repeat(32) }).serialize({});
    expect(plain).toMatch(/^haat_device=/);
    expect(plain).not.toMatch(/Secure/);
  });
});
