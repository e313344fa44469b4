import { describe, expect, it } from "vitest";
import { safeLocalPath } from "./local-path";

describe("safeLocalPath", () => {
  it.each(["/products", "/products?category=2&sort=price-asc", "/admin/orders/view/4"])("keeps %s", (path) => {
    expect(safeLocalPath(path, "/x")).toBe(path);
  });
  it.each([
    "//evil.example/",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "https://evil.example/",
    "evil.example",
    "",
    null,
    42,
  ])("refuses %j", (value) => {
    expect(safeLocalPath(value, "/fallback")).toBe("/fallback");
  });
  it("drops a fragment and normalises dot segments", () => {
    expect(safeLocalPath("/a/../products#top", "/x")).toBe("/products");
  });
});
