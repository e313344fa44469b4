/**
 * The bar list: each row's label and figure as text, its bar as long as its share of the largest,
 * links where a row has one (tall enough to tap), and a note when there are no rows.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BarList, type BarRow } from "./bar-list";

function render(rows: BarRow[], lang: "en" | "bn" = "en") {
  return renderToStaticMarkup(<BarList title="Best sellers" rows={rows} lang={lang} />);
}

/** Each bar's share of the largest, in order. */
function shares(markup: string): number[] {
  return [...markup.matchAll(/data-testid="bar" data-share="([^"]+)"/g)].map(([, share]) => Number(share));
}

describe("BarList", () => {
  it("shows each row's label and figure, its bar as long as its share of the largest", () => {
    const markup = render([
      { label: "Saree", value: 200, display: "200 sold" },
      { label: "Panjabi", value: 50, display: "50 sold" },
      { label: "Returned", value: -3, display: "-3" },
    ]);
    expect(shares(markup)).toEqual([1, 0.25, 0]);
    expect(markup).toContain("Saree");
    expect(markup).toContain("50 sold");
    expect(markup).toContain('style="width:25.00%"');
    expect(markup).toMatch(/<ol[^>]*aria-labelledby="(\S+)-title"/);
  });

  it("links a row that has somewhere to go, as a block a thumb can hit", () => {
    const markup = render([
      { label: "Saree", value: 2, display: "2", href: "/admin/products/7" },
      { label: "Gone", value: 1, display: "1" },
    ]);
    expect(markup).toMatch(/<a href="\/admin\/products\/7" class="[^"]*block min-h-11[^"]*">/);
    expect(markup.match(/<a /g)).toHaveLength(1);
  });

  it("draws no bar longer than nothing when every value is zero", () => {
    expect(shares(render([{ label: "A", value: 0, display: "0" }]))).toEqual([0]);
  });

  it("says so when there is nothing to rank", () => {
    expect(render([])).not.toContain("<ol");
    expect(render([], "bn")).toContain("এই তারিখগুলোতে দেখানোর মতো কিছু নেই।");
  });
});
