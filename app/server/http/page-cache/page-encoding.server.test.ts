import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashedPage, pickEncoding } from "./page-encoding.server";

describe("pickEncoding", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(pickEncoding(undefined)).toBe("identity");
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip;q=0")).toBe("identity");
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding("identity")).toBe("identity");
  });
});

describe("hashedPage", () => {
  it("removes the nonce and allows each inline script by its SHA-256, not scripts with src", () => {
    const html = `<script nonce="N1">a()</script><script nonce="N1" src="/x.js"></script><script nonce="N1" type="module">b()</script>`;
    const page = hashedPage(html, "script-src 'self' 'nonce-N1';object-src 'none'", "N1")!;
    const sha = (text: string) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;
    expect(page.html).toBe(`<script>a()</script><script src="/x.js"></script><script type="module">b()</script>`);
    expect(page.csp).toBe(`script-src 'self' ${sha("a()")} ${sha("b()")};object-src 'none'`);
  });

  it("refuses a page that shows its nonce anywhere but in an attribute", () => {
    expect(hashedPage(`<script nonce="N1">var n = "N1"</script>`, "script-src 'nonce-N1'", "N1")).toBeNull();
  });
});
