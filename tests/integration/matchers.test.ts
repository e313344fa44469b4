/**
 * The test helpers themselves: run()/expectData() (tests/integration/helpers.ts) and the custom
 * matchers toRedirectTo and toSetToast (tests/setup/matchers.ts) pass on a matching outcome and
 * fail with a message that shows what was found.
 */
import { data, redirect } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { redirectWithToast, toastCookie } from "~/server/toast-cookie.server";
import { expectData, get, run } from "./helpers";

const toList = () => run(({ request }) => redirectWithToast(request, "/admin/products", saved), get("/admin"));
const saved = { kind: "success", message: "Product “Lamp” saved." } as const;

describe("run", () => {
  it("normalises a returned or thrown Response, a data() result and plain data", async () => {
    const thrown = await run(async () => {
      throw redirect("/login", 303);
    }, get("/"));
    expect(thrown).toMatchObject({ kind: "response", status: 303, location: "/login", data: null });

    const refused = await run(async () => data({ error: "nope" }, { status: 400, headers: { "X-A": "1" } }), get("/"));
    expect(refused).toMatchObject({ kind: "data", status: 400, location: null, data: { error: "nope" } });
    expect(refused.headers.get("X-A")).toBe("1");
    expect(expectData(refused).error).toBe("nope");

    const plain = await run(async () => ({ items: [1, 2] }), get("/"));
    expect(plain).toMatchObject({ kind: "data", status: 200, location: null });
    expect(expectData(plain).items).toEqual([1, 2]);
  });

  it("expectData fails on a Response, naming its status and Location", async () => {
    const outcome = await run(async () => redirect("/admin/login?redirectTo=%2Fadmin"), get("/admin"));
    expect(() => expectData(outcome)).toThrow(
      "expected data, but the handler answered a Response: status 302, Location /admin/login?redirectTo=%2Fadmin",
    );
  });

  it("rethrows what is not a Response", async () => {
    await expect(
      run(() => {
        throw new Error("boom");
      }, get("/")),
    ).rejects.toThrow("boom");
  });
});

describe("toRedirectTo", () => {
  it("passes on a 3xx with that Location, equal or matching, on an outcome or a Response", async () => {
    const outcome = await toList();
    expect(outcome).toRedirectTo("/admin/products");
    expect(outcome).toRedirectTo(/^\/admin\/products$/);
    expect(outcome).toRedirectTo("/admin/products", { status: 302 });
    expect(redirect("/cart", 303)).toRedirectTo("/cart");
    expect(outcome).not.toRedirectTo("/admin/orders");
    expect({ outcome }).toEqual({ outcome: expect.toRedirectTo("/admin/products") });
  });

  it("fails with the actual status and Location", async () => {
    const outcome = await toList();
    expect(() => expect(outcome).toRedirectTo("/admin/orders")).toThrow(
      "expected a 3xx redirect to /admin/orders, but got status 302, Location /admin/products",
    );
    expect(() => expect(outcome).toRedirectTo(/orders/)).toThrow(
      "expected a 3xx redirect to /orders/, but got status 302, Location /admin/products",
    );
    expect(() => expect(outcome).toRedirectTo("/admin/products", { status: 303 })).toThrow(
      "expected a 303 redirect to /admin/products, but got status 302, Location /admin/products",
    );
    const page = await run(async () => data({ ok: true }, { headers: { Location: "/elsewhere" } }), get("/"));
    expect(() => expect(page).toRedirectTo("/elsewhere")).toThrow(
      "expected a 3xx redirect to /elsewhere, but got status 200, Location /elsewhere",
    );
    const plain = await run(async () => ({ ok: true }), get("/"));
    expect(() => expect(plain).toRedirectTo("/")).toThrow("but got status 200, Location (none)");
    expect(() => expect(outcome).not.toRedirectTo("/admin/products")).toThrow(
      "expected no 3xx redirect to /admin/products, but got one (status 302, Location /admin/products)",
    );
    expect(() => expect("/admin/products").toRedirectTo("/admin/products")).toThrow(
      "expected an outcome of run() or a Response",
    );
  });
});

describe("toSetToast", () => {
  it("passes when the Set-Cookie headers carry that toast, message equal or matching", async () => {
    const outcome = await toList();
    await expect(outcome).toSetToast(saved);
    await expect(outcome).toSetToast({ kind: "success", message: /“Lamp” saved/ });
    await expect(outcome).toSetToast();
    await expect(outcome).not.toSetToast({ kind: "error", message: saved.message });
    // Among other cookies, in a data() result's headers.
    const cookie = await toastCookie(get("/"), { kind: "info", message: "Already pending." });
    const answer = await run(
      async () =>
        data(
          { ok: true },
          {
            headers: [
              ["Set-Cookie", "haat_cart=abc; Path=/"],
              ["Set-Cookie", cookie],
            ],
          },
        ),
      get("/"),
    );
    await expect(answer).toSetToast({ kind: "info", message: "Already pending." });
    await expect(await run(async () => redirect("/"), get("/"))).not.toSetToast();
  });

  it("fails showing the toast found, or that there is none", async () => {
    const outcome = await toList();
    await expect(expect(outcome).toSetToast({ kind: "error", message: saved.message })).rejects.toThrow(
      'expected an error toast "Product “Lamp” saved.", but found a success toast "Product “Lamp” saved."',
    );
    await expect(expect(outcome).toSetToast({ kind: "success", message: /deleted/ })).rejects.toThrow(
      'expected a success toast /deleted/, but found a success toast "Product “Lamp” saved."',
    );
    await expect(expect(outcome).not.toSetToast()).rejects.toThrow(
      'expected no toast, but found a success toast "Product “Lamp” saved."',
    );
    const bare = await run(async () => redirect("/", { headers: { "Set-Cookie": "haat_cart=abc; Path=/" } }), get("/"));
    await expect(expect(bare).toSetToast(saved)).rejects.toThrow(
      'expected a success toast "Product “Lamp” saved.", but found no toast (Set-Cookie names: haat_cart)',
    );
    const none = await run(async () => ({ ok: true }), get("/"));
    await expect(expect(none).toSetToast()).rejects.toThrow(
      "expected a toast, but found no toast (Set-Cookie names: none)",
    );
  });
});
