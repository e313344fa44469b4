import { execFileSync } from "node:child_process";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { buildInvoice, type InvoiceOrder } from "~/rules/invoice";
import {
  escapeXml,
  INVOICE_FONT_FAMILY,
  INVOICE_WIDTH_PX,
  invoiceSvg,
  renderInvoicePng,
  wrapText,
} from "./invoice-image.server";

const seller = { name: "Haat & Co", address: "Gulistan, Dhaka", email: "shop@haat.example", phone: "+880 1700-000000" };
const order = (fields: Partial<InvoiceOrder> = {}): InvoiceOrder => ({
  id: 7,
  createdAt: new Date("2026-11-21T10:00:00Z"),
  customerName: "Karim",
  customerEmail: "karim@example.com",
  customerPhone: "01712345678",
  customerAddress: "House 12, Road 5",
  district: "Dhaka",
  area: "Dhanmondi",
  shippingMethod: "Inside Dhaka",
  shippingFeePaisa: 6000,
  subtotalPaisa: 10000,
  totalPaisa: 16000,
  items: [{ productName: "Lamp", quantity: 1, unitPricePaisa: 10000, subtotalPaisa: 10000 }],
  ...fields,
});

describe("escapeXml", () => {
  it("escapes markup and drops characters XML cannot hold", () => {
    expect(escapeXml(`<script>&"'`)).toBe("&lt;script&gt;&amp;&quot;&apos;");
    expect(escapeXml("a\u0000b\u001Fc\uFFFFd\uD800e")).toBe("abcde");
    expect(escapeXml("রহিম ৳ 😀")).toBe("রহিম ৳ 😀");
  });
});

describe("wrapText", () => {
  it("wraps at spaces, keeps line breaks, splits over-long words between grapheme clusters", () => {
    const lines = wrapText("one two three four five six seven eight nine ten", 150, 20);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(" ")).toBe("one two three four five six seven eight nine ten");
    expect(wrapText("first\nsecond", 1000, 20)).toEqual(["first", "second"]);
    const bengali = "ক্ষত্রিয়".repeat(20);
    const pieces = wrapText(bengali, 200, 20);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join("")).toBe(bengali);
    // No piece starts with a combining sign (a split inside a cluster would).
    for (const piece of pieces) expect(piece).not.toMatch(/^[\u09BC-\u09D7\u0981-\u0983]/);
    expect(wrapText("", 100, 20)).toEqual([""]);
  });
});

describe("invoiceSvg and renderInvoicePng", () => {
  it("escapes user input into well-formed SVG and renders a PNG of A4 width", async () => {
    const view = buildInvoice(order({ customerName: `<script>alert(1)</script>&"` }), seller);
    const { svg, height } = invoiceSvg(view);
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&lt;script&gt;alert(1)&lt;/script&gt;&amp;&quot;");
    expect(svg).toContain('font-family="Noto Sans, Noto Sans Bengali, sans-serif"');
    const { png, width, height: pngHeight } = await renderInvoicePng(view);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", INVOICE_WIDTH_PX, height]);
    expect([width, pngHeight]).toEqual([INVOICE_WIDTH_PX, height]);
  });

  it("grows with the number of lines and the length of the address", () => {
    const one = invoiceSvg(buildInvoice(order(), seller)).height;
    const items = Array.from({ length: 50 }, (_, i) => ({
      productName: `Product ${i} with a rather long name that has to wrap onto a second line`,
      quantity: 1,
      unitPricePaisa: 100,
      subtotalPaisa: 100,
    }));
    const many = invoiceSvg(buildInvoice(order({ items }), seller)).height;
    expect(many).toBeGreaterThan(one + 50 * 60);
    const longAddress = invoiceSvg(buildInvoice(order({ customerAddress: "ঢাকা ".repeat(100) }), seller)).height;
    expect(longAddress).toBeGreaterThan(one + 100);
  });

  it("names a line's variant after the product, with its SKU small under it, in the invoice's language", () => {
    const fan = {
      productName: "Ceiling Fan",
      productNameBn: "সিলিং ফ্যান",
      variantLabel: "56″ / Brown",
      variantLabelBn: "৫৬″ / বাদামি",
      sku: "FAN-56-BR",
      quantity: 1,
      unitPricePaisa: 10000,
      subtotalPaisa: 10000,
    };
    const english = invoiceSvg(buildInvoice(order({ items: [fan] }), seller));
    expect(english.svg).toContain(">Ceiling Fan — 56″ / Brown</text>");
    expect(english.svg).toContain('font-size="19" fill="#57534e">SKU FAN-56-BR</text>');
    expect(english.height).toBeGreaterThan(
      invoiceSvg(buildInvoice(order({ items: [{ ...fan, sku: "" }] }), seller)).height,
    );
    const bangla = invoiceSvg(buildInvoice(order({ items: [fan] }), seller, "bn")).svg;
    expect(bangla).toContain(">সিলিং ফ্যান — ৫৬″ / বাদামি</text>");
    expect(bangla).toContain(">এসকেইউ FAN-56-BR</text>");
  });

  it("prints the area and district under the street address, and only the address on an older order", () => {
    const { svg } = invoiceSvg(buildInvoice(order({ district: "Cox's Bazar", area: "Kolatoli" }), seller));
    expect(svg).toContain(">Shipping Address: House 12, Road 5</text>");
    expect(svg).toContain(">Kolatoli, Cox&apos;s Bazar</text>");
    const older = invoiceSvg(buildInvoice(order({ district: null, area: null }), seller));
    expect(older.svg).toContain(">Shipping Address: House 12, Road 5</text>");
    expect(older.svg).not.toContain("Kolatoli");
    expect(older.height).toBeLessThan(invoiceSvg(buildInvoice(order(), seller)).height);
  });

  it("draws Bengali and the taka sign with Noto Sans Bengali (fonts-noto-core)", async () => {
    const families = execFileSync("fc-list", [":lang=bn", "family"]).toString();
    expect(families, "Bengali needs Debian's fonts-noto-core (apt-get install fonts-noto-core)").toContain(
      "Noto Sans Bengali",
    );
    const render = async (text: string, family: string) => {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="60"><rect width="100%" height="100%" fill="#fff"/><text x="10" y="40" font-size="32" font-family="${family}">${escapeXml(text)}</text></svg>`;
      return sharp(Buffer.from(svg)).greyscale().raw().toBuffer();
    };
    for (const text of ["রহিম", "৳"]) {
      const ours = await render(text, INVOICE_FONT_FAMILY);
      expect(ours.equals(await render(text, "Noto Sans Bengali"))).toBe(true);
      expect(ours.some((v) => v < 128)).toBe(true);
    }
  });
});
