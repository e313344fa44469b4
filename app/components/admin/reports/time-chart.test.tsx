/**
 * The time chart: a bar per point as tall as its value against a nice axis, ticks in the caller's
 * words, labels thinned to fit (more on a wide screen than on a phone), a summary for a screen
 * reader, and a note instead of a chart when there is nothing to draw.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatInteger } from "~/i18n/format";
import type { Lang } from "~/i18n/lang";
import { TimeChart, type TimePoint } from "./time-chart";

function render(points: TimePoint[], lang: Lang = "en") {
  return renderToStaticMarkup(
    <TimeChart
      title="Orders per day"
      points={points}
      lang={lang}
      formatTick={(value) => `#${formatInteger(value, lang)}`}
    />,
  );
}

/** `count` days labelled "d1", "d2"… with value i. */
function days(count: number): TimePoint[] {
  return Array.from({ length: count }, (_, i) => ({ label: `d${i + 1}`, value: i, display: `${i} orders` }));
}

/** Each bar's value and height, in order. */
function bars(markup: string) {
  return [
    ...markup.matchAll(
      /<rect data-testid="time-bar" data-value="([^"]+)"[^>]* height="([^"]+)"[^>]*><title>([^<]*)<\/title>/g,
    ),
  ].map(([, value, height, title]) => ({ value: Number(value), height: Number(height), title }));
}

/** The time labels drawn, with their classes (which say where they are hidden). */
function labels(markup: string) {
  return [...markup.matchAll(/<text data-testid="time-label"[^>]*class="([^"]*)"[^>]*>([^<]*)<\/text>/g)].map(
    ([, classes, text]) => ({
      text,
      desktop: !classes!.split(" ").includes("hidden"),
      phone: !classes!.split(" ").includes("max-sm:hidden"),
    }),
  );
}

describe("TimeChart", () => {
  it("draws a bar per point, each as tall as its value, with its label and figure in its title", () => {
    const drawn = bars(
      render([
        { label: "1 Nov", value: 50, display: "৳50.00" },
        { label: "2 Nov", value: 100, display: "৳100.00" },
        { label: "3 Nov", value: 0, display: "৳0.00" },
      ]),
    );
    expect(drawn.map((bar) => bar.title)).toEqual(["1 Nov: ৳50.00", "2 Nov: ৳100.00", "3 Nov: ৳0.00"]);
    expect(drawn[1]!.height).toBeCloseTo(drawn[0]!.height * 2, 6);
    expect(drawn[2]!.height).toBe(0);
  });

  it("keeps a lone bar narrow, centred in the drawing", () => {
    const markup = render([{ label: "1 Nov", value: 5, display: "5" }]);
    const [, x, width] = markup.match(/<rect data-testid="time-bar"[^>]* x="([^"]+)"[^>]* width="([^"]+)"/)!;
    expect(Number(width)).toBe(80);
    expect(Number(x) + Number(width) / 2).toBeCloseTo(8 + (760 - 16) / 2, 6);
  });

  it("draws a negative value as no bar rather than below the axis", () => {
    const drawn = bars(
      render([
        { label: "a", value: -5, display: "-5" },
        { label: "b", value: 5, display: "5" },
      ]),
    );
    expect(drawn[0]!.height).toBe(0);
    expect(drawn[1]!.height).toBeGreaterThan(0);
  });

  it("marks the axis with nice ticks written by the caller", () => {
    const markup = render([{ label: "a", value: 1234, display: "1234" }]);
    const ticks = [...markup.matchAll(/<text data-testid="time-tick"[^>]*>([^<]*)<\/text>/g)].map(([, text]) => text);
    expect(ticks).toEqual(["#500", "#1000", "#1500"]);
  });

  it("shows every label when a few points fit, and thins a long range more on a phone", () => {
    expect(labels(render(days(7))).map((label) => label.text)).toEqual(["d1", "d2", "d3", "d4", "d5", "d6", "d7"]);
    const month = labels(render(days(30)));
    expect(month.filter((label) => label.desktop).map((label) => label.text)).toEqual([
      "d1",
      "d4",
      "d7",
      "d10",
      "d13",
      "d16",
      "d19",
      "d22",
      "d25",
      "d30",
    ]);
    expect(month.filter((label) => label.phone).map((label) => label.text)).toEqual(["d1", "d9", "d17", "d30"]);
  });

  it("summarises the chart for a screen reader: how many bars, from when to when, the highest", () => {
    const markup = render(days(5));
    expect(markup).toMatch(/<svg role="img" aria-labelledby="(\S+)-title \1-desc"/);
    expect(markup).toContain("<title id=");
    expect(markup).toContain("Bar chart, 5 bars from d1 to d5. Highest: d5, 4 orders.");
  });

  it("says so instead of drawing when there is nothing to show, in the page's language", () => {
    expect(render([])).not.toContain("<svg");
    expect(render([])).toContain("Nothing to show for these dates.");
    expect(render([], "bn")).toContain("এই তারিখগুলোতে দেখানোর মতো কিছু নেই।");
  });

  it("writes its summary's numbers in Bengali digits on a Bangla page", () => {
    expect(render(days(3), "bn")).toContain("বার চার্ট, d1 থেকে d3 পর্যন্ত ৩টি বার।");
  });
});
