/**
 * The district map: an outline for every district of app/rules/districts.ts, each filled by its
 * figure's class with its name and figure in its title, "no orders" apart from zero, the legend,
 * and the summary a screen reader hears. Rendered with react-dom/server: the markup is read.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatInteger } from "~/i18n/format";
import type { Lang } from "~/i18n/lang";
import { DISTRICTS } from "~/rules/districts";
import { DistrictMap, type DistrictMapProps } from "./district-map";
import { DISTRICT_MAP_SIZE, DISTRICT_SHAPES } from "./district-shapes";

/** The map rendered with orders per district as figures. */
function render(values: DistrictMapProps["values"], lang: Lang = "en", noDataLabel?: string) {
  return renderToStaticMarkup(
    <DistrictMap
      title="Orders by district"
      values={values}
      legendTitle="Orders"
      lang={lang}
      formatLegend={(value) => formatInteger(value, lang)}
      noDataLabel={noDataLabel}
    />,
  );
}

/** Each district path's name, class and title, in drawing order. */
function districts(markup: string) {
  return [
    ...markup.matchAll(
      /<path data-testid="district" data-district="([^"]+)" data-class="([^"]+)"[^>]*><title>([^<]*)<\/title>/g,
    ),
  ].map(([, name, mapClass, title]) => ({
    name: name!.replace(/&#x27;/g, "'"),
    mapClass,
    title: title!.replace(/&#x27;/g, "'"),
  }));
}

/** The legend entries' text. */
function legend(markup: string): string[] {
  return [...markup.matchAll(/<li[^>]*data-testid="legend-item"[^>]*>.*?<\/svg>(.*?)<\/li>/g)].map(([, text]) => text!);
}

describe("district shapes", () => {
  it("has an outline for each of the 64 districts, under the names the checkout uses", () => {
    const names = DISTRICTS.map((district) => district.name).sort();
    expect(Object.keys(DISTRICT_SHAPES).sort()).toEqual(names);
    expect(names).toHaveLength(64);
    for (const d of Object.values(DISTRICT_SHAPES)) expect(d).toMatch(/^M\d+ \d+(l-?\d+ ?-?\d+)+z(M.*z)?$/);
  });

  it("stays inside its drawing", () => {
    for (const [name, d] of Object.entries(DISTRICT_SHAPES)) {
      for (const subpath of d.split("M").slice(1)) {
        const [start, ...moves] = subpath.replace("z", "").split("l");
        let [x, y] = start!.split(" ").map(Number) as [number, number];
        for (const move of moves) {
          const [dx, dy] = move.match(/-?\d+/g)!.map(Number) as [number, number];
          [x, y] = [x + dx, y + dy];
          expect({
            name,
            inside: x >= 0 && y >= 0 && x <= DISTRICT_MAP_SIZE.width && y <= DISTRICT_MAP_SIZE.height,
          }).toEqual({ name, inside: true });
        }
      }
    }
  });
});

describe("DistrictMap", () => {
  it("draws 64 districts, each with its name and figure or 'no orders' in its title", () => {
    const markup = render({ Dhaka: { value: 120, display: "120" }, Sylhet: { value: 3, display: "3" } });
    const drawn = districts(markup);
    expect(drawn).toHaveLength(64);
    expect(drawn.find((district) => district.name === "Dhaka")?.title).toBe("Dhaka: 120");
    expect(drawn.find((district) => district.name === "Sylhet")?.title).toBe("Sylhet: 3");
    expect(drawn.find((district) => district.name === "Cox's Bazar")).toEqual({
      name: "Cox's Bazar",
      mapClass: "none",
      title: "Cox's Bazar: No orders",
    });
    expect(drawn.filter((district) => district.mapClass === "none")).toHaveLength(62);
  });

  it("fills each district by its own figure: the largest darkest, zero apart from no orders", () => {
    const drawn = districts(
      render({
        Dhaka: { value: 400, display: "400" },
        Chattogram: { value: 90, display: "90" },
        Gazipur: { value: 40, display: "40" },
        Bogura: { value: 10, display: "10" },
        Bhola: { value: 0, display: "0" },
      }),
    );
    const classOf = (name: string) => drawn.find((district) => district.name === name)?.mapClass;
    expect(["Dhaka", "Chattogram", "Gazipur", "Bogura", "Bhola", "Feni"].map(classOf)).toEqual([
      "3",
      "2",
      "1",
      "0",
      "-1",
      "none",
    ]);
  });

  it("reads a district's former name as its current one and ignores a name that is no district", () => {
    const drawn = districts(render({ Comilla: { value: 7, display: "7" }, Atlantis: { value: 9, display: "9" } }));
    expect(drawn.find((district) => district.name === "Cumilla")?.title).toBe("Cumilla: 7");
    expect(drawn.filter((district) => district.mapClass !== "none")).toHaveLength(1);
  });

  it("explains its colours in a legend: the classes' ranges, zero, and no orders", () => {
    const markup = render({
      Dhaka: { value: 400, display: "400" },
      Gazipur: { value: 300, display: "300" },
      Chattogram: { value: 90, display: "90" },
      Bogura: { value: 10, display: "10" },
      Bhola: { value: 0, display: "0" },
    });
    expect(markup).toContain(">Orders</p>");
    expect(legend(markup)).toEqual(["0", "10", "90", "300", "400", "No orders"]);
    const ranges = legend(
      render({
        Dhaka: { value: 40, display: "40" },
        Feni: { value: 1, display: "1" },
        Pabna: { value: 2, display: "2" },
        Khulna: { value: 3, display: "3" },
        Bhola: { value: 4, display: "4" },
        Rangpur: { value: 50, display: "50" },
      }),
    );
    expect(ranges).toEqual(["1 to 2", "3", "4 to 40", "50", "No orders"]);
  });

  it("says what the map shows to a screen reader: how many districts have figures and the highest", () => {
    const markup = render({
      Dhaka: { value: 400, display: "400" },
      Chattogram: { value: 90, display: "90" },
      Gazipur: { value: 40, display: "40" },
      Bogura: { value: 10, display: "10" },
    });
    expect(markup).toMatch(/<svg role="img" aria-labelledby="(\S+)-title \1-desc"/);
    expect(markup).toContain("<title id=");
    expect(markup).toContain(
      "Map of Bangladesh&#x27;s 64 districts: 4 have figures. Highest: Dhaka (400), Chattogram (90), Gazipur (40).",
    );
  });

  it("shows every district as 'no orders' when there are no figures, in the caller's words if given", () => {
    const markup = render({});
    expect(districts(markup).every((district) => district.mapClass === "none")).toBe(true);
    expect(markup).toContain("none has figures for these dates");
    expect(legend(markup)).toEqual(["No orders"]);
    expect(legend(render({}, "en", "No parcels back"))).toEqual(["No parcels back"]);
  });

  it("dots a figure of too few to compare, out of the colour classes, which the others alone make", () => {
    const markup = render({
      Dhaka: { value: 40, display: "40" },
      Gazipur: { value: 10, display: "10" },
      Bhola: { value: 0, display: "0" },
      Chattogram: { value: 100, display: "100 (only 1 parcel, too few to compare)", smallSample: true },
      Feni: { value: 0, display: "0 (only 2 parcels, too few to compare)", smallSample: true },
    });
    const drawn = districts(markup);
    const of = (name: string) => drawn.find((district) => district.name === name);
    // The largest figure that can be compared takes the darkest class; the small ones none, not zero's.
    expect(["Dhaka", "Gazipur", "Bhola", "Chattogram", "Feni", "Sylhet"].map((name) => of(name)?.mapClass)).toEqual([
      "3",
      "2",
      "-1",
      "small",
      "small",
      "none",
    ]);
    expect(of("Chattogram")?.title).toBe("Chattogram: 100 (only 1 parcel, too few to compare)");
    expect(markup).toMatch(/data-district="Chattogram" data-class="small" d="[^"]+" fill="url\(#\S+-few\)"/);
    expect(legend(markup)).toEqual(["0", "10", "40", "Too few to compare", "No orders"]);
    expect(markup).toContain("3 have figures. Highest: Dhaka (40), Gazipur (10), Bhola (0).");
    expect(markup).toContain("2 more have too few to compare, and are dotted.");
  });

  it("says when every figure is too few to compare, in the caller's words if given", () => {
    const markup = renderToStaticMarkup(
      <DistrictMap
        title="Return rate by district"
        values={{ Sylhet: { value: 1, display: "100.0% (only 1 parcel)", smallSample: true } }}
        legendTitle="Return rate"
        lang="en"
        formatLegend={(value) => `${value * 100}%`}
        noDataLabel="No parcel finished"
        smallSampleLabel="Fewer than 5 parcels: too few to compare"
      />,
    );
    expect(districts(markup).find((district) => district.name === "Sylhet")?.mapClass).toBe("small");
    expect(legend(markup)).toEqual(["Fewer than 5 parcels: too few to compare", "No parcel finished"]);
    expect(markup).toContain("1 have figures, all too few to compare.");
  });

  it("names districts in Bangla with Bengali digits on a Bangla page", () => {
    const markup = render({ Dhaka: { value: 12, display: "১২" }, Sylhet: { value: 0, display: "০" } }, "bn");
    const drawn = districts(markup);
    expect(drawn.find((district) => district.name === "Dhaka")?.title).toBe("ঢাকা: ১২");
    expect(drawn.find((district) => district.name === "Feni")?.title).toBe("ফেনী: কোনো অর্ডার নেই");
    expect(markup).toContain("বাংলাদেশের ৬৪টি জেলার মানচিত্র: ২টি জেলার সংখ্যা আছে। সবচেয়ে বেশি: ঢাকা (১২), সিলেট (০)।");
    expect(legend(markup)).toEqual(["০", "১২", "কোনো অর্ডার নেই"]);
  });
});
