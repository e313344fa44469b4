/**
 * Writes app/components/admin/reports/district-shapes.ts, the district map's outlines, from a
 * GeoJSON of Bangladesh's 64 districts (run once, when the source changes:
 * `npx tsx scripts/geo/district-shapes.ts --source path/to/districts.geojson`).
 *
 * The source is geojson/districts.geojson of nuhil/bangladesh-geocode
 * (https://github.com/nuhil/bangladesh-geocode, commit 591e97d56a646afd4912febd1105c08c2932a0a4,
 * MIT licence; its ADM2_EN/ADM1_EN fields are those of the Bangladesh Bureau of Statistics'
 * boundaries published by OCHA on the Humanitarian Data Exchange): docs/licences/bangladesh-districts-geojson.txt
 * and docs/decisions/069-charts-and-district-map.md. The 1.9 MB file is not kept in the repository.
 *
 * What it does, in order:
 * 1. projects longitude/latitude to a plane (equirectangular, x scaled by cos of the middle
 *    latitude: over Bangladesh's 6 degrees this distorts less than the simplification does) fitted
 *    to WIDTH user units;
 * 2. simplifies the borders without opening gaps between neighbours: a border two districts share
 *    is cut at the points where the set of districts meeting there changes (the junctions), and each
 *    piece is simplified once (Douglas–Peucker, TOLERANCE units) and used by both districts;
 * 3. drops islands smaller than MIN_AREA square units (the Sundarbans' and the coast's small chars,
 *    invisible at this size), keeping every district's largest piece;
 * 4. writes each district's outline as an SVG path (absolute first point, then whole-unit relative
 *    moves), keyed by the district's English name as app/rules/districts.ts spells it: the source's
 *    older spellings are mapped (SOURCE_NAMES) and a name that matches no district stops the script.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { format, resolveConfig } from "prettier";
import { DISTRICTS } from "../../app/rules/districts";

/** The drawing's width in SVG user units; its height follows Bangladesh's shape. */
const WIDTH = 400;
/** Douglas–Peucker tolerance, in user units (about 1.2 km on the ground at WIDTH 400). */
const TOLERANCE = 0.9;
/** Islands smaller than this, in square user units (one is about 1.4 km², so about 8 km²), are left out. */
const MIN_AREA = 6;
/** The source's spellings that differ from ours (app/rules/districts.ts). */
const SOURCE_NAMES: Record<string, string> = {
  Barisal: "Barishal",
  Bogra: "Bogura",
  Brahamanbaria: "Brahmanbaria",
  Chittagong: "Chattogram",
  Comilla: "Cumilla",
  Jessore: "Jashore",
  Jhalokati: "Jhalakathi",
  Maulvibazar: "Moulvibazar",
  Nawabganj: "Chapainawabganj",
  Netrakona: "Netrokona",
};

type Point = [number, number];
type Feature = {
  properties: { ADM2_EN: string };
  geometry: { type: "Polygon"; coordinates: number[][][] } | { type: "MultiPolygon"; coordinates: number[][][][] };
};

const { values: options } = parseArgs({
  options: {
    source: { type: "string" },
    out: { type: "string", default: "app/components/admin/reports/district-shapes.ts" },
  },
});
if (!options.source) throw new Error("--source path/to/districts.geojson is required");
const source = JSON.parse(fs.readFileSync(options.source, "utf8")) as { features: Feature[] };

const ourNames = new Set(DISTRICTS.map((district) => district.name));
/** Each district's rings (outer boundaries: the source has no holes), as longitude/latitude. */
const rings = new Map<string, Point[][]>();
for (const feature of source.features) {
  const name = SOURCE_NAMES[feature.properties.ADM2_EN] ?? feature.properties.ADM2_EN;
  if (!ourNames.has(name))
    throw new Error(`The source's district ${feature.properties.ADM2_EN} is not in app/rules/districts.ts`);
  const polygons = feature.geometry.type === "Polygon" ? [feature.geometry.coordinates] : feature.geometry.coordinates;
  const own = rings.get(name) ?? [];
  for (const polygon of polygons) {
    if (polygon.length > 1) throw new Error(`${name} has a hole: this script draws outer rings only`);
    own.push(polygon[0]!.map(([lon, lat]) => [lon!, lat!] as Point));
  }
  rings.set(name, own);
}
const missing = [...ourNames].filter((name) => !rings.has(name));
if (missing.length > 0) throw new Error(`The source has no outline for ${missing.join(", ")}`);

// 1. The projection, fitted to WIDTH.
const all = [...rings.values()].flat(2);
const minLon = Math.min(...all.map((p) => p[0]));
const maxLon = Math.max(...all.map((p) => p[0]));
const minLat = Math.min(...all.map((p) => p[1]));
const maxLat = Math.max(...all.map((p) => p[1]));
const xScale = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
const scale = WIDTH / ((maxLon - minLon) * xScale);
const HEIGHT = Math.ceil((maxLat - minLat) * scale);
const project = ([lon, lat]: Point): Point => [(lon - minLon) * xScale * scale, (maxLat - lat) * scale];

// 2. Junctions: a point whose set of rings differs from a neighbour's along the ring.
const keyOf = (p: Point) => `${p[0]},${p[1]}`;
const ringsAt = new Map<string, Set<number>>();
const allRings: Point[][] = [];
for (const own of rings.values()) {
  for (const ring of own) {
    const id = allRings.push(ring) - 1;
    for (const point of ring) {
      const key = keyOf(point);
      const set = ringsAt.get(key) ?? new Set<number>();
      set.add(id);
      ringsAt.set(key, set);
    }
  }
}
const sameSet = (a: Set<number>, b: Set<number>) => a.size === b.size && [...a].every((id) => b.has(id));

/** Perpendicular distance from `p` to the segment a–b. */
function distance(p: Point, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

/** Douglas–Peucker: the points of `line` (projected) that keep it within TOLERANCE. */
function simplify(line: Point[]): Point[] {
  if (line.length <= 2) return line;
  let farthest = 0;
  let index = 0;
  for (let i = 1; i < line.length - 1; i++) {
    const d = distance(line[i]!, line[0]!, line.at(-1)!);
    if (d > farthest) [farthest, index] = [d, i];
  }
  if (farthest <= TOLERANCE) return [line[0]!, line.at(-1)!];
  return [...simplify(line.slice(0, index + 1)).slice(0, -1), ...simplify(line.slice(index))];
}

/** A piece of border, simplified once in a canonical direction so both neighbours get the same points. */
const simplified = new Map<string, Point[]>();
function simplifyChain(chain: Point[]): Point[] {
  const forward = chain.map(keyOf).join(";");
  const backward = chain.map(keyOf).reverse().join(";");
  const reversed = backward < forward;
  const key = reversed ? backward : forward;
  let result = simplified.get(key);
  if (!result) {
    result = simplify((reversed ? [...chain].reverse() : chain).map(project));
    simplified.set(key, result);
  }
  return reversed ? [...result].reverse() : result;
}

/** A ring (closed: first point = last) simplified piece by piece between its junctions. */
function simplifyRing(ring: Point[]): Point[] {
  const open = ring.slice(0, -1);
  const n = open.length;
  const fixed = open.map((point, i) => {
    const here = ringsAt.get(keyOf(point))!;
    return (
      !sameSet(here, ringsAt.get(keyOf(open[(i + n - 1) % n]!))!) ||
      !sameSet(here, ringsAt.get(keyOf(open[(i + 1) % n]!))!)
    );
  });
  // A ring nobody shares (an island) has no junction: fix two far-apart points.
  if (!fixed.includes(true)) [fixed[0], fixed[Math.floor(n / 2)]] = [true, true];
  const start = fixed.indexOf(true);
  const rotated = [...open.slice(start), ...open.slice(0, start)];
  const fixedRotated = [...fixed.slice(start), ...fixed.slice(0, start)];
  const out: Point[] = [];
  let chain: Point[] = [rotated[0]!];
  for (let i = 1; i <= n; i++) {
    const point = rotated[i % n]!;
    chain.push(point);
    if (fixedRotated[i % n]) {
      out.push(...simplifyChain(chain).slice(0, -1));
      chain = [point];
    }
  }
  return out;
}

/** The signed area of a ring (projected points), for dropping the smallest islands. */
function area(points: Point[]): number {
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const [x1, y1] = points[i]!;
    const [x2, y2] = points[(i + 1) % points.length]!;
    sum += x1 * y2 - x2 * y1;
  }
  return Math.abs(sum / 2);
}

// 3 and 4. Rounded to whole units, islands below MIN_AREA dropped, written as SVG paths.
function pathOf(points: Point[]): string {
  const whole = points.map(([x, y]) => [Math.round(x), Math.round(y)] as Point);
  const kept = whole.filter((p, i) => i === 0 || p[0] !== whole[i - 1]![0] || p[1] !== whole[i - 1]![1]);
  let d = `M${kept[0]![0]} ${kept[0]![1]}`;
  for (let i = 1; i < kept.length; i++) {
    const dx = kept[i]![0] - kept[i - 1]![0];
    const dy = kept[i]![1] - kept[i - 1]![1];
    d += `l${dx}${dy < 0 ? "" : " "}${dy}`;
  }
  return `${d}z`;
}

const shapes: Record<string, string> = {};
for (const district of [...DISTRICTS].sort((a, b) => a.name.localeCompare(b.name))) {
  const pieces = rings
    .get(district.name)!
    .map(simplifyRing)
    .filter((points) => points.length >= 3)
    .map((points) => ({ points, area: area(points) }))
    .sort((a, b) => b.area - a.area);
  const kept = pieces.filter((piece, i) => i === 0 || piece.area >= MIN_AREA);
  shapes[district.name] = kept.map((piece) => pathOf(piece.points)).join("");
}

const body = Object.entries(shapes)
  .map(([name, d]) => `  ${JSON.stringify(name)}:\n    ${JSON.stringify(d)},`)
  .join("\n");
const module = `/**
 * Bangladesh's 64 districts as SVG paths in a ${WIDTH} × ${HEIGHT} drawing, keyed by the English name
 * app/rules/districts.ts gives each district. GENERATED by scripts/geo/district-shapes.ts from the
 * district boundaries of nuhil/bangladesh-geocode (geojson/districts.geojson, MIT licence; the
 * Bangladesh Bureau of Statistics' boundaries as OCHA publishes them): see that script and
 * docs/licences/bangladesh-districts-geojson.txt. Do not edit by hand: run the script again.
 */

/** The drawing's size in SVG user units (x to the east, y to the south). */
export const DISTRICT_MAP_SIZE = { width: ${WIDTH}, height: ${HEIGHT} } as const;

/** Each district's outline (one or more closed subpaths), by English name. */
export const DISTRICT_SHAPES: Readonly<Record<string, string>> = {
${body}
};
`;
fs.mkdirSync(path.dirname(options.out!), { recursive: true });
// In the repository's style, so that prettier's check passes on the generated file.
const formatted = await format(module, { ...(await resolveConfig(options.out!)), filepath: options.out! });
fs.writeFileSync(options.out!, formatted);
console.log(
  `${options.out}: ${Object.keys(shapes).length} districts, ${(Buffer.byteLength(formatted) / 1024).toFixed(1)} KB`,
);
