/**
 * Draws the demo catalogue's pictures locally: each image spec (prisma/demo-catalogue.ts) becomes
 * an SVG illustration (a gradient background in the product's palette and a simple drawing of the
 * product) that sharp renders to a JPEG buffer. The seed then sends that buffer through
 * `storeImage`, exactly like a staff upload. No text is drawn, so no font is needed.
 *
 * Product images are `PRODUCT_IMAGE_SIZE` (1200 × 1200 px), category images
 * `CATEGORY_IMAGE_SIZE` (1600 × 1200 px). Every drawing works in a 1000 × 1000 box whose floor
 * line is near y = 900; hanging lights draw their cords from above the box (y < 0).
 */
import sharp from "sharp";
import type { DemoCategoryImageSpec, DemoImageSpec, ImageView, PaletteName, ShapeKind } from "./demo-catalogue";

/** Size in px of a product image. */
const PRODUCT_IMAGE_SIZE = { width: 1200, height: 1200 } as const;

/** Size in px of a category image. */
const CATEGORY_IMAGE_SIZE = { width: 1600, height: 1200 } as const;

/** JPEG quality (0–100) of the rendered image handed to the upload pipeline. */
const RENDER_JPEG_QUALITY = 92;

/** Colours of a palette; gradients go light → dark. */
type Palette = {
  bg: readonly [string, string];
  body: readonly [string, string];
  trim: readonly [string, string];
  accent: string;
  /** Colour of emitted light. */
  glow: string;
  /** Room view: wall and floor. */
  wall: string;
  floor: string;
};

const PALETTES: Record<PaletteName, Palette> = {
  "cool-daylight": {
    bg: ["#eef7ff", "#b9d7f0"],
    body: ["#ffffff", "#d5e2ee"],
    trim: ["#e3e8ee", "#8f9aa6"],
    accent: "#2f80ed",
    glow: "#f2fbff",
    wall: "#dfe8ef",
    floor: "#b89a7a",
  },
  "warm-white": {
    bg: ["#fff6e6", "#f0c98e"],
    body: ["#fffaf0", "#efd9b4"],
    trim: ["#efdcb2", "#a88a4f"],
    accent: "#e38b29",
    glow: "#ffdf9a",
    wall: "#f3e6d3",
    floor: "#9c7450",
  },
  ivory: {
    bg: ["#f7f5f0", "#d6d0c3"],
    body: ["#ffffff", "#e4e0d7"],
    trim: ["#d6d1c6", "#8d877c"],
    accent: "#f08a24",
    glow: "#fffbe8",
    wall: "#ece7dc",
    floor: "#a58461",
  },
  charcoal: {
    bg: ["#5a606a", "#24282e"],
    body: ["#4a4f57", "#181a1d"],
    trim: ["#b5bbc3", "#50565e"],
    accent: "#f2b233",
    glow: "#ffd98c",
    wall: "#d9d4cc",
    floor: "#6e5238",
  },
  brass: {
    bg: ["#4a3b31", "#1c1511"],
    body: ["#f5d785", "#a8771f"],
    trim: ["#ffe9a8", "#b8862d"],
    accent: "#fff3c9",
    glow: "#ffcf70",
    wall: "#e9dccb",
    floor: "#7b5535",
  },
  crystal: {
    bg: ["#3a3458", "#110e22"],
    body: ["#f7f2ff", "#b8afd8"],
    trim: ["#f3dc8e", "#a5842f"],
    accent: "#cdeeff",
    glow: "#fff1c4",
    wall: "#e6e0ef",
    floor: "#8a6a4d",
  },
  "white-gold": {
    bg: ["#fffaf0", "#e6d3aa"],
    body: ["#f8e3a0", "#b58b2a"],
    trim: ["#fff5d6", "#c49a3c"],
    accent: "#ffffff",
    glow: "#ffe3a0",
    wall: "#f1e9dc",
    floor: "#9b7a57",
  },
  teak: {
    bg: ["#f8eedf", "#d8b48a"],
    body: ["#b87d45", "#6b3f1d"],
    trim: ["#deaa72", "#7a4b24"],
    accent: "#ecdcbd",
    glow: "#ffdca6",
    wall: "#efe4d3",
    floor: "#8a6244",
  },
  walnut: {
    bg: ["#f2ebe2", "#c9b29a"],
    body: ["#8a5d3d", "#3f2818"],
    trim: ["#b48a66", "#5a3a24"],
    accent: "#d9b26a",
    glow: "#ffe0a8",
    wall: "#e9e1d6",
    floor: "#a7835f",
  },
  "ash-grey": {
    bg: ["#f0f2f4", "#c4c9cf"],
    body: ["#a3acb6", "#5c6570"],
    trim: ["#4a4a4a", "#1d1d1d"],
    accent: "#f0c24b",
    glow: "#fff4d6",
    wall: "#e5e8ea",
    floor: "#a58361",
  },
  navy: {
    bg: ["#edf1f8", "#b5c3dc"],
    body: ["#3d5a96", "#1b2b52"],
    trim: ["#d3ad62", "#7d6030"],
    accent: "#f2d28c",
    glow: "#fff1cc",
    wall: "#e6e9ef",
    floor: "#9a7a58",
  },
  mustard: {
    bg: ["#fcf3de", "#e8c97a"],
    body: ["#e6ad2e", "#9c6b08"],
    trim: ["#6b4a2e", "#2e1c0e"],
    accent: "#2f5d5d",
    glow: "#fff1c9",
    wall: "#eee9df",
    floor: "#8d6a4a",
  },
  terracotta: {
    bg: ["#fcf0e7", "#e8b899"],
    body: ["#d8794a", "#8a3d1a"],
    trim: ["#f2cfaa", "#a7683d"],
    accent: "#3f7d5a",
    glow: "#ffd89a",
    wall: "#f2e6da",
    floor: "#8f6a4b",
  },
  teal: {
    bg: ["#e8f5f2", "#a9d6cf"],
    body: ["#34a99a", "#16615a"],
    trim: ["#efcd78", "#b08a2e"],
    accent: "#e76f51",
    glow: "#fff6d8",
    wall: "#e4eeeb",
    floor: "#a07e5c",
  },
  sage: {
    bg: ["#f0f4ec", "#c3d3b8"],
    body: ["#8aa876", "#4b6340"],
    trim: ["#e3d3b5", "#9b8258"],
    accent: "#c0584a",
    glow: "#fff5da",
    wall: "#e9eee4",
    floor: "#9a7b5b",
  },
  rose: {
    bg: ["#fcf0f2", "#e9b9c3"],
    body: ["#d97b88", "#8e3b4a"],
    trim: ["#f5dfae", "#b08a40"],
    accent: "#5d4b8f",
    glow: "#fff2dc",
    wall: "#f3e8e8",
    floor: "#9c785a",
  },
  indigo: {
    bg: ["#eceffb", "#b4bde8"],
    body: ["#4a5cc2", "#1f2a6b"],
    trim: ["#f5ecda", "#b7a27e"],
    accent: "#ffb74d",
    glow: "#fff0c8",
    wall: "#e7e8f0",
    floor: "#94735a",
  },
  cane: {
    bg: ["#faf3e6", "#e2cda3"],
    body: ["#dcb981", "#9c7440"],
    trim: ["#7a5534", "#3a2714"],
    accent: "#4f7d4a",
    glow: "#ffd98f",
    wall: "#f1e8d8",
    floor: "#8b6a49",
  },
  rgb: {
    bg: ["#24163f", "#07040f"],
    body: ["#ff4f8b", "#4a63ff"],
    trim: ["#e3e8ee", "#7b8590"],
    accent: "#3dffa8",
    glow: "#b48cff",
    wall: "#2a2440",
    floor: "#3a2c24",
  },
  steel: {
    bg: ["#eef1f4", "#aeb8c2"],
    body: ["#f4f6f8", "#aab4be"],
    trim: ["#6c7680", "#2e343a"],
    accent: "#d93a35",
    glow: "#ffffff",
    wall: "#e3e7ea",
    floor: "#9a7b5d",
  },
};

/** One drawing: SVG elements in the 1000 × 1000 box, and where the detail view zooms in. */
type Drawing = {
  draw: (p: Palette, variant: number) => string;
  /** Point of the box the detail view centres on; defaults to (500, 480). */
  focus?: readonly [number, number];
  /** Variant used when the spec gives none. */
  defaultVariant?: number;
  /** Placement of the box in the room view when the default (standing on the floor) is wrong. */
  roomPlacement?: string;
};

const INK = "#2b2b2b";
const LINEN = "#f4ecdc";
const SHEET = "#f7f4ee";

/** Rounds a coordinate to 0.1 px to keep the SVG short. */
function r1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** A soft floor shadow centred at (cx, cy), radii in px. */
function shadow(cx: number, cy: number, rx: number, ry: number): string {
  return `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(rx)}" ry="${r1(ry)}" fill="url(#shadow)"/>`;
}

/** A glow of emitted light centred at (cx, cy) with radius r px. */
function halo(cx: number, cy: number, r: number): string {
  return `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="url(#halo)"/>`;
}

/** A hanging cord from above the box down to y px. */
function cord(x: number, y: number): string {
  return `<line x1="${x}" y1="-400" x2="${x}" y2="${y}" stroke="${INK}" stroke-width="6"/>`;
}

/** A deterministic pseudo-random generator in [0, 1) (mulberry32), so images never change. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Gradients and patterns shared by every drawing, in the palette's colours. */
function defs(p: Palette): string {
  return `<defs>
<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.bg[0]}"/><stop offset="1" stop-color="${p.bg[1]}"/></linearGradient>
<radialGradient id="spot" cx="0.5" cy="0.45" r="0.55"><stop offset="0" stop-color="#fff" stop-opacity="0.5"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
<radialGradient id="night" cx="0.5" cy="0.42" r="0.75"><stop offset="0" stop-color="#2c3148"/><stop offset="1" stop-color="#06070c"/></radialGradient>
<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.floor}"/><stop offset="1" stop-color="${p.floor}" stop-opacity="0.75"/></linearGradient>
<linearGradient id="body" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.body[0]}"/><stop offset="1" stop-color="${p.body[1]}"/></linearGradient>
<linearGradient id="bodyH" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${p.body[1]}"/><stop offset="0.42" stop-color="${p.body[0]}"/><stop offset="1" stop-color="${p.body[1]}"/></linearGradient>
<radialGradient id="bodyR" cx="0.4" cy="0.35" r="0.75"><stop offset="0" stop-color="${p.body[0]}"/><stop offset="1" stop-color="${p.body[1]}"/></radialGradient>
<linearGradient id="trim" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.trim[0]}"/><stop offset="1" stop-color="${p.trim[1]}"/></linearGradient>
<linearGradient id="trimH" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${p.trim[1]}"/><stop offset="0.45" stop-color="${p.trim[0]}"/><stop offset="1" stop-color="${p.trim[1]}"/></linearGradient>
<radialGradient id="trimR" cx="0.4" cy="0.35" r="0.75"><stop offset="0" stop-color="${p.trim[0]}"/><stop offset="1" stop-color="${p.trim[1]}"/></radialGradient>
<radialGradient id="glass" cx="0.45" cy="0.42" r="0.62"><stop offset="0" stop-color="${p.glow}"/><stop offset="0.55" stop-color="${p.body[0]}" stop-opacity="0.92"/><stop offset="1" stop-color="${p.body[1]}"/></radialGradient>
<linearGradient id="tube" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="0.55" stop-color="${p.glow}"/><stop offset="1" stop-color="${p.body[1]}"/></linearGradient>
<radialGradient id="halo"><stop offset="0" stop-color="${p.glow}" stop-opacity="0.85"/><stop offset="0.4" stop-color="${p.glow}" stop-opacity="0.3"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/></radialGradient>
<radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.32"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
<linearGradient id="cone" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.glow}" stop-opacity="0.55"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/></linearGradient>
<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.22"/><stop offset="0.4" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.28"/></linearGradient>
<linearGradient id="mirror" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eef5f8"/><stop offset="0.5" stop-color="#a9c2ce"/><stop offset="1" stop-color="#dfeaf0"/></linearGradient>
<pattern id="weave" width="28" height="28" patternUnits="userSpaceOnUse"><rect width="28" height="28" fill="${p.body[0]}"/><path d="M0 0L28 28M28 0L0 28" stroke="${p.body[1]}" stroke-width="5"/><circle cx="14" cy="14" r="4" fill="${p.body[1]}" fill-opacity="0.6"/></pattern>
</defs>`;
}

// ---------------------------------------------------------------------------------------------
// Lighting

function bulb(p: Palette): string {
  const threads = [0, 1, 2, 3]
    .map((i) => `<rect x="402" y="${700 + i * 40}" width="196" height="30" rx="14" fill="url(#trimH)"/>`)
    .join("");
  return `${halo(500, 400, 380)}${shadow(500, 910, 170, 26)}
<path d="M500 150C650 150 735 260 735 385C735 480 675 545 632 600L612 660H388L368 600C325 545 265 480 265 385C265 260 350 150 500 150Z" fill="url(#glass)" stroke="${p.trim[1]}" stroke-opacity="0.3" stroke-width="4"/>
<circle cx="500" cy="420" r="80" fill="${p.glow}" fill-opacity="0.9"/>
<ellipse cx="410" cy="300" rx="36" ry="90" transform="rotate(-32 410 300)" fill="#fff" fill-opacity="0.55"/>
<rect x="385" y="652" width="230" height="44" rx="12" fill="url(#body)" stroke="${p.trim[1]}" stroke-opacity="0.3"/>
${threads}<path d="M430 858H570L540 905H460Z" fill="#3a3a3a"/>`;
}

function tubeLight(p: Palette): string {
  return `${shadow(500, 800, 380, 30)}<g transform="rotate(-15 500 500)">
<ellipse cx="500" cy="500" rx="480" ry="160" fill="url(#halo)"/>
<rect x="110" y="515" width="780" height="44" rx="12" fill="url(#trim)"/>
<rect x="120" y="455" width="760" height="80" rx="40" fill="url(#tube)"/>
<rect x="160" y="470" width="680" height="14" rx="7" fill="#fff" fill-opacity="0.8"/>
<rect x="92" y="448" width="54" height="114" rx="20" fill="url(#body)" stroke="${p.trim[1]}" stroke-opacity="0.4"/>
<rect x="854" y="448" width="54" height="114" rx="20" fill="url(#body)" stroke="${p.trim[1]}" stroke-opacity="0.4"/></g>`;
}

/** Variant 0: round panel; 1: square panel. */
function panelLight(p: Palette, variant: number): string {
  const shape =
    variant === 1
      ? (inset: number, fill: string, dy = 0) =>
          `<rect x="${150 + inset}" y="${150 + inset + dy}" width="${700 - 2 * inset}" height="${700 - 2 * inset}" rx="${Math.max(12, 44 - inset)}" fill="${fill}"/>`
      : (inset: number, fill: string, dy = 0) =>
          `<circle cx="500" cy="${500 + dy}" r="${350 - inset}" fill="${fill}"/>`;
  return `${halo(500, 470, 440)}${shadow(500, 850, 330, 40)}
<g transform="matrix(1 0 0 0.68 0 150)">${shape(0, p.trim[1], 40)}${shape(0, "url(#trimR)")}${shape(42, "url(#glass)")}
${shape(42, "none").replace("/>", ` stroke="#fff" stroke-opacity="0.7" stroke-width="6"/>`)}</g>`;
}

function downlight(p: Palette): string {
  const fins = [0, 1, 2, 3, 4, 5]
    .map(
      (i) =>
        `<rect x="${378 + i * 45}" y="150" width="20" height="130" rx="4" fill="${p.trim[1]}" fill-opacity="0.6"/>`,
    )
    .join("");
  return `<path d="M330 320L670 320L930 1000L70 1000Z" fill="url(#cone)"/>
<path d="M330 300L352 140H648L670 300Z" fill="url(#trimH)"/>${fins}
<path d="M310 290Q230 220 262 140M690 290Q770 220 738 140" stroke="#9aa0a6" stroke-width="10" fill="none" stroke-linecap="round"/>
<ellipse cx="500" cy="300" rx="235" ry="80" fill="url(#trimR)"/>
<ellipse cx="500" cy="312" rx="172" ry="56" fill="${p.body[1]}"/>
<ellipse cx="500" cy="322" rx="92" ry="30" fill="${p.glow}"/>${halo(500, 330, 220)}`;
}

function stripLight(p: Palette): string {
  const points: string[] = [];
  for (let x = 330; x <= 940; x += 10) {
    points.push(`${x} ${r1(730 + 90 * Math.sin((x - 330) / 95))}`);
  }
  const colours = [p.body[0], p.accent, p.body[1], p.glow];
  const leds: string[] = [];
  for (let x = 350, i = 0; x <= 930; x += 40, i += 1) {
    const y = 730 + 90 * Math.sin((x - 330) / 95);
    const colour = colours[i % colours.length]!;
    leds.push(
      `<circle cx="${x}" cy="${r1(y)}" r="34" fill="${colour}" fill-opacity="0.3"/><circle cx="${x}" cy="${r1(y)}" r="11" fill="${colour}"/>`,
    );
  }
  const buttons = [0, 1, 2, 3, 4, 5, 6, 7, 8]
    .map(
      (i) =>
        `<circle cx="${742 + (i % 3) * 33}" cy="${300 + Math.floor(i / 3) * 40}" r="11" fill="${colours[i % 4]!}"/>`,
    )
    .join("");
  return `${shadow(330, 600, 200, 24)}
<circle cx="330" cy="400" r="200" fill="url(#trimR)"/><circle cx="330" cy="400" r="120" fill="none" stroke="#f4f4f4" stroke-width="70"/>
<circle cx="330" cy="400" r="60" fill="${p.bg[1]}"/>
<path d="M330 560C330 640 300 700 330 730L${points.join("L")}" stroke="#f4f4f4" stroke-width="40" fill="none" stroke-linejoin="round"/>
${leds.join("")}
<rect x="710" y="170" width="130" height="270" rx="32" fill="#22252b"/><circle cx="775" cy="230" r="18" fill="#e53935"/>${buttons}`;
}

function floodLight(p: Palette): string {
  const chips: string[] = [];
  for (let i = 0; i < 4; i += 1) {
    for (let j = 0; j < 3; j += 1) {
      chips.push(`<circle cx="${330 + i * 113}" cy="${345 + j * 100}" r="24" fill="${p.glow}"/>`);
    }
  }
  const fins = Array.from(
    { length: 10 },
    (_, i) => `<rect x="${252 + i * 52}" y="196" width="24" height="50" rx="6" fill="${p.body[1]}"/>`,
  ).join("");
  return `<path d="M300 600L700 600L990 1000L10 1000Z" fill="url(#cone)"/>${shadow(500, 900, 330, 30)}
<path d="M215 420H170V800H830V420H785" fill="none" stroke="${p.trim[1]}" stroke-width="28" stroke-linejoin="round"/>
<rect x="420" y="790" width="160" height="70" rx="10" fill="${p.trim[1]}"/>
${fins}<rect x="210" y="230" width="580" height="420" rx="50" fill="url(#body)"/>
<rect x="255" y="275" width="490" height="330" rx="26" fill="url(#glass)"/>${chips.join("")}
<circle cx="185" cy="440" r="20" fill="url(#trimR)"/><circle cx="815" cy="440" r="20" fill="url(#trimR)"/>${halo(500, 440, 360)}`;
}

/** Variant 0: a jute shade on a wooden base; 1: a linen shade on a ceramic gourd base. */
function tableLamp(p: Palette, variant: number): string {
  const base =
    variant === 1
      ? `<path d="M500 540C540 540 545 580 560 600C680 660 680 840 580 880L420 880C320 840 320 660 440 600C455 580 460 540 500 540Z" fill="url(#bodyR)"/>`
      : `<path d="M430 890L570 890L560 860Q625 760 560 640Q540 600 560 560L440 560Q460 600 440 640Q375 760 440 860Z" fill="url(#trimH)"/>`;
  const shadeFill = variant === 1 ? p.trim[0] : "url(#weave)";
  return `${halo(500, 400, 400)}${shadow(500, 905, 220, 30)}
<rect x="490" y="440" width="20" height="130" fill="#b9a06a"/>${base}
<rect x="395" y="878" width="210" height="26" rx="8" fill="${p.trim[1]}"/>
<ellipse cx="500" cy="462" rx="215" ry="28" fill="${p.glow}"/>
<path d="M360 200L640 200L720 460L280 460Z" fill="${shadeFill}"/><path d="M360 200L640 200L720 460L280 460Z" fill="url(#shade)"/>`;
}

function deskLamp(p: Palette): string {
  return `<path d="M650 420L790 420L960 900L480 900Z" fill="url(#cone)"/>${shadow(420, 905, 220, 26)}
<ellipse cx="380" cy="880" rx="170" ry="40" fill="${p.body[1]}"/><ellipse cx="380" cy="866" rx="160" ry="34" fill="url(#body)"/>
<rect x="450" y="862" width="40" height="12" rx="4" fill="#333"/>
<path d="M380 850L520 520L720 330" stroke="${p.trim[1]}" stroke-width="26" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
<circle cx="520" cy="520" r="24" fill="url(#trimR)"/><circle cx="380" cy="850" r="22" fill="url(#trimR)"/>
<g transform="rotate(28 720 340)"><path d="M630 300L810 300L850 420L590 420Z" fill="url(#body)"/>
<ellipse cx="720" cy="420" rx="130" ry="16" fill="${p.glow}"/></g>${halo(690, 460, 200)}`;
}

function floorLamp(p: Palette): string {
  return `${halo(500, 260, 340)}${shadow(500, 925, 260, 26)}
<path d="M500 400L540 880" stroke="${p.body[1]}" stroke-width="22" stroke-linecap="round"/>
<path d="M500 400L260 920M500 400L740 920" stroke="${p.body[0]}" stroke-width="24" stroke-linecap="round"/>
<path d="M500 400V320" stroke="${INK}" stroke-width="14"/><circle cx="500" cy="400" r="22" fill="url(#trimR)"/>
<ellipse cx="500" cy="332" rx="168" ry="22" fill="${p.glow}"/>
<path d="M360 140L640 140L670 330L330 330Z" fill="${LINEN}"/><path d="M360 140L640 140L670 330L330 330Z" fill="url(#shade)"/>`;
}

function arcLamp(p: Palette): string {
  return `<path d="M650 420L870 420L990 1000L530 1000Z" fill="url(#cone)"/>${shadow(250, 915, 190, 28)}
<path d="M250 880L250 420C250 120 600 60 760 300" stroke="${p.body[0]}" stroke-width="20" fill="none" stroke-linecap="round"/>
<ellipse cx="250" cy="890" rx="170" ry="42" fill="${p.trim[1]}"/><ellipse cx="250" cy="878" rx="160" ry="34" fill="url(#trimR)"/>
<path d="M760 300C690 300 650 350 640 420L880 420C870 350 830 300 760 300Z" fill="url(#bodyH)"/>
<ellipse cx="760" cy="420" rx="120" ry="16" fill="${p.glow}"/>${halo(760, 450, 260)}`;
}

/** Variant 2: a pair of sconces; otherwise one. */
function wallSconce(p: Palette, variant: number): string {
  const one = (x: number) => `
<ellipse cx="${x}" cy="430" rx="52" ry="92" fill="url(#trimR)"/>
<path d="M${x} 460C${x} 580 ${x + 150} 580 ${x + 150} 490" stroke="${p.trim[0]}" stroke-width="16" fill="none" stroke-linecap="round"/>
<ellipse cx="${x + 150}" cy="490" rx="36" ry="12" fill="url(#trim)"/>
${halo(x + 150, 390, 200)}
<path d="M${x + 150} 490C${x + 70} 480 ${x + 75} 350 ${x + 95} 310L${x + 205} 310C${x + 225} 350 ${x + 230} 480 ${x + 150} 490Z" fill="url(#glass)" fill-opacity="0.9"/>`;
  return variant === 2 ? one(230) + one(590) : one(380);
}

/** Variant 0: a wall lantern; 1: an electric hurricane lamp. */
function lantern(p: Palette, variant: number): string {
  if (variant === 1) {
    return `${halo(500, 520, 330)}${shadow(500, 910, 200, 26)}
<path d="M360 900L640 900L610 760L390 760Z" fill="url(#bodyH)"/><ellipse cx="500" cy="760" rx="130" ry="26" fill="${p.body[0]}"/>
<path d="M500 300C620 300 660 440 620 560C600 620 560 700 560 760L440 760C440 700 400 620 380 560C340 440 380 300 500 300Z" fill="url(#glass)" fill-opacity="0.85"/>
<path d="M500 470Q540 540 500 600Q460 540 500 470Z" fill="${p.glow}"/>
<path d="M395 760L350 560L420 290M605 760L650 560L580 290" stroke="${p.body[1]}" stroke-width="10" fill="none"/>
<rect x="420" y="262" width="160" height="40" rx="10" fill="url(#bodyH)"/>
<path d="M420 270Q500 130 580 270" stroke="${p.trim[1]}" stroke-width="10" fill="none"/>`;
  }
  return `${halo(500, 480, 320)}
<rect x="200" y="300" width="64" height="190" rx="14" fill="url(#body)"/><rect x="255" y="332" width="170" height="22" fill="${p.body[0]}"/>
<path d="M375 330L625 330L565 245L435 245Z" fill="url(#body)"/><circle cx="500" cy="232" r="20" fill="${p.body[0]}"/>
<rect x="400" y="330" width="200" height="300" fill="${p.glow}" fill-opacity="0.55"/>
<ellipse cx="500" cy="480" rx="44" ry="62" fill="${p.glow}"/>
<rect x="400" y="330" width="200" height="300" fill="none" stroke="${p.body[1]}" stroke-width="16"/>
<path d="M500 330V630M400 480H600" stroke="${p.body[1]}" stroke-width="6"/>
<path d="M390 630L610 630L570 690L430 690Z" fill="url(#body)"/>`;
}

// ---------------------------------------------------------------------------------------------
// Fans

/** A round fan head: guard, blades and cap, centred at (cx, cy) with radius r px. */
function fanHead(p: Palette, cx: number, cy: number, r: number, blades = 3): string {
  const bladePath = `M${cx} ${cy}C${r1(cx + 0.2 * r)} ${r1(cy - 0.45 * r)} ${r1(cx + 0.75 * r)} ${r1(cy - 0.5 * r)} ${r1(cx + 0.85 * r)} ${r1(cy - 0.15 * r)}C${r1(cx + 0.8 * r)} ${r1(cy + 0.15 * r)} ${r1(cx + 0.35 * r)} ${r1(cy + 0.2 * r)} ${cx} ${cy}Z`;
  const bladeEls = Array.from(
    { length: blades },
    (_, k) =>
      `<path d="${bladePath}" transform="rotate(${r1((k * 360) / blades + 20)} ${cx} ${cy})" fill="url(#bodyR)" fill-opacity="0.9"/>`,
  ).join("");
  const rings = [0.35, 0.6, 0.85]
    .map(
      (f) =>
        `<circle cx="${cx}" cy="${cy}" r="${r1(r * f)}" fill="none" stroke="${p.trim[1]}" stroke-opacity="0.5" stroke-width="3"/>`,
    )
    .join("");
  const spokes = Array.from({ length: 24 }, (_, k) => {
    const a = (k * Math.PI) / 12;
    return `M${r1(cx + 0.18 * r * Math.cos(a))} ${r1(cy + 0.18 * r * Math.sin(a))}L${r1(cx + r * Math.cos(a))} ${r1(cy + r * Math.sin(a))}`;
  }).join("");
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${p.bg[0]}" fill-opacity="0.35"/>${bladeEls}${rings}
<path d="${spokes}" stroke="${p.trim[1]}" stroke-opacity="0.45" stroke-width="3"/>
<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="url(#trim)" stroke-width="${r1(r * 0.045)}"/>
<circle cx="${cx}" cy="${cy}" r="${r1(r * 0.17)}" fill="url(#trimR)"/><circle cx="${cx}" cy="${cy}" r="${r1(r * 0.06)}" fill="${p.accent}"/>`;
}

/** Variant: number of blades (default 3). */
function ceilingFan(p: Palette, variant: number): string {
  const blades = Math.max(3, Math.min(5, variant));
  const bladeEls = Array.from({ length: blades }, (_, k) => {
    const angle = r1((k * 360) / blades + 25);
    return `<g transform="rotate(${angle} 500 480)"><path d="M560 462L880 428Q935 480 880 532L560 498Z" fill="url(#bodyH)"/><rect x="540" y="468" width="120" height="24" rx="6" fill="${p.trim[1]}"/></g>`;
  }).join("");
  return `<rect x="486" y="-400" width="28" height="820" fill="url(#trimH)"/>
<g transform="translate(0 278) scale(1 0.42)">${bladeEls}</g>
<path d="M350 470Q350 570 500 575Q650 570 650 470Z" fill="url(#trim)"/>
<ellipse cx="500" cy="470" rx="150" ry="56" fill="url(#trimR)"/>
<ellipse cx="500" cy="566" rx="64" ry="20" fill="${p.accent}" fill-opacity="0.8"/>`;
}

function pedestalFan(p: Palette): string {
  return `${shadow(500, 905, 240, 32)}
<ellipse cx="500" cy="880" rx="220" ry="46" fill="${p.body[1]}"/><ellipse cx="500" cy="866" rx="205" ry="36" fill="url(#body)"/>
<rect x="420" y="858" width="26" height="12" rx="4" fill="${p.accent}"/><rect x="456" y="858" width="26" height="12" rx="4" fill="${p.trim[0]}"/><rect x="492" y="858" width="26" height="12" rx="4" fill="${p.trim[0]}"/>
<rect x="482" y="520" width="36" height="350" fill="url(#trimH)"/><rect x="472" y="640" width="56" height="30" rx="8" fill="${p.body[1]}"/>
<rect x="455" y="380" width="90" height="170" rx="40" fill="url(#body)"/>${fanHead(p, 500, 330, 270)}`;
}

function wallFan(p: Palette): string {
  return `<rect x="430" y="770" width="140" height="120" rx="16" fill="url(#body)"/><rect x="478" y="560" width="44" height="230" fill="url(#trimH)"/>
<rect x="455" y="470" width="90" height="150" rx="40" fill="url(#body)"/>${fanHead(p, 500, 360, 290)}
<path d="M580 620V860M620 620V820" stroke="#777" stroke-width="4"/><ellipse cx="580" cy="875" rx="10" ry="16" fill="${p.accent}"/><ellipse cx="620" cy="835" rx="10" ry="16" fill="${p.trim[1]}"/>`;
}

/** Variant 1: rechargeable, with a carry handle and an LED light bar. */
function tableFan(p: Palette, variant: number): string {
  const extras =
    variant === 1
      ? `<path d="M380 110Q500 20 620 110" stroke="url(#body)" stroke-width="26" fill="none" stroke-linecap="round"/>
${halo(400, 822, 150)}<rect x="335" y="806" width="130" height="32" rx="14" fill="${p.glow}"/>`
      : "";
  return `${shadow(500, 905, 250, 30)}
<rect x="478" y="600" width="44" height="190" fill="url(#trimH)"/>
<rect x="300" y="780" width="400" height="110" rx="40" fill="url(#body)"/>
<circle cx="560" cy="835" r="14" fill="${p.trim[0]}"/><circle cx="600" cy="835" r="14" fill="${p.trim[0]}"/><circle cx="640" cy="835" r="14" fill="${p.accent}"/>
${fanHead(p, 500, 380, 250)}${extras}`;
}

function exhaustFan(p: Palette): string {
  const bladePath = "M500 500C540 420 650 380 720 420C700 500 600 540 500 500Z";
  const blades = Array.from(
    { length: 5 },
    (_, k) => `<path d="${bladePath}" transform="rotate(${k * 72} 500 500)" fill="url(#trimR)"/>`,
  ).join("");
  const louvres = Array.from(
    { length: 7 },
    (_, i) =>
      `<rect x="235" y="${262 + i * 72}" width="530" height="16" rx="8" fill="${p.body[0]}" fill-opacity="0.45"/>`,
  ).join("");
  return `<rect x="196" y="206" width="640" height="640" rx="60" fill="#000" fill-opacity="0.15"/>
<rect x="180" y="180" width="640" height="640" rx="60" fill="url(#body)"/>
<rect x="200" y="200" width="600" height="600" rx="46" fill="none" stroke="#fff" stroke-opacity="0.5" stroke-width="4"/>
<circle cx="500" cy="500" r="262" fill="#2a2d31"/>${blades}<circle cx="500" cy="500" r="56" fill="url(#bodyR)"/>${louvres}`;
}

// ---------------------------------------------------------------------------------------------
// Switches and sockets

/** A wall plate centred at (500, 480); wide for 3+ modules. Returns its markup and box. */
function plate(wide: boolean): { svg: string; x: number; y: number; w: number; h: number } {
  const w = wide ? 700 : 480;
  const h = wide ? 440 : 480;
  const x = 500 - w / 2;
  const y = 480 - h / 2;
  const svg = `<rect x="${x + 16}" y="${y + 22}" width="${w}" height="${h}" rx="40" fill="#000" fill-opacity="0.16"/>
<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="40" fill="url(#body)"/>
<rect x="${x + 14}" y="${y + 14}" width="${w - 28}" height="${h - 28}" rx="30" fill="none" stroke="#fff" stroke-opacity="0.5" stroke-width="3"/>`;
  return { svg, x, y, w, h };
}

/** A rocker switch of the given box, with a locator dot in `dot` colour. */
function rocker(p: Palette, x: number, y: number, w: number, h: number, dot: string): string {
  return `<rect x="${r1(x)}" y="${y}" width="${r1(w)}" height="${h}" rx="18" fill="url(#body)" stroke="${p.trim[1]}" stroke-opacity="0.35" stroke-width="3"/>
<rect x="${r1(x + 6)}" y="${y + 6}" width="${r1(w - 12)}" height="${r1(h / 2 - 6)}" rx="14" fill="#fff" fill-opacity="0.28"/>
<circle cx="${r1(x + w / 2)}" cy="${y + 34}" r="24" fill="${dot}" fill-opacity="0.25"/><circle cx="${r1(x + w / 2)}" cy="${y + 34}" r="9" fill="${dot}"/>`;
}

/** Variant: number of gangs, 1 to 4. */
function switchPlate(p: Palette, variant: number): string {
  const gangs = Math.max(1, Math.min(4, variant));
  const { svg, x, y, w, h } = plate(gangs >= 3);
  const gap = 18;
  const rw = (w - 120 - gap * (gangs - 1)) / gangs;
  const rockers = Array.from({ length: gangs }, (_, i) =>
    rocker(p, x + 60 + i * (rw + gap), y + 70, rw, h - 140, p.accent),
  ).join("");
  return svg + rockers;
}

/** Variant 0: 13 A three-pin socket; 1: universal socket with switch; 2: 20 A AC socket with switch. */
function socket(p: Palette, variant: number): string {
  const hole = p.body[1] === "#181a1d" ? "#050505" : "#3a3a3a";
  if (variant === 0) {
    const { svg } = plate(false);
    return `${svg}<rect x="330" y="310" width="340" height="340" rx="44" fill="${p.trim[0]}" fill-opacity="0.45"/>
<rect x="485" y="370" width="30" height="84" rx="5" fill="${hole}"/><rect x="372" y="520" width="84" height="30" rx="5" fill="${hole}"/><rect x="544" y="520" width="84" height="30" rx="5" fill="${hole}"/>`;
  }
  const { svg, x, y, h } = plate(true);
  const face = `<circle cx="330" cy="480" r="140" fill="${p.trim[0]}" fill-opacity="0.45"/>`;
  const holes =
    variant === 2
      ? `<circle cx="330" cy="410" r="26" fill="${hole}"/><circle cx="270" cy="530" r="22" fill="${hole}"/><circle cx="390" cy="530" r="22" fill="${hole}"/>`
      : `<rect x="316" y="385" width="28" height="70" rx="5" fill="${hole}"/><circle cx="270" cy="510" r="17" fill="${hole}"/><circle cx="390" cy="510" r="17" fill="${hole}"/><rect x="250" y="540" width="40" height="18" rx="4" fill="${hole}"/><rect x="370" y="540" width="40" height="18" rx="4" fill="${hole}"/>`;
  const neon = `<circle cx="560" cy="${y + 60}" r="22" fill="#ff3b30" fill-opacity="0.3"/><circle cx="560" cy="${y + 60}" r="9" fill="#ff3b30"/>`;
  return svg + face + holes + rocker(p, x + 460, y + 110, 170, h - 200, variant === 2 ? "#ff3b30" : p.accent) + neon;
}

/** Variant: number of breaker modules on the rail (1 to 3). */
function breaker(p: Palette, variant: number): string {
  const modules = Math.max(1, Math.min(3, variant));
  const slots = Array.from(
    { length: 14 },
    (_, i) => `<rect x="${80 + i * 62}" y="490" width="30" height="20" rx="4" fill="#000" fill-opacity="0.25"/>`,
  ).join("");
  const startX = 500 - (modules * 200) / 2;
  const modulesSvg = Array.from({ length: modules }, (_, i) => {
    const x = startX + i * 200 + 5;
    return `<rect x="${x}" y="200" width="190" height="600" rx="20" fill="url(#body)" stroke="${p.body[1]}" stroke-width="3"/>
<rect x="${x + 30}" y="225" width="130" height="70" rx="10" fill="#555"/><circle cx="${x + 95}" cy="260" r="20" fill="#9aa0a6"/><path d="M${x + 80} 260H${x + 110}" stroke="#555" stroke-width="6"/>
<rect x="${x + 30}" y="705" width="130" height="70" rx="10" fill="#555"/><circle cx="${x + 95}" cy="740" r="20" fill="#9aa0a6"/><path d="M${x + 80} 740H${x + 110}" stroke="#555" stroke-width="6"/>
<rect x="${x + 20}" y="330" width="150" height="340" rx="14" fill="${p.body[0]}"/>
<rect x="${x + 60}" y="380" width="70" height="150" rx="10" fill="#333"/><rect x="${x + 66}" y="386" width="58" height="76" rx="8" fill="${p.accent}"/>
<rect x="${x + 45}" y="570" width="100" height="60" rx="6" fill="${p.trim[0]}" fill-opacity="0.35"/>`;
  }).join("");
  return `${shadow(500, 880, 320, 24)}<rect x="60" y="455" width="880" height="90" fill="url(#trim)"/>${slots}${modulesSvg}`;
}

function regulator(p: Palette): string {
  const { svg } = plate(false);
  const marks = Array.from({ length: 5 }, (_, i) => {
    const a = ((210 + i * 30) * Math.PI) / 180;
    return `<circle cx="${r1(500 + 180 * Math.cos(a))}" cy="${r1(480 + 180 * Math.sin(a))}" r="${6 + i * 2}" fill="${p.trim[1]}"/>`;
  }).join("");
  return `${svg}${marks}<circle cx="500" cy="480" r="130" fill="url(#trimR)"/>
<circle cx="500" cy="480" r="124" fill="none" stroke="${p.trim[1]}" stroke-width="10" stroke-dasharray="12 10"/>
<circle cx="500" cy="480" r="95" fill="url(#body)"/><rect x="492" y="392" width="16" height="64" rx="8" fill="${p.accent}" transform="rotate(30 500 480)"/>`;
}

function extensionBoard(p: Palette): string {
  const outlets = [180, 310, 440, 570]
    .map(
      (x) => `<circle cx="${x}" cy="555" r="58" fill="${p.trim[0]}" fill-opacity="0.5"/>
<rect x="${x - 8}" y="515" width="16" height="36" rx="3" fill="#3a3a3a"/><circle cx="${x - 28}" cy="570" r="11" fill="#3a3a3a"/><circle cx="${x + 28}" cy="570" r="11" fill="#3a3a3a"/>`,
    )
    .join("");
  return `${shadow(500, 780, 440, 36)}
<path d="M900 580C990 640 960 780 860 830S620 900 575 880" stroke="#2f2f2f" stroke-width="22" fill="none" stroke-linecap="round"/>
<rect x="480" y="845" width="100" height="70" rx="14" fill="#2f2f2f"/><path d="M480 865H440M480 895H440" stroke="#b8b8b8" stroke-width="10"/>
<path d="M65 640L65 700Q70 740 110 740L870 740Q920 740 920 700L920 640Z" fill="${p.body[1]}"/>
<path d="M130 420L850 420Q900 420 905 470L920 640Q920 690 870 690L110 690Q60 690 65 640L80 470Q85 420 130 420Z" fill="url(#body)"/>
${outlets}<rect x="660" y="505" width="64" height="26" rx="5" fill="#333"/><rect x="660" y="565" width="64" height="26" rx="5" fill="#333"/>
<rect x="670" y="512" width="44" height="8" fill="#9aa0a6"/><rect x="670" y="572" width="44" height="8" fill="#9aa0a6"/>
<rect x="770" y="500" width="80" height="110" rx="14" fill="#e53935"/><rect x="776" y="506" width="68" height="46" rx="10" fill="#ff8a80"/>`;
}

// ---------------------------------------------------------------------------------------------
// Chandeliers and pendants

/** Variant: number of arms (6, 8; 10 or more makes two tiers). */
function chandelier(p: Palette, variant: number): string {
  const arms = Math.max(3, variant);
  const tiers = arms >= 10 ? [Math.ceil((arms * 2) / 3), arms - Math.ceil((arms * 2) / 3)] : [arms];
  type Arm = { svg: string; depth: number };
  const all: Arm[] = [];
  tiers.forEach((count, tier) => {
    const radius = tier === 0 ? 340 : 200;
    const armY = tier === 0 ? 600 : 470;
    for (let k = 0; k < count; k += 1) {
      const theta = (2 * Math.PI * k) / count + (tier === 0 ? 0.3 : 0.9);
      const x = 500 + radius * Math.cos(theta);
      const y = armY + radius * 0.28 * Math.sin(theta);
      const svg = `<path d="M500 ${armY - 20}C${r1(500 + (x - 500) * 0.3)} ${armY + 150} ${r1(x)} ${r1(y + 150)} ${r1(x)} ${r1(y - 6)}" stroke="url(#trimH)" stroke-width="14" fill="none"/>
<path d="M${r1(x)} ${r1(y + 14)}l-14 26l14 30l14 -30Z" fill="${p.accent}" fill-opacity="0.85" stroke="#fff" stroke-opacity="0.7" stroke-width="2"/>
<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="34" ry="12" fill="url(#trim)"/>
<rect x="${r1(x - 10)}" y="${r1(y - 80)}" width="20" height="76" rx="4" fill="#f8f3e6"/>
${halo(x, y - 105, 95)}<path d="M${r1(x)} ${r1(y - 138)}Q${r1(x + 17)} ${r1(y - 104)} ${r1(x)} ${r1(y - 84)}Q${r1(x - 17)} ${r1(y - 104)} ${r1(x)} ${r1(y - 138)}Z" fill="${p.glow}"/>`;
      all.push({ svg, depth: Math.sin(theta) });
    }
  });
  const back = all
    .filter((a) => a.depth < 0)
    .map((a) => a.svg)
    .join("");
  const front = all
    .filter((a) => a.depth >= 0)
    .map((a) => a.svg)
    .join("");
  const drops = [-80, -40, 0, 40, 80]
    .map(
      (dx) =>
        `<path d="M${500 + dx} 600V${650 + Math.abs(dx) * -0.4 + 40}" stroke="${p.accent}" stroke-width="3"/><path d="M${500 + dx} ${690 - Math.abs(dx) * 0.4}l-12 22l12 26l12 -26Z" fill="${p.accent}" stroke="#fff" stroke-width="2"/>`,
    )
    .join("");
  return `<line x1="500" y1="-400" x2="500" y2="240" stroke="${p.trim[1]}" stroke-width="10" stroke-dasharray="18 8"/>
${back}<path d="M470 240Q440 330 470 400Q420 470 460 560L540 560Q580 470 530 400Q560 330 530 240Z" fill="url(#trimH)"/>
<ellipse cx="500" cy="565" rx="110" ry="36" fill="url(#trim)"/>${drops}<path d="M470 592L530 592L500 700Z" fill="url(#trim)"/>${front}`;
}

/** Variant: number of rings (default 3). */
function ringChandelier(p: Palette, variant: number): string {
  const rings = Math.max(1, Math.min(4, variant));
  return Array.from({ length: rings }, (_, i) => {
    const cy = 330 + i * 170;
    const rx = 380 - i * 90;
    const ry = r1(rx * 0.28);
    return `<path d="M${500 - rx} -400V${cy}M${500 + rx} -400V${cy}" stroke="${INK}" stroke-opacity="0.7" stroke-width="3"/>
<ellipse cx="500" cy="${cy}" rx="${rx + 70}" ry="${r1(ry + 60)}" fill="url(#halo)"/>
<ellipse cx="500" cy="${cy}" rx="${rx}" ry="${ry}" fill="none" stroke="${p.trim[1]}" stroke-width="34"/>
<ellipse cx="500" cy="${cy + 6}" rx="${rx}" ry="${ry}" fill="none" stroke="${p.glow}" stroke-width="16"/>`;
  }).join("");
}

function pendantDome(p: Palette): string {
  return `<path d="M300 600L700 600L930 1000L70 1000Z" fill="url(#cone)"/>${cord(500, 300)}
<rect x="470" y="290" width="60" height="50" rx="10" fill="url(#trimH)"/>
<path d="M500 330C380 330 300 420 270 580L730 580C700 420 620 330 500 330Z" fill="url(#bodyH)"/>
<ellipse cx="500" cy="580" rx="230" ry="32" fill="${p.trim[0]}"/><ellipse cx="500" cy="588" rx="84" ry="36" fill="${p.glow}"/>${halo(500, 600, 240)}`;
}

function pendantGlobe(p: Palette): string {
  return `${halo(500, 540, 360)}${cord(500, 290)}<rect x="455" y="280" width="90" height="40" rx="10" fill="url(#trimH)"/>
<circle cx="500" cy="540" r="240" fill="url(#glass)" fill-opacity="0.92"/>
<ellipse cx="500" cy="520" rx="60" ry="80" fill="${p.glow}" fill-opacity="0.9"/>
<path d="M470 540Q485 490 500 540Q515 490 530 540" stroke="#fff8d0" stroke-width="6" fill="none"/>
<ellipse cx="410" cy="430" rx="40" ry="90" transform="rotate(-35 410 430)" fill="#fff" fill-opacity="0.35"/>`;
}

/** Variant 0: woven cane basket; 1: bamboo slats with light between them. */
function pendantBasket(p: Palette, variant: number): string {
  const outline = "M360 330L640 330Q700 420 760 620L240 620Q300 420 360 330Z";
  const shade =
    variant === 1
      ? `<path d="${outline}" fill="${p.glow}"/>` +
        Array.from({ length: 14 }, (_, i) => {
          const top = 360 + (i * 280) / 13;
          const bottom = 240 + (i * 520) / 13;
          return `<path d="M${r1(top)} 330L${r1(bottom)} 620" stroke="${p.body[i % 2]}" stroke-width="22"/>`;
        }).join("")
      : `<path d="${outline}" fill="url(#weave)"/>`;
  return `${halo(500, 640, 340)}${cord(500, 300)}<rect x="470" y="292" width="60" height="44" rx="10" fill="${p.trim[1]}"/>
${shade}<path d="${outline}" fill="url(#shade)"/><ellipse cx="500" cy="620" rx="260" ry="40" fill="${p.glow}"/>`;
}

function pendantLinear(p: Palette): string {
  const shades = [250, 500, 750]
    .map(
      (x) => `<path d="M${x - 110} 560L${x - 210} 1000L${x + 210} 1000L${x + 110} 560Z" fill="url(#cone)"/>
<rect x="${x - 6}" y="336" width="12" height="90" fill="${p.trim[1]}"/>
<path d="M${x} 420C${x - 70} 420 ${x - 110} 470 ${x - 120} 560L${x + 120} 560C${x + 110} 470 ${x + 70} 420 ${x} 420Z" fill="url(#bodyH)"/>
<ellipse cx="${x}" cy="560" rx="120" ry="20" fill="${p.trim[0]}"/><ellipse cx="${x}" cy="566" rx="48" ry="22" fill="${p.glow}"/>${halo(x, 580, 150)}`,
    )
    .join("");
  return `<path d="M300 -400V300M700 -400V300" stroke="${INK}" stroke-width="4"/>
<rect x="150" y="300" width="700" height="36" rx="18" fill="url(#trim)"/>${shades}`;
}

// ---------------------------------------------------------------------------------------------
// Furniture

/** A sofa with `seats` seats centred on x = 500; `wooden` draws a wood frame with cream cushions. */
function sofaShape(p: Palette, seats: number, wooden: boolean): string {
  const seatW = 230;
  const armW = 90;
  const w = seats * seatW + 2 * armW;
  const x0 = 500 - w / 2;
  const fabric = wooden ? p.accent : "url(#body)";
  const fabricLight = wooden ? "#fff8ea" : p.body[0];
  const back = wooden
    ? `<rect x="${x0 + armW - 10}" y="300" width="${seats * seatW + 20}" height="50" rx="20" fill="url(#bodyH)"/>` +
      Array.from(
        { length: seats * 3 + 1 },
        (_, i) =>
          `<rect x="${r1(x0 + armW + (i * seats * seatW) / (seats * 3) - 8)}" y="340" width="16" height="240" fill="${p.body[1]}"/>`,
      ).join("")
    : `<rect x="${x0 + armW - 20}" y="330" width="${seats * seatW + 40}" height="260" rx="60" fill="url(#body)"/>`;
  const cushions = Array.from({ length: seats }, (_, i) => {
    const x = x0 + armW + i * seatW;
    return `<rect x="${x + 10}" y="365" width="${seatW - 20}" height="205" rx="40" fill="${fabric}"/>
<rect x="${x + 22}" y="375" width="${seatW - 44}" height="60" rx="28" fill="${fabricLight}" fill-opacity="0.45"/>
<rect x="${x + 6}" y="570" width="${seatW - 12}" height="110" rx="26" fill="${fabric}"/>
<rect x="${x + 16}" y="578" width="${seatW - 32}" height="30" rx="14" fill="${fabricLight}" fill-opacity="0.5"/>`;
  }).join("");
  const arm = (x: number) =>
    `<rect x="${x}" y="470" width="${armW + 20}" height="280" rx="${wooden ? 20 : 45}" fill="url(#bodyH)"/><rect x="${x + 10}" y="476" width="${armW}" height="30" rx="14" fill="#fff" fill-opacity="0.2"/>`;
  const legs = [x0 + 40, x0 + w - 70]
    .map((x) => `<path d="M${x} 745H${x + 34}L${x + 26} 805H${x + 8}Z" fill="${wooden ? p.body[1] : p.trim[1]}"/>`)
    .join("");
  const pillow = `<rect x="${x0 + armW + 30}" y="450" width="130" height="130" rx="30" fill="${wooden ? p.body[0] : p.accent}" transform="rotate(-12 ${x0 + armW + 95} 515)"/>`;
  return `${shadow(500, 805, w / 2 + 30, 30)}${legs}${back}
<rect x="${x0 + 40}" y="655" width="${w - 80}" height="95" rx="20" fill="${wooden ? "url(#bodyH)" : p.body[1]}"/>${cushions}${pillow}${arm(x0)}${arm(x0 + w - armW - 20)}`;
}

/** Variant: number of seats (1 = armchair); 5 = a three-seater and two single chairs in wood. */
function sofa(p: Palette, variant: number): string {
  if (variant >= 5) {
    return `<g transform="translate(140 150) scale(0.72)">${sofaShape(p, 3, true)}</g>
<g transform="translate(-70 420) scale(0.5)">${sofaShape(p, 1, true)}</g><g transform="translate(570 420) scale(0.5)">${sofaShape(p, 1, true)}</g>`;
  }
  return sofaShape(p, Math.max(1, Math.min(3, variant)), false);
}

function sectionalSofa(p: Palette): string {
  return `<g transform="translate(-20 -40) scale(0.92)">${sofaShape(p, 3, false)}</g>
${shadow(790, 850, 190, 24)}<path d="M670 830H700L695 870H675ZM880 830H910L905 870H885Z" fill="${p.trim[1]}"/>
<rect x="640" y="690" width="300" height="150" rx="24" fill="${p.body[1]}"/>
<rect x="650" y="600" width="280" height="140" rx="30" fill="url(#body)"/><rect x="662" y="608" width="256" height="34" rx="16" fill="${p.body[0]}" fill-opacity="0.5"/>`;
}

function diningChair(p: Palette): string {
  return `${shadow(500, 905, 220, 26)}
<rect x="365" y="150" width="34" height="740" rx="12" fill="url(#bodyH)"/><rect x="601" y="150" width="34" height="740" rx="12" fill="url(#bodyH)"/>
<rect x="350" y="150" width="300" height="70" rx="24" fill="url(#body)"/>
<rect x="430" y="220" width="30" height="330" fill="${p.body[0]}"/><rect x="485" y="220" width="30" height="330" fill="${p.body[0]}"/><rect x="540" y="220" width="30" height="330" fill="${p.body[0]}"/>
<path d="M320 560L680 560L720 640L280 640Z" fill="url(#body)"/><path d="M335 546L665 546L700 616L300 616Z" fill="${p.accent}"/>
<rect x="280" y="640" width="440" height="50" fill="${p.body[1]}"/>
<rect x="290" y="680" width="38" height="220" fill="url(#bodyH)"/><rect x="672" y="680" width="38" height="220" fill="url(#bodyH)"/>
<rect x="320" y="800" width="360" height="16" fill="${p.body[1]}"/>`;
}

function caneChair(p: Palette): string {
  const frame = p.trim[1];
  return `${shadow(500, 905, 320, 30)}
<path d="M300 200Q500 150 700 200L700 600L300 600Z" fill="url(#weave)"/>
<path d="M300 200Q500 150 700 200L700 600L300 600Z" fill="none" stroke="${frame}" stroke-width="24" stroke-linejoin="round"/>
<path d="M260 600L740 600L790 700L210 700Z" fill="url(#weave)" stroke="${frame}" stroke-width="20" stroke-linejoin="round"/>
<rect x="310" y="560" width="380" height="64" rx="30" fill="${p.accent}"/>
<rect x="200" y="470" width="150" height="28" rx="12" fill="${frame}"/><rect x="650" y="470" width="150" height="28" rx="12" fill="${frame}"/>
<path d="M222 490L222 890M778 490L778 890M330 700L300 890M670 700L700 890" stroke="${frame}" stroke-width="26" stroke-linecap="round"/>`;
}

function diningTable(p: Palette): string {
  return `${shadow(500, 905, 430, 30)}
<rect x="200" y="540" width="36" height="270" fill="${p.body[1]}"/><rect x="764" y="540" width="36" height="270" fill="${p.body[1]}"/>
<path d="M170 430L830 430L930 530L70 530Z" fill="url(#body)"/><path d="M180 440L820 440" stroke="#fff" stroke-opacity="0.25" stroke-width="6"/>
<rect x="70" y="530" width="860" height="40" fill="${p.body[1]}"/><rect x="120" y="570" width="760" height="36" fill="${p.body[1]}" fill-opacity="0.85"/>
<rect x="110" y="560" width="46" height="340" fill="url(#bodyH)"/><rect x="844" y="560" width="46" height="340" fill="url(#bodyH)"/>
<ellipse cx="500" cy="470" rx="120" ry="28" fill="${p.trim[0]}"/><circle cx="460" cy="450" r="30" fill="#d94f3d"/><circle cx="515" cy="445" r="32" fill="#f2a93b"/><circle cx="555" cy="458" r="26" fill="#8fbf4d"/>`;
}

function coffeeTable(p: Palette): string {
  return `${shadow(500, 880, 410, 30)}
<rect x="240" y="560" width="34" height="240" fill="${p.body[1]}"/><rect x="726" y="560" width="34" height="240" fill="${p.body[1]}"/>
<path d="M200 700L800 700L860 760L140 760Z" fill="url(#body)"/><rect x="140" y="760" width="720" height="22" fill="${p.body[1]}"/>
<rect x="300" y="676" width="150" height="26" rx="4" fill="${p.accent}"/><rect x="320" y="652" width="120" height="24" rx="4" fill="#3d5a96"/>
<rect x="150" y="590" width="40" height="280" fill="url(#bodyH)"/><rect x="810" y="590" width="40" height="280" fill="url(#bodyH)"/>
<rect x="130" y="580" width="740" height="34" fill="url(#bodyH)"/>
<path d="M180 500L820 500L900 580L100 580Z" fill="#cfe8ef" fill-opacity="0.55" stroke="#fff" stroke-opacity="0.8" stroke-width="4"/>
<rect x="100" y="580" width="800" height="14" fill="#9cc9d3" fill-opacity="0.85"/>
<path d="M260 520L420 520L380 560L220 560Z" fill="#fff" fill-opacity="0.35"/>`;
}

function bookshelf(p: Palette): string {
  const random = seededRandom(7);
  const colours = [p.accent, p.trim[0], "#c0584a", "#2a9d8f", "#e9c46a", "#3d5a96", "#f4ecdc", "#7f9c6b"];
  const tiers: string[] = [];
  for (let t = 0; t < 5; t += 1) {
    const bottom = 140 + (t + 1) * 146;
    let x = 312;
    const limit = t % 2 === 0 ? 600 : 690;
    while (x < limit) {
      const w = 18 + random() * 26;
      const h = 90 + random() * 40;
      const colour = colours[Math.floor(random() * colours.length)]!;
      tiers.push(
        `<rect x="${r1(x)}" y="${r1(bottom - h)}" width="${r1(w)}" height="${r1(h)}" rx="3" fill="${colour}"/>`,
      );
      x += w + 3;
    }
    if (t % 2 === 0) {
      tiers.push(
        `<path d="M625 ${bottom}L685 ${bottom}L678 ${bottom - 60}L632 ${bottom - 60}Z" fill="${p.trim[0]}"/><circle cx="645" cy="${bottom - 80}" r="22" fill="#4f7d4a"/><circle cx="668" cy="${bottom - 90}" r="18" fill="#5d9c4a"/>`,
      );
    }
  }
  const shelves = [1, 2, 3, 4]
    .map((i) => `<rect x="300" y="${140 + i * 146}" width="400" height="20" fill="${p.body[0]}"/>`)
    .join("");
  return `${shadow(500, 905, 270, 26)}<rect x="270" y="110" width="460" height="790" rx="10" fill="url(#bodyH)"/>
<rect x="300" y="140" width="400" height="730" fill="${p.body[1]}"/>${tiers.join("")}${shelves}
<rect x="300" y="866" width="400" height="20" fill="${p.body[0]}"/>`;
}

function bed(p: Palette): string {
  const tufts: string[] = [];
  for (let row = 0; row < 3; row += 1) {
    for (let col = 0; col < 6; col += 1) {
      tufts.push(`<circle cx="${260 + col * 96}" cy="${330 + row * 60}" r="7" fill="${p.body[1]}"/>`);
    }
  }
  return `${shadow(500, 905, 440, 30)}
<rect x="160" y="260" width="680" height="380" rx="50" fill="url(#body)"/>${tufts.join("")}
<rect x="230" y="470" width="230" height="110" rx="46" fill="${SHEET}"/><rect x="540" y="470" width="230" height="110" rx="46" fill="${SHEET}"/>
<path d="M150 560L850 560L900 700L100 700Z" fill="#f2efe8"/>
<path d="M130 620L870 620L905 710L95 710Z" fill="${p.accent}"/><rect x="95" y="710" width="810" height="90" rx="10" fill="${p.accent}"/>
<rect x="95" y="770" width="810" height="30" rx="10" fill="#000" fill-opacity="0.12"/>
<rect x="90" y="800" width="820" height="60" rx="10" fill="url(#body)"/>
<rect x="110" y="860" width="30" height="40" fill="${p.body[1]}"/><rect x="860" y="860" width="30" height="40" fill="${p.body[1]}"/>`;
}

// ---------------------------------------------------------------------------------------------
// Home decor

const VASE_PATH =
  "M440 430C440 470 455 500 430 540C360 620 350 760 400 860C420 900 580 900 600 860C650 760 640 620 570 540C545 500 560 470 560 430Z";

/** Variant: number of flower stems (default 3). */
function vase(p: Palette, variant: number): string {
  const stems = Math.max(1, Math.min(5, variant));
  const stemSvg = Array.from({ length: stems }, (_, i) => {
    const spread = stems === 1 ? 0 : (i / (stems - 1)) * 2 - 1;
    const tipX = 500 + spread * 220;
    const tipY = 120 + Math.abs(spread) * 90;
    const buds = [0, 1, 2, 3, 4]
      .map((j) => {
        const t = j / 5;
        const x = tipX + (500 - tipX) * t * 0.35;
        const y = tipY + t * 160;
        return `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="13" ry="20" fill="#fffaf0" stroke="#e6dcc4" stroke-width="2"/>`;
      })
      .join("");
    return `<path d="M500 440Q${r1(500 + spread * 60)} 300 ${r1(tipX)} ${r1(tipY)}" stroke="#4f7d4a" stroke-width="8" fill="none"/>
<ellipse cx="${r1(500 + spread * 60)}" cy="330" rx="16" ry="50" transform="rotate(${r1(spread * 40)} ${r1(500 + spread * 60)} 330)" fill="#5d9c4a"/>${buds}`;
  }).join("");
  return `${shadow(500, 905, 170, 24)}${stemSvg}<path d="${VASE_PATH}" fill="url(#bodyH)"/>
<ellipse cx="500" cy="430" rx="64" ry="15" fill="${p.body[1]}"/>
<path d="M368 650Q500 690 632 650" stroke="${p.trim[0]}" stroke-width="16" fill="none"/>
<path d="M362 700Q500 740 638 700" stroke="${p.trim[0]}" stroke-width="6" fill="none" stroke-dasharray="14 12"/>`;
}

function vaseSet(p: Palette): string {
  const one = (transform: string, fill: string) =>
    `<g transform="${transform}"><path d="${VASE_PATH}" fill="${fill}"/><path d="${VASE_PATH}" fill="url(#shade)"/><ellipse cx="500" cy="430" rx="64" ry="15" fill="#000" fill-opacity="0.3"/></g>`;
  return `${shadow(500, 905, 380, 28)}${one("translate(-200 -250) scale(1 1.3) translate(0 0)", p.body[0])}
${one("translate(180 170) scale(0.8)", p.trim[0])}${one("translate(-60 215) scale(0.7 0.75) translate(250 0)", p.accent)}`;
}

/** Variant 2: two cushions, one behind the other; otherwise one. */
function cushion(p: Palette, variant: number): string {
  const outline = "M230 250Q500 205 770 250Q815 500 770 750Q500 795 230 750Q185 500 230 250Z";
  const petals = Array.from(
    { length: 8 },
    (_, i) => `<ellipse cx="500" cy="420" rx="26" ry="70" transform="rotate(${i * 45} 500 500)" fill="${p.accent}"/>`,
  ).join("");
  const one = (transform: string) => `<g transform="${transform}">
<path d="${outline}" fill="url(#bodyR)"/>
<path d="${outline}" transform="translate(100 100) scale(0.8)" fill="none" stroke="${p.trim[0]}" stroke-width="7" stroke-dasharray="14 10"/>
<path d="${outline}" transform="translate(200 200) scale(0.6)" fill="none" stroke="${p.trim[0]}" stroke-width="7" stroke-dasharray="14 10"/>
${petals}<circle cx="500" cy="500" r="36" fill="${p.trim[0]}"/>
<circle cx="230" cy="250" r="16" fill="${p.trim[0]}"/><circle cx="770" cy="250" r="16" fill="${p.trim[0]}"/><circle cx="230" cy="750" r="16" fill="${p.trim[0]}"/><circle cx="770" cy="750" r="16" fill="${p.trim[0]}"/></g>`;
  const back =
    variant === 2
      ? one("translate(-40 -70) rotate(-10 500 500) scale(0.85)") +
        `<path d="${outline}" transform="translate(-40 -70) rotate(-10 500 500) scale(0.85)" fill="#000" fill-opacity="0.15"/>`
      : "";
  const front = variant === 2 ? one("translate(170 170) scale(0.75)") : one("");
  return `${shadow(520, 880, 340, 30)}${back}${front}`;
}

function sunburstMirror(p: Palette): string {
  const rays = Array.from({ length: 40 }, (_, i) => {
    const a = (i * 9 * Math.PI) / 180;
    const len = i % 2 === 0 ? 440 : 360;
    const x1 = 500 + 250 * Math.cos(a);
    const y1 = 480 + 250 * Math.sin(a);
    const x2 = 500 + len * Math.cos(a);
    const y2 = 480 + len * Math.sin(a);
    const tip = i % 2 === 0 ? `<circle cx="${r1(x2)}" cy="${r1(y2)}" r="11" fill="${p.trim[0]}"/>` : "";
    return `<path d="M${r1(x1)} ${r1(y1)}L${r1(x2)} ${r1(y2)}" stroke="${p.body[i % 2]}" stroke-width="12" stroke-linecap="round"/>${tip}`;
  }).join("");
  return `<clipPath id="mirrorClip"><circle cx="500" cy="480" r="215"/></clipPath>
<circle cx="515" cy="500" r="260" fill="#000" fill-opacity="0.12"/>${rays}
<circle cx="500" cy="480" r="252" fill="url(#bodyR)"/><circle cx="500" cy="480" r="215" fill="url(#mirror)"/>
<g clip-path="url(#mirrorClip)"><rect x="300" y="200" width="90" height="600" fill="#fff" fill-opacity="0.35" transform="rotate(35 500 480)"/><rect x="420" y="200" width="30" height="600" fill="#fff" fill-opacity="0.3" transform="rotate(35 500 480)"/></g>`;
}

/** Variant: number of frames (up to 6). */
function frameSet(p: Palette, variant: number): string {
  const boxes: ReadonlyArray<readonly [number, number, number, number]> = [
    [150, 150, 230, 300],
    [410, 150, 180, 180],
    [620, 150, 230, 260],
    [410, 360, 180, 260],
    [150, 480, 230, 180],
    [620, 440, 230, 220],
  ];
  const skies = [p.bg[1], "#cfe3ee", "#f3d9b1", "#d8e8d0", "#e9c9c9", "#d6d9f0"];
  return boxes
    .slice(0, Math.max(1, Math.min(6, variant)))
    .map(([x, y, w, h], i) => {
      const ax = x + 36;
      const ay = y + 36;
      const aw = w - 72;
      const ah = h - 72;
      const art =
        i % 3 === 0
          ? `<path d="M${ax} ${ay + ah}L${r1(ax + aw * 0.35)} ${r1(ay + ah * 0.45)}L${r1(ax + aw * 0.6)} ${r1(ay + ah * 0.7)}L${r1(ax + aw * 0.8)} ${r1(ay + ah * 0.5)}L${ax + aw} ${ay + ah}Z" fill="${p.body[1]}"/><circle cx="${r1(ax + aw * 0.75)}" cy="${r1(ay + ah * 0.25)}" r="${r1(aw * 0.1)}" fill="#f2a93b"/>`
          : i % 3 === 1
            ? `<circle cx="${r1(ax + aw * 0.4)}" cy="${r1(ay + ah * 0.5)}" r="${r1(Math.min(aw, ah) * 0.3)}" fill="${p.accent}"/><circle cx="${r1(ax + aw * 0.65)}" cy="${r1(ay + ah * 0.6)}" r="${r1(Math.min(aw, ah) * 0.2)}" fill="${p.body[0]}" fill-opacity="0.8"/>`
            : `<rect x="${ax}" y="${r1(ay + ah * 0.6)}" width="${aw}" height="${r1(ah * 0.4)}" fill="${p.trim[0]}"/><rect x="${ax}" y="${r1(ay + ah * 0.45)}" width="${aw}" height="${r1(ah * 0.15)}" fill="${p.accent}" fill-opacity="0.7"/>`;
      return `<rect x="${x + 10}" y="${y + 14}" width="${w}" height="${h}" fill="#000" fill-opacity="0.15"/>
<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#bodyH)"/><rect x="${x + 16}" y="${y + 16}" width="${w - 32}" height="${h - 32}" fill="#f8f5ef"/>
<rect x="${ax}" y="${ay}" width="${aw}" height="${ah}" fill="${skies[i % skies.length]!}"/>${art}`;
    })
    .join("");
}

function wallClock(p: Palette): string {
  const ticks = Array.from({ length: 60 }, (_, i) => {
    const hour = i % 5 === 0;
    return `<rect x="${hour ? 494 : 497}" y="${hour ? 210 : 216}" width="${hour ? 12 : 6}" height="${hour ? 40 : 16}" rx="3" fill="${INK}" transform="rotate(${i * 6} 500 480)"/>`;
  }).join("");
  return `<circle cx="515" cy="500" r="335" fill="#000" fill-opacity="0.14"/>
<circle cx="500" cy="480" r="330" fill="url(#bodyR)"/><circle cx="500" cy="480" r="285" fill="#faf6ee"/>${ticks}
<rect x="491" y="320" width="18" height="180" rx="9" fill="${INK}" transform="rotate(300 500 480)"/>
<rect x="494" y="240" width="12" height="260" rx="6" fill="${INK}" transform="rotate(60 500 480)"/>
<rect x="498" y="230" width="4" height="290" fill="${p.accent}" transform="rotate(200 500 480)"/>
<circle cx="500" cy="480" r="18" fill="${p.trim[1]}"/>`;
}

function rug(p: Palette): string {
  /** A point of the rug's surface, u across and v towards the viewer, both 0 to 1. */
  const at = (u: number, v: number): string => {
    const left = 190 + (40 - 190) * v;
    const right = 810 + (960 - 810) * v;
    return `${r1(left + (right - left) * u)} ${r1(520 + 340 * v)}`;
  };
  const fringeNear = Array.from({ length: 41 }, (_, i) => `M${40 + i * 23} 872V900`).join("");
  const fringeFar = Array.from({ length: 32 }, (_, i) => `M${190 + i * 20} 520V502`).join("");
  const diamond = `M${at(0.5, 0.2)}L${at(0.75, 0.5)}L${at(0.5, 0.8)}L${at(0.25, 0.5)}Z`;
  const inner = `M${at(0.5, 0.32)}L${at(0.64, 0.5)}L${at(0.5, 0.68)}L${at(0.36, 0.5)}Z`;
  const stripes = [0.12, 0.88].map((v) => `M${at(0.06, v)}L${at(0.94, v)}`).join("");
  return `${shadow(500, 880, 470, 30)}<path d="${fringeFar}${fringeNear}" stroke="${p.body[0]}" stroke-width="5"/>
<path d="M40 860L960 860L960 874L40 874Z" fill="${p.body[1]}"/>
<path d="M${at(0, 0)}L${at(1, 0)}L${at(1, 1)}L${at(0, 1)}Z" fill="url(#body)"/>
<path d="M${at(0.04, 0.07)}L${at(0.96, 0.07)}L${at(0.96, 0.93)}L${at(0.04, 0.93)}Z" fill="none" stroke="${p.trim[1]}" stroke-width="16"/>
<path d="${stripes}" stroke="${p.trim[0]}" stroke-width="8"/>
<path d="${diamond}" fill="none" stroke="${p.trim[1]}" stroke-width="12"/><path d="${inner}" fill="${p.accent}" fill-opacity="0.8"/>`;
}

function pottedPlant(p: Palette): string {
  const leaves = [
    [-30, 130, 18],
    [40, 100, 22],
    [-90, 220, 18],
    [100, 200, 20],
    [0, 80, 24],
    [-140, 330, 16],
    [150, 310, 16],
  ]
    .map(([dx, tipY, w], i) => {
      const bx = 500 + (dx ?? 0) * 0.4;
      const tx = 500 + (dx ?? 0);
      const ty = tipY ?? 100;
      const half = w ?? 20;
      const mid = (650 + ty) / 2;
      return `<path d="M${r1(bx - half)} 650Q${r1(bx - half * 2.2)} ${r1(mid)} ${r1(tx)} ${ty}Q${r1(bx + half * 2.2)} ${r1(mid)} ${r1(bx + half)} 650Z" fill="${i % 2 === 0 ? "#2f6b3a" : "#3f8a4a"}" stroke="#c9c26a" stroke-width="5"/>`;
    })
    .join("");
  return `${shadow(500, 905, 200, 26)}<ellipse cx="500" cy="645" rx="130" ry="22" fill="#4a3526"/>${leaves}
<path d="M360 650L640 650L610 900L390 900Z" fill="url(#trimH)"/><rect x="345" y="628" width="310" height="42" rx="12" fill="${p.trim[0]}"/>`;
}

function candleHolders(p: Palette): string {
  const holder = (x: number, h: number) => {
    const top = 890 - h;
    const knops = [0.3, 0.6]
      .map((f) => `<ellipse cx="${x}" cy="${r1(890 - h * f)}" rx="40" ry="16" fill="url(#bodyR)"/>`)
      .join("");
    return `<ellipse cx="${x}" cy="880" rx="92" ry="26" fill="url(#bodyR)"/><rect x="${x - 18}" y="${top}" width="36" height="${h - 10}" fill="url(#bodyH)"/>${knops}
<ellipse cx="${x}" cy="${top}" rx="52" ry="15" fill="url(#bodyR)"/><rect x="${x - 24}" y="${top - 180}" width="48" height="180" rx="6" fill="#f7f1e3"/>
<path d="M${x} ${top - 180}V${top - 196}" stroke="${INK}" stroke-width="4"/>${halo(x, top - 225, 150)}
<path d="M${x} ${top - 262}Q${x + 20} ${top - 222} ${x} ${top - 196}Q${x - 20} ${top - 222} ${x} ${top - 262}Z" fill="${p.glow}"/>`;
  };
  return `${shadow(500, 905, 300, 26)}${holder(370, 300)}${holder(630, 440)}`;
}

function canvasArt(p: Palette): string {
  return `<clipPath id="canvasClip"><rect x="160" y="180" width="680" height="520"/></clipPath>
<rect x="182" y="204" width="680" height="520" fill="#000" fill-opacity="0.18"/><rect x="160" y="180" width="680" height="520" fill="#f4ede2"/>
<g clip-path="url(#canvasClip)"><circle cx="380" cy="430" r="210" fill="${p.body[0]}"/>
<path d="M520 700C520 560 640 470 840 500L840 700Z" fill="${p.accent}" fill-opacity="0.9"/>
<circle cx="660" cy="320" r="110" fill="${p.trim[0]}"/><path d="M160 600C300 540 420 660 560 600" stroke="${p.body[1]}" stroke-width="18" fill="none"/>
<circle cx="300" cy="300" r="40" fill="${p.body[1]}"/></g><rect x="840" y="188" width="14" height="520" fill="#d9cfbf"/>`;
}

const DRAWINGS: Record<ShapeKind, Drawing> = {
  bulb: { draw: bulb, focus: [500, 420] },
  "tube-light": { draw: tubeLight, focus: [700, 450] },
  "panel-light": { draw: panelLight },
  downlight: { draw: downlight, focus: [500, 300] },
  "strip-light": { draw: stripLight, focus: [640, 640] },
  "flood-light": { draw: floodLight, focus: [500, 420] },
  "ceiling-fan": { draw: ceilingFan, focus: [500, 500], defaultVariant: 3 },
  "pedestal-fan": { draw: pedestalFan, focus: [500, 340] },
  "wall-fan": { draw: wallFan, focus: [500, 360] },
  "table-fan": { draw: tableFan, focus: [500, 420] },
  "exhaust-fan": { draw: exhaustFan, focus: [500, 500] },
  "switch-plate": { draw: switchPlate, focus: [500, 440], defaultVariant: 1 },
  socket: { draw: socket, focus: [420, 480] },
  breaker: { draw: breaker, focus: [500, 430], defaultVariant: 1 },
  regulator: { draw: regulator },
  "extension-board": { draw: extensionBoard, focus: [600, 560] },
  chandelier: { draw: chandelier, focus: [500, 520], defaultVariant: 6 },
  "ring-chandelier": { draw: ringChandelier, focus: [500, 450], defaultVariant: 3 },
  "pendant-dome": { draw: pendantDome, focus: [500, 480] },
  "pendant-globe": { draw: pendantGlobe, focus: [500, 520] },
  "pendant-basket": { draw: pendantBasket, focus: [500, 480] },
  "pendant-linear": { draw: pendantLinear, focus: [500, 480] },
  "table-lamp": { draw: tableLamp, focus: [500, 380] },
  "desk-lamp": { draw: deskLamp, focus: [640, 420] },
  "floor-lamp": { draw: floorLamp, focus: [500, 300] },
  "arc-lamp": { draw: arcLamp, focus: [700, 380] },
  "wall-sconce": { draw: wallSconce, focus: [520, 420] },
  lantern: { draw: lantern, focus: [500, 480] },
  sofa: { draw: sofa, focus: [500, 560], defaultVariant: 3 },
  "sectional-sofa": { draw: sectionalSofa, focus: [600, 600] },
  "dining-chair": { draw: diningChair, focus: [500, 420] },
  "cane-chair": { draw: caneChair, focus: [500, 420] },
  "dining-table": { draw: diningTable, focus: [500, 500] },
  "coffee-table": { draw: coffeeTable, focus: [500, 620] },
  bookshelf: { draw: bookshelf, focus: [500, 400] },
  bed: { draw: bed, focus: [500, 480] },
  vase: { draw: vase, focus: [500, 520], defaultVariant: 3 },
  "vase-set": { draw: vaseSet, focus: [500, 600] },
  cushion: { draw: cushion, focus: [520, 480] },
  "sunburst-mirror": { draw: sunburstMirror, focus: [500, 480] },
  "frame-set": { draw: frameSet, focus: [500, 400], defaultVariant: 6 },
  "wall-clock": { draw: wallClock, focus: [500, 480] },
  rug: { draw: rug, focus: [500, 690], roomPlacement: "translate(200 480) scale(0.8)" },
  "potted-plant": { draw: pottedPlant, focus: [500, 500] },
  "candle-holders": { draw: candleHolders, focus: [500, 520] },
  "canvas-art": { draw: canvasArt, focus: [500, 440] },
};

// ---------------------------------------------------------------------------------------------
// Scenes

/** The background of a product image of `width` × `height` px in the given view. */
function background(p: Palette, view: ImageView, width: number, height: number): string {
  switch (view) {
    case "night":
      return `<rect width="${width}" height="${height}" fill="url(#night)"/>`;
    case "room": {
      const floorY = Math.round(height * 0.72);
      return `<rect width="${width}" height="${height}" fill="${p.wall}"/>
<path d="M${width * 0.62} 0H${width * 0.86}L${width * 0.72} ${floorY}H${width * 0.5}Z" fill="#fff" fill-opacity="0.22"/>
<rect y="${floorY}" width="${width}" height="${height - floorY}" fill="url(#floor)"/>
<rect y="${floorY - 14}" width="${width}" height="16" fill="#000" fill-opacity="0.12"/>`;
    }
    default:
      return `<rect width="${width}" height="${height}" fill="url(#bg)"/><rect width="${width}" height="${height}" fill="url(#spot)"/>`;
  }
}

/** Where the 1000 × 1000 drawing box goes in a product image, per view. */
function placement(view: ImageView, drawing: Drawing): string {
  switch (view) {
    case "room":
      return drawing.roomPlacement ?? "translate(200 150) scale(0.8)";
    case "detail": {
      const [x, y] = drawing.focus ?? [500, 480];
      return `translate(600 600) scale(1.7) translate(${-x} ${-y})`;
    }
    default:
      return "translate(100 100)";
  }
}

/** A complete SVG document of `width` × `height` px. */
function svgDocument(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

/** The SVG source of a product image (1200 × 1200 px). Exposed for previews and tests. */
function productImageSvg(spec: DemoImageSpec): string {
  const p = PALETTES[spec.palette];
  const drawing = DRAWINGS[spec.shape];
  const { width, height } = PRODUCT_IMAGE_SIZE;
  const content = drawing.draw(p, spec.variant ?? drawing.defaultVariant ?? 0);
  const transform = placement(spec.view, drawing);
  return svgDocument(
    width,
    height,
    `${defs(p)}${background(p, spec.view, width, height)}<g transform="${transform}">${content}</g>`,
  );
}

/** The SVG source of a category image (1600 × 1200 px): its shapes side by side. */
function categoryImageSvg(spec: DemoCategoryImageSpec): string {
  const p = PALETTES[spec.palette];
  const { width, height } = CATEGORY_IMAGE_SIZE;
  const [first, ...rest] = spec.shapes;
  const draw = (shape: ShapeKind, transform: string) => {
    const drawing = DRAWINGS[shape];
    return `<g transform="${transform}">${drawing.draw(p, drawing.defaultVariant ?? 0)}</g>`;
  };
  const centre = rest.length === 0 ? "translate(320 120) scale(0.95)" : "translate(335 110) scale(0.93)";
  const sides = ["translate(-50 330) scale(0.72)", "translate(920 330) scale(0.72)"];
  // Sides first so the centre shape overlaps them.
  const sideSvg = rest
    .slice(0, 2)
    .map((shape, i) => draw(shape, sides[i]!))
    .join("");
  return svgDocument(
    width,
    height,
    `${defs(p)}${background(p, "studio", width, height)}${sideSvg}${draw(first, centre)}`,
  );
}

/** Renders an SVG document to a JPEG buffer (bytes) with sharp. */
async function renderSvg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).jpeg({ quality: RENDER_JPEG_QUALITY, mozjpeg: false }).toBuffer();
}

/** Draws a product image: a 1200 × 1200 px JPEG buffer, ready for `storeImage`. */
export function renderProductImage(spec: DemoImageSpec): Promise<Buffer> {
  return renderSvg(productImageSvg(spec));
}

/** Draws a category image: a 1600 × 1200 px JPEG buffer, ready for `storeImage`. */
export function renderCategoryImage(spec: DemoCategoryImageSpec): Promise<Buffer> {
  return renderSvg(categoryImageSvg(spec));
}

/** Alternative text for a product image in the given view, e.g. "Jonaki 12W LED Bulb, lit at night". */
export function productImageAlt(productName: string, view: ImageView): string {
  switch (view) {
    case "room":
      return `${productName} in a room setting`;
    case "detail":
      return `${productName}, close-up`;
    case "night":
      return `${productName}, lit at night`;
    default:
      return productName;
  }
}
