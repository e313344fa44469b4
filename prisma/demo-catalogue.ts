/**
 * The demo catalogue, as typed data: what `npm run seed` (prisma/seed.server.ts) puts in an empty
 * shop so a fresh install has something to browse.
 *
 * It covers both readings of the shop the specification describes: a supplier of lighting, fans and electrical
 * switches in Bangladesh, and a home furniture and decor shop. Brand names are invented.
 * Every category and product has a Bangla name (and every product a Bangla description), written
 * the way a Dhaka shop writes them, with Bengali digits.
 * Prices are integer paisa (1 taka = 100 paisa; `taka(450)` = 45 000 paisa = ৳450).
 * Most products have no options and are sold through one default variant; a few have options and
 * variants (the bulb's wattage, the ceiling fan's sweep and colour, the switch's gangs), each
 * variant with its own SKU, price and stock. Every variant has a SKU, unique in the catalogue.
 * Every image is described, not stored: a shape kind, a colour palette and a view, which
 * prisma/demo-images.ts draws as SVG and sends through the normal upload pipeline.
 */

/** What a demo image shows; prisma/demo-images.ts has one drawing per kind. */
export type ShapeKind =
  | "bulb"
  | "tube-light"
  | "panel-light"
  | "downlight"
  | "strip-light"
  | "flood-light"
  | "ceiling-fan"
  | "pedestal-fan"
  | "wall-fan"
  | "table-fan"
  | "exhaust-fan"
  | "switch-plate"
  | "socket"
  | "breaker"
  | "regulator"
  | "extension-board"
  | "chandelier"
  | "ring-chandelier"
  | "pendant-dome"
  | "pendant-globe"
  | "pendant-basket"
  | "pendant-linear"
  | "table-lamp"
  | "desk-lamp"
  | "floor-lamp"
  | "arc-lamp"
  | "wall-sconce"
  | "lantern"
  | "sofa"
  | "sectional-sofa"
  | "dining-chair"
  | "cane-chair"
  | "dining-table"
  | "coffee-table"
  | "bookshelf"
  | "bed"
  | "vase"
  | "vase-set"
  | "cushion"
  | "sunburst-mirror"
  | "frame-set"
  | "wall-clock"
  | "rug"
  | "potted-plant"
  | "candle-holders"
  | "canvas-art";

/** Colour schemes; prisma/demo-images.ts gives each its colours. */
export type PaletteName =
  | "cool-daylight"
  | "warm-white"
  | "ivory"
  | "charcoal"
  | "brass"
  | "crystal"
  | "white-gold"
  | "teak"
  | "walnut"
  | "ash-grey"
  | "navy"
  | "mustard"
  | "terracotta"
  | "teal"
  | "sage"
  | "rose"
  | "indigo"
  | "cane"
  | "rgb"
  | "steel";

/**
 * How the object is shown: on a plain gradient (studio), in a room with wall and floor (room),
 * enlarged (detail) or on a dark background where lights glow (night).
 */
export type ImageView = "studio" | "room" | "detail" | "night";

/** One product image to draw. */
export type DemoImageSpec = {
  shape: ShapeKind;
  palette: PaletteName;
  view: ImageView;
  /**
   * Shape-specific count or variant: arms of a chandelier, blades of a fan, gangs of a switch
   * plate, seats of a sofa, style of a socket (0, 1, 2)… Each drawing documents its meaning.
   */
  variant?: number;
};

/** A category's picture: a few of its shapes side by side, 1600 × 1200 px. */
export type DemoCategoryImageSpec = {
  shapes: readonly [ShapeKind, ...ShapeKind[]];
  palette: PaletteName;
};

/** One value of a demo product's option, in English and in Bangla. */
type DemoOptionValue = { value: string; valueBn: string };

/** One option of a demo product (at most three a product), with its values in display order. */
type DemoOption = {
  name: string;
  nameBn: string;
  /** Two or more values, in display order; each English value once. */
  values: readonly DemoOptionValue[];
};

/** One variant of a demo product with options: one combination of values, sold with its own price and stock. */
type DemoVariant = {
  /** The English value of each option, in option order (empty for a product's default variant). */
  values: readonly string[];
  /** Stock keeping unit, unique in the whole catalogue (case-insensitively). */
  sku?: string;
  /** Regular price in paisa. */
  pricePaisa: number;
  /** Sale price in paisa, below `pricePaisa`; absent when not discounted. */
  discountedPricePaisa?: number;
  /**
   * Units on hand when the product tracks stock (docs/decisions/027-stock.md); given on every
   * variant of a product that tracks stock, on none of one that does not.
   */
  stockQuantity?: number;
  /** False: listed but not sold (an inactive variant); true when absent. */
  isActive?: boolean;
  /** The variant's picture: an index into the product's `images`; absent: none of its own. */
  image?: number;
};

/** What every demo product has, with options or without. */
type DemoProductBase = {
  name: string;
  /** The Bangla name, as a Dhaka shop would write it. */
  nameBn: string;
  /** One to three sentences. */
  description: string;
  /** The description in Bangla. */
  descriptionBn: string;
  isFeatured?: boolean;
  /** One to four images, in gallery order. */
  images: readonly DemoImageSpec[];
};

/** A product without options: it is sold through one default variant made of these fields. */
type DemoSimpleProduct = DemoProductBase & {
  /** Regular price in paisa. */
  pricePaisa: number;
  /** Sale price in paisa, below `pricePaisa`; absent when not discounted. */
  discountedPricePaisa?: number;
  /** Units on hand when the product tracks stock (docs/decisions/027-stock.md); absent: not tracked. */
  stockQuantity?: number;
  /** The default variant's stock keeping unit, unique in the whole catalogue (case-insensitively). */
  sku?: string;
  options?: undefined;
  variants?: undefined;
};

/** A product with options: sold through the listed variants, each with its own price, stock and SKU. */
type DemoProductWithOptions = DemoProductBase & {
  /** One to three options, in display order. */
  options: readonly DemoOption[];
  /**
   * The combinations on offer (not necessarily all of them), each naming one value of every
   * option; the seed stores them in combination order (the first option varies slowest).
   */
  variants: readonly DemoVariant[];
  pricePaisa?: undefined;
  discountedPricePaisa?: undefined;
  stockQuantity?: undefined;
  sku?: undefined;
};

export type DemoProduct = DemoSimpleProduct | DemoProductWithOptions;

export type DemoCategory = {
  name: string;
  /** The Bangla name. */
  nameBn: string;
  image: DemoCategoryImageSpec;
  products: readonly DemoProduct[];
};

/**
 * The variants a demo product is sold through: its listed variants, or for a product without
 * options one default variant (no values) made of its price, discount, stock and SKU.
 */
export function demoVariants(product: DemoProduct): readonly DemoVariant[] {
  if (product.options !== undefined) return product.variants;
  const { pricePaisa, discountedPricePaisa, stockQuantity, sku } = product;
  return [{ values: [], pricePaisa, discountedPricePaisa, stockQuantity, sku }];
}

/** Whether a demo product counts its stock: its variants give a stock quantity. */
export function demoTracksStock(product: DemoProduct): boolean {
  return demoVariants(product).some((variant) => variant.stockQuantity !== undefined);
}

/** Taka to paisa: `taka(450)` = 45 000. */
function taka(amount: number): number {
  return Math.round(amount * 100);
}

/** The images of one product: the same shape and palette in each of `views`, in that order. */
function gallery(
  shape: ShapeKind,
  palette: PaletteName,
  views: readonly ImageView[],
  variant?: number,
): DemoImageSpec[] {
  return views.map((view) => (variant === undefined ? { shape, palette, view } : { shape, palette, view, variant }));
}

const LED_LIGHTING: DemoCategory = {
  name: "LED Lighting",
  nameBn: "এলইডি লাইট",
  image: { shapes: ["panel-light", "bulb", "tube-light"], palette: "cool-daylight" },
  products: [
    {
      name: "Jonaki LED Bulb (Cool Daylight)",
      nameBn: "জোনাকি এলইডি বাল্ব (কুল ডেলাইট)",
      description:
        "A bright 6500K bulb for bedrooms, shops and offices, with a standard B22 pin base, in 9, 12 or 18 watts. Rated for 25,000 hours and works steadily from 140 to 270 volts.",
      descriptionBn:
        "বেডরুম, দোকান আর অফিসের জন্য ৬৫০০K ঝকঝকে সাদা আলো, সাধারণ B22 পিন হোল্ডারে লাগে। ৯, ১২ বা ১৮ ওয়াট, যেটা দরকার বেছে নিন। ২৫,০০০ ঘণ্টা চলে, ১৪০ থেকে ২৭০ ভোল্টেও আলো কাঁপে না।",
      isFeatured: true,
      images: gallery("bulb", "cool-daylight", ["studio", "night", "room"]),
      options: [
        {
          name: "Wattage",
          nameBn: "ওয়াট",
          values: [
            { value: "9W", valueBn: "৯ ওয়াট" },
            { value: "12W", valueBn: "১২ ওয়াট" },
            { value: "18W", valueBn: "১৮ ওয়াট" },
          ],
        },
      ],
      variants: [
        { values: ["9W"], sku: "LB-09W", pricePaisa: taka(180), stockQuantity: 40 },
        { values: ["12W"], sku: "LB-12W", pricePaisa: taka(220), stockQuantity: 35 },
        { values: ["18W"], sku: "LB-18W", pricePaisa: taka(320), discountedPricePaisa: taka(290), stockQuantity: 4 },
      ],
    },
    {
      name: "Prodip 9W LED Bulb (Warm White)",
      nameBn: "প্রদীপ এলইডি বাল্ব ৯ ওয়াট (ওয়ার্ম হোয়াইট)",
      description:
        "A soft 3000K glow for living rooms and reading corners. Uses 90% less electricity than an old 60W filament bulb.",
      descriptionBn:
        "বসার ঘর আর পড়ার কোণের জন্য নরম হলদেটে ৩০০০K আলো। পুরনো ৬০ ওয়াটের ফিলামেন্ট বাল্বের চেয়ে ৯০% কম বিদ্যুৎ খরচ।",
      pricePaisa: taka(180),
      sku: "PD-LB09-WW",
      images: gallery("bulb", "warm-white", ["studio", "night"]),
    },
    {
      name: "Alokito 18W LED Bulb E27 (Cool Daylight)",
      nameBn: "আলোকিত এলইডি বাল্ব ১৮ ওয়াট E27 (কুল ডেলাইট)",
      description:
        "A high-output bulb with an E27 screw base for large rooms and verandas. Its polycarbonate cover does not shatter if dropped.",
      descriptionBn:
        "বড় ঘর আর বারান্দার জন্য বেশি আলোর বাল্ব, E27 প্যাঁচ হোল্ডারে লাগে। পলিকার্বোনেট কভার, হাত থেকে পড়ে গেলেও ভাঙে না।",
      pricePaisa: taka(420),
      discountedPricePaisa: taka(360),
      sku: "AL-LB18-E27",
      images: gallery("bulb", "cool-daylight", ["studio"]),
    },
    {
      name: "Alokito 15W Rechargeable Emergency LED Bulb",
      nameBn: "আলোকিত রিচার্জেবল ইমার্জেন্সি এলইডি বাল্ব ১৫ ওয়াট",
      description:
        "Keeps the lights on through load-shedding: a built-in battery gives up to 4 hours of light after the power goes. Charges itself whenever the switch is on.",
      descriptionBn:
        "লোডশেডিংয়েও ঘর অন্ধকার হবে না: কারেন্ট চলে গেলে ভেতরের ব্যাটারিতে ৪ ঘণ্টা পর্যন্ত জ্বলে। সুইচ অন থাকলে নিজে নিজেই চার্জ হয়।",
      pricePaisa: taka(650),
      discountedPricePaisa: taka(549),
      sku: "AL-EM15",
      isFeatured: true,
      images: gallery("bulb", "warm-white", ["studio", "night", "room", "detail"]),
    },
    {
      name: "Jonaki 20W LED Tube Light 4ft (Batten)",
      nameBn: "জোনাকি এলইডি টিউব লাইট ২০ ওয়াট ৪ ফুট (ব্যাটেন)",
      description:
        "A slim 4-foot batten with the fitting built in, ready to screw onto a wall or ceiling. 2000 lumens of flicker-free daylight.",
      descriptionBn:
        "ফিটিংসহ স্লিম ৪ ফুটের ব্যাটেন, দেয়াল বা সিলিংয়ে স্ক্রু দিয়ে লাগালেই হলো। ২০০০ লুমেনের ফ্লিকার-ফ্রি সাদা আলো।",
      pricePaisa: taka(450),
      sku: "JN-TL20-4FT",
      images: gallery("tube-light", "cool-daylight", ["studio", "room"]),
    },
    {
      name: "Prodip 24W Round Surface Panel Light",
      nameBn: "প্রদীপ গোল সারফেস প্যানেল লাইট ২৪ ওয়াট",
      description:
        "A 12-inch round panel that mounts directly on the ceiling, no false ceiling needed. Even, glare-free light for drawing rooms.",
      descriptionBn: "১২ ইঞ্চির গোল প্যানেল সরাসরি সিলিংয়ে লাগে, ফলস সিলিং লাগে না। ড্রইংরুমে চোখে না লাগা সমান আলো।",
      pricePaisa: taka(1250),
      sku: "PD-PNL24-RD",
      images: gallery("panel-light", "cool-daylight", ["studio", "night", "room"]),
    },
    {
      name: "Alokito 12W Slim Square Recessed Panel",
      nameBn: "আলোকিত স্লিম স্কয়ার প্যানেল লাইট ১২ ওয়াট",
      description:
        "An ultra-slim square panel for gypsum false ceilings, with its driver included. Available in cool daylight.",
      descriptionBn:
        "জিপসাম ফলস সিলিংয়ের ভেতরে বসানোর জন্য খুব পাতলা চারকোনা প্যানেল, ড্রাইভারসহ। কুল ডেলাইট রঙে পাওয়া যায়।",
      pricePaisa: taka(850),
      sku: "AL-PNL12-SQ",
      images: gallery("panel-light", "ivory", ["studio", "detail"], 1),
    },
    {
      name: "Jonaki 7W COB Spot Downlight (Warm White)",
      nameBn: "জোনাকি সিওবি স্পট ডাউনলাইট ৭ ওয়াট (ওয়ার্ম হোয়াইট)",
      description:
        "A focused warm beam for accent lighting over shelves, paintings and shop displays. The aluminium body stays cool.",
      descriptionBn: "শেলফ, ছবি আর দোকানের ডিসপ্লের ওপর ফোকাস করা উষ্ণ আলো। অ্যালুমিনিয়াম বডি, জ্বললেও গরম হয় না।",
      pricePaisa: taka(550),
      sku: "JN-DL07-COB",
      images: gallery("downlight", "warm-white", ["studio", "night"]),
    },
    {
      name: "Brightline 5m RGB LED Strip with Remote",
      nameBn: "ব্রাইটলাইন আরজিবি এলইডি স্ট্রিপ লাইট ৫ মিটার, রিমোটসহ",
      description:
        "Colour-changing strip light with a 24-key remote and adhesive backing. Cut to length for shelves, TV units and ceiling coves.",
      descriptionBn:
        "২৪ বাটনের রিমোটে রং বদলায়, পেছনে আঠা লাগানো। শেলফ, টিভি কেবিনেট আর সিলিংয়ের খাঁজে মাপমতো কেটে লাগান।",
      pricePaisa: taka(950),
      discountedPricePaisa: taka(790),
      sku: "BL-STRIP5-RGB",
      images: gallery("strip-light", "rgb", ["studio", "night"]),
    },
    {
      name: "Prodip 50W LED Flood Light (IP65)",
      nameBn: "প্রদীপ এলইডি ফ্লাড লাইট ৫০ ওয়াট (IP65)",
      description:
        "A weatherproof flood light for rooftops, gates and shop signboards. Die-cast body with a tempered glass front.",
      descriptionBn:
        "ছাদ, গেট আর দোকানের সাইনবোর্ডের জন্য ফ্লাড লাইট, রোদ-বৃষ্টিতে নষ্ট হয় না। ডাই-কাস্ট বডি, সামনে টেম্পারড গ্লাস।",
      pricePaisa: taka(1850),
      sku: "PD-FL50",
      images: gallery("flood-light", "charcoal", ["studio", "night", "detail"]),
    },
  ],
};

const FANS: DemoCategory = {
  name: "Ceiling & Wall Fans",
  nameBn: "সিলিং ও ওয়াল ফ্যান",
  image: { shapes: ["pedestal-fan", "ceiling-fan", "wall-fan"], palette: "teak" },
  products: [
    {
      name: "Batash Ceiling Fan",
      nameBn: "বাতাস সিলিং ফ্যান",
      description:
        "A classic three-blade ceiling fan with a copper-wound motor for strong, quiet airflow, in a 48″ or 56″ sweep and teak brown or white. Comes with a downrod and canopy.",
      descriptionBn:
        "কপার ওয়াইন্ডিং মোটরের তিন পাখার ক্লাসিক সিলিং ফ্যান, জোরে বাতাস দেয় কিন্তু শব্দ নেই। ৪৮ আর ৫৬ ইঞ্চি সাইজে, বাদামি আর সাদা রঙে। সঙ্গে ডাউনরড আর ক্যানোপি।",
      isFeatured: true,
      images: [
        ...gallery("ceiling-fan", "teak", ["studio", "room"], 3),
        ...gallery("ceiling-fan", "ivory", ["studio"], 3),
        ...gallery("ceiling-fan", "teak", ["detail"], 3),
      ],
      options: [
        {
          name: "Sweep",
          nameBn: "সাইজ",
          values: [
            { value: "48″", valueBn: "৪৮ ইঞ্চি" },
            { value: "56″", valueBn: "৫৬ ইঞ্চি" },
          ],
        },
        {
          name: "Colour",
          nameBn: "রং",
          values: [
            { value: "Brown", valueBn: "বাদামি" },
            { value: "White", valueBn: "সাদা" },
          ],
        },
      ],
      variants: [
        { values: ["48″", "Brown"], sku: "BT-CF48-BR", pricePaisa: taka(3800), stockQuantity: 6, image: 0 },
        // Sold out: shown, but it cannot be ordered until stock comes in.
        { values: ["48″", "White"], sku: "BT-CF48-WH", pricePaisa: taka(3800), stockQuantity: 0, image: 2 },
        { values: ["56″", "Brown"], sku: "BT-CF56-BR", pricePaisa: taka(4200), stockQuantity: 12, image: 0 },
        // No longer sold: kept, switched off.
        {
          values: ["56″", "White"],
          sku: "BT-CF56-WH",
          pricePaisa: taka(4200),
          stockQuantity: 3,
          isActive: false,
          image: 2,
        },
      ],
    },
    {
      name: 'Hawa Deluxe 48" Ceiling Fan (White)',
      nameBn: "হাওয়া ডিলাক্স সিলিং ফ্যান ৪৮ ইঞ্চি (সাদা)",
      description: "A compact ceiling fan for bedrooms and small shops. Powder-coated blades that wipe clean easily.",
      descriptionBn: "বেডরুম আর ছোট দোকানের জন্য ছোট মাপের সিলিং ফ্যান। পাউডার কোটেড পাখা, ভেজা কাপড়ে সহজে মুছে ফেলা যায়।",
      pricePaisa: taka(3800),
      discountedPricePaisa: taka(3450),
      sku: "HW-CF48-WH",
      images: gallery("ceiling-fan", "ivory", ["studio", "room"], 3),
    },
    {
      name: 'Batash BLDC 56" Energy-Saver Ceiling Fan with Remote',
      nameBn: "বাতাস বিএলডিসি এনার্জি সেভার সিলিং ফ্যান ৫৬ ইঞ্চি, রিমোটসহ",
      description:
        "A brushless DC motor that uses just 32W at full speed, so it runs far longer on an IPS during load-shedding. Five speeds, timer and sleep mode on the remote.",
      descriptionBn:
        "ব্রাশলেস ডিসি মোটর ফুল স্পিডেও মাত্র ৩২ ওয়াট নেয়, তাই লোডশেডিংয়ে আইপিএসে অনেক বেশি সময় চলে। রিমোটে ৫টি স্পিড, টাইমার আর স্লিপ মোড।",
      pricePaisa: taka(7500),
      sku: "BT-BLDC56",
      isFeatured: true,
      images: gallery("ceiling-fan", "charcoal", ["studio", "room", "detail", "night"], 4),
    },
    {
      name: 'Shitol 16" Pedestal Fan',
      nameBn: "শীতল স্ট্যান্ড ফ্যান ১৬ ইঞ্চি",
      description:
        "A height-adjustable stand fan with wide oscillation and three speeds. The heavy round base keeps it steady.",
      descriptionBn:
        "উঁচু-নিচু করা যায় এমন স্ট্যান্ড ফ্যান, ঘুরে ঘুরে পুরো ঘরে বাতাস দেয়, তিনটি স্পিড। ভারী গোল বেস, সহজে উল্টে পড়ে না।",
      pricePaisa: taka(3600),
      sku: "SH-PF16",
      images: gallery("pedestal-fan", "ash-grey", ["studio", "room"]),
    },
    {
      name: 'Hawa 16" Wall Fan with Pull Cord',
      nameBn: "হাওয়া ওয়াল ফ্যান ১৬ ইঞ্চি, পুল কর্ডসহ",
      description:
        "Saves floor space in kitchens, shops and offices. Pull cords for speed and oscillation, and a sturdy wall bracket.",
      descriptionBn: "রান্নাঘর, দোকান আর অফিসে মেঝের জায়গা বাঁচায়। স্পিড আর ঘোরানো বন্ধের জন্য পুল কর্ড, মজবুত ওয়াল ব্র্যাকেট।",
      pricePaisa: taka(3200),
      sku: "HW-WF16",
      images: gallery("wall-fan", "ivory", ["studio", "room"]),
    },
    {
      name: 'Batash 12" Table Fan',
      nameBn: "বাতাস টেবিল ফ্যান ১২ ইঞ্চি",
      description: "A small, quiet fan for desks and bedside tables, with three speeds and tilt adjustment.",
      descriptionBn: "পড়ার টেবিল আর বিছানার পাশের জন্য ছোট, শব্দহীন ফ্যান। তিনটি স্পিড, মাথা ওপর-নিচ করা যায়।",
      pricePaisa: taka(2200),
      discountedPricePaisa: taka(1950),
      sku: "BT-TF12",
      images: gallery("table-fan", "sage", ["studio"]),
    },
    {
      name: 'Hawa 14" Rechargeable Table Fan with LED Light',
      nameBn: "হাওয়া রিচার্জেবল টেবিল ফ্যান ১৪ ইঞ্চি, এলইডি লাইটসহ",
      description:
        "Runs up to 6 hours on its battery and has a built-in LED light for evenings without power. Charges from the mains or a solar panel.",
      descriptionBn:
        "চার্জ দিলে ৬ ঘণ্টা পর্যন্ত চলে, কারেন্ট না থাকলে সন্ধ্যায় কাজে লাগে সঙ্গের এলইডি লাইট। বিদ্যুৎ বা সোলার প্যানেল দুটো দিয়েই চার্জ হয়।",
      pricePaisa: taka(5200),
      discountedPricePaisa: taka(4650),
      sku: "HW-TF14-RC",
      isFeatured: true,
      images: gallery("table-fan", "teal", ["studio", "night", "detail"], 1),
    },
    {
      name: 'Shitol 10" Kitchen Exhaust Fan',
      nameBn: "শীতল কিচেন এগজস্ট ফ্যান ১০ ইঞ্চি",
      stockQuantity: 18,
      description:
        "Clears smoke and cooking smells quickly, with a metal blade and a louvre shutter that closes when off.",
      descriptionBn: "রান্নার ধোঁয়া আর গন্ধ দ্রুত বের করে দেয়। মেটালের পাখা, বন্ধ করলে লুভার শাটার নিজেই বন্ধ হয়ে যায়।",
      pricePaisa: taka(1450),
      sku: "SH-EX10",
      images: gallery("exhaust-fan", "steel", ["studio", "detail"]),
    },
    {
      name: 'Batash 8" Bathroom Ventilation Fan',
      nameBn: "বাতাস বাথরুম ভেন্টিলেশন ফ্যান ৮ ইঞ্চি",
      description:
        "A compact, low-noise ventilation fan for bathrooms and stores. Fits a standard 8-inch wall opening.",
      descriptionBn: "বাথরুম আর স্টোররুমের জন্য ছোট, কম শব্দের ভেন্টিলেশন ফ্যান। দেয়ালের সাধারণ ৮ ইঞ্চি ফাঁকায় বসে যায়।",
      pricePaisa: taka(950),
      sku: "BT-VF08",
      images: gallery("exhaust-fan", "ivory", ["studio"]),
    },
  ],
};

const SWITCHES: DemoCategory = {
  name: "Switches & Sockets",
  nameBn: "সুইচ ও সকেট",
  image: { shapes: ["socket", "switch-plate", "breaker"], palette: "ivory" },
  products: [
    {
      name: "Tara 1-Way Switch (White)",
      nameBn: "তারা ১-ওয়ে সুইচ (সাদা)",
      description:
        "Smooth-action rocker switches on a square plate, each with a glowing locator dot: one gang, or two or three side by side for a light and a fan. Fire-retardant polycarbonate.",
      descriptionBn:
        "চৌকো প্লেটে মসৃণ রকার সুইচ, অন্ধকারে খুঁজে পেতে প্রতিটিতে জ্বলজ্বলে বিন্দু। লাইট আর ফ্যান পাশাপাশি চালাতে ১, ২ বা ৩ গ্যাং। আগুন-প্রতিরোধী পলিকার্বোনেট।",
      // One picture per gang count, in the order of the option's values.
      images: [
        { shape: "switch-plate", palette: "ivory", view: "studio", variant: 1 },
        { shape: "switch-plate", palette: "ivory", view: "studio", variant: 2 },
        { shape: "switch-plate", palette: "ivory", view: "studio", variant: 3 },
        { shape: "switch-plate", palette: "ivory", view: "detail", variant: 1 },
      ],
      options: [
        {
          name: "Gang",
          nameBn: "গ্যাং",
          values: [
            { value: "1 gang", valueBn: "১ গ্যাং" },
            { value: "2 gang", valueBn: "২ গ্যাং" },
            { value: "3 gang", valueBn: "৩ গ্যাং" },
          ],
        },
      ],
      variants: [
        { values: ["1 gang"], sku: "TR-SW1G", pricePaisa: taka(75), image: 0 },
        { values: ["2 gang"], sku: "TR-SW2G", pricePaisa: taka(120), image: 1 },
        { values: ["3 gang"], sku: "TR-SW3G", pricePaisa: taka(165), image: 2 },
      ],
    },
    {
      name: "Tara Calling Bell Push Switch (White)",
      nameBn: "তারা কলিং বেল সুইচ (সাদা)",
      description: "A spring-loaded push switch for the calling bell by the front door, on a matching square plate.",
      descriptionBn: "দরজার পাশের কলিং বেলের জন্য স্প্রিং দেওয়া পুশ সুইচ, একই রকম চৌকো প্লেটে।",
      pricePaisa: taka(95),
      sku: "TR-BELL",
      images: gallery("switch-plate", "ivory", ["studio", "room"], 1),
    },
    {
      name: "Shokti 3-Gang Switch Plate (Gloss Black)",
      nameBn: "শক্তি ৩ গ্যাং সুইচ প্লেট (গ্লসি কালো)",
      description: "A modern gloss-black plate with three switches and soft amber locator lights.",
      descriptionBn: "আধুনিক চকচকে কালো প্লেটে তিনটি সুইচ, অন্ধকারে হালকা অ্যাম্বার বাতি জ্বলে।",
      pricePaisa: taka(210),
      discountedPricePaisa: taka(185),
      sku: "SK-SW3G-BK",
      images: gallery("switch-plate", "charcoal", ["studio", "detail", "room"], 3),
    },
    {
      name: "Shokti 4-Gang 2-Way Switch Plate",
      nameBn: "শক্তি ৪ গ্যাং ২-ওয়ে সুইচ প্লেট",
      description: "Four two-way switches on one plate, for controlling stair and corridor lights from two places.",
      descriptionBn: "এক প্লেটে চারটি ২-ওয়ে সুইচ: সিঁড়ি আর করিডোরের বাতি দুই জায়গা থেকে জ্বালানো-নেভানো যায়।",
      pricePaisa: taka(250),
      sku: "SK-SW4G-2W",
      images: gallery("switch-plate", "ivory", ["studio", "room"], 4),
    },
    {
      name: "Tara 13A 3-Pin Socket",
      nameBn: "তারা ১৩ অ্যাম্পিয়ার ৩ পিন সকেট",
      description: "A shuttered 13-amp socket for fridges, irons and other everyday appliances.",
      descriptionBn: "ফ্রিজ, ইস্ত্রি আর রোজকার ইলেকট্রিক জিনিসের জন্য শাটারওয়ালা ১৩ অ্যাম্পিয়ারের সকেট।",
      pricePaisa: taka(160),
      sku: "TR-SK13A",
      images: gallery("socket", "ivory", ["studio", "detail"], 0),
    },
    {
      name: "Shokti Universal Multi Socket with Switch",
      nameBn: "শক্তি ইউনিভার্সাল মাল্টি সকেট, সুইচসহ",
      description: "Takes both round 2-pin and flat 3-pin plugs, with its own on/off switch and neon indicator.",
      descriptionBn: "গোল ২ পিন আর চ্যাপ্টা ৩ পিন, দুই রকম প্লাগই লাগে। আলাদা অন/অফ সুইচ আর নিয়ন বাতি আছে।",
      pricePaisa: taka(230),
      sku: "SK-MULTI",
      images: gallery("socket", "ivory", ["studio"], 1),
    },
    {
      name: "Tara 20A AC Socket with Switch",
      nameBn: "তারা ২০ অ্যাম্পিয়ার এসি সকেট, সুইচসহ",
      description: "A heavy-duty socket and switch for air conditioners and geysers, with thick brass contacts.",
      descriptionBn: "এসি আর গিজারের জন্য হেভি-ডিউটি সকেট ও সুইচ, ভেতরে মোটা পিতলের কন্টাক্ট।",
      pricePaisa: taka(240),
      sku: "TR-AC20A",
      images: gallery("socket", "charcoal", ["studio", "detail"], 2),
    },
    {
      name: "Surokkha 32A Single Pole MCB",
      nameBn: "সুরক্ষা ৩২ অ্যাম্পিয়ার সিঙ্গেল পোল এমসিবি",
      stockQuantity: 60,
      description:
        "A miniature circuit breaker that trips on overload and short circuit, protecting your wiring. DIN-rail mounted.",
      descriptionBn: "ওভারলোড বা শর্ট সার্কিট হলেই ট্রিপ করে, ঘরের ওয়্যারিং রক্ষা করে। ডিআইএন রেইলে বসে।",
      pricePaisa: taka(420),
      sku: "SR-MCB32",
      images: gallery("breaker", "steel", ["studio", "detail"], 1),
    },
    {
      name: "Tara 5-Step Fan Regulator",
      nameBn: "তারা ৫ স্টেপ ফ্যান রেগুলেটর",
      description: "A step regulator with five fixed speeds that does not hum or heat up like old resistor types.",
      descriptionBn: "পাঁচটি নির্দিষ্ট স্পিডের স্টেপ রেগুলেটর, পুরনো রেজিস্টর রেগুলেটরের মতো গুনগুন করে না, গরমও হয় না।",
      pricePaisa: taka(240),
      discountedPricePaisa: taka(199),
      sku: "TR-REG5",
      images: gallery("regulator", "ivory", ["studio"]),
    },
    {
      name: "Surokkha 4-Way Extension Board with USB (3 m)",
      nameBn: "সুরক্ষা ৪ সকেটের এক্সটেনশন বোর্ড, ইউএসবিসহ (৩ মিটার)",
      description:
        "Four universal sockets, two USB charging ports and a master switch with surge protection, on a 3-metre cable.",
      descriptionBn: "চারটি ইউনিভার্সাল সকেট, দুটি ইউএসবি চার্জিং পোর্ট আর সার্জ প্রোটেকশনসহ মাস্টার সুইচ, ৩ মিটার লম্বা তার।",
      pricePaisa: taka(850),
      sku: "SR-EXT4-USB",
      isFeatured: true,
      images: gallery("extension-board", "ivory", ["studio", "detail", "room"]),
    },
  ],
};

const CHANDELIERS: DemoCategory = {
  name: "Chandeliers & Pendants",
  nameBn: "ঝাড়বাতি ও পেন্ডেন্ট লাইট",
  image: { shapes: ["pendant-globe", "chandelier", "pendant-dome"], palette: "crystal" },
  products: [
    {
      name: "Mayabati 6-Arm Crystal Chandelier (Gold)",
      nameBn: "মায়াবতী ৬ বাতির ক্রিস্টাল ঝাড়বাতি (গোল্ডেন)",
      description:
        "Six candle lights on gold-finished arms, hung with clear cut-glass drops. A centrepiece for drawing and dining rooms.",
      descriptionBn:
        "সোনালি রঙের ছয়টি বাহুতে মোমবাতির মতো বাতি, চারপাশে ঝুলছে স্বচ্ছ কাট-গ্লাসের দুল। ড্রইং আর ডাইনিং রুমের মধ্যমণি।",
      pricePaisa: taka(18500),
      sku: "MB-CH6-GD",
      isFeatured: true,
      images: gallery("chandelier", "crystal", ["studio", "night", "room", "detail"], 6),
    },
    {
      name: "Roshni 8-Arm Candle Chandelier (Antique Brass)",
      nameBn: "রোশনি ৮ বাতির ক্যান্ডেল ঝাড়বাতি (অ্যান্টিক ব্রাস)",
      description: "Eight arms in an antique brass finish for a warm, traditional look. Takes E14 candle bulbs.",
      descriptionBn: "অ্যান্টিক পিতল রঙের আটটি বাহু, উষ্ণ আর ঐতিহ্যবাহী চেহারা। E14 ক্যান্ডেল বাল্ব লাগে।",
      pricePaisa: taka(24000),
      discountedPricePaisa: taka(21500),
      sku: "RS-CH8-AB",
      images: gallery("chandelier", "brass", ["studio", "night", "room"], 8),
    },
    {
      name: "Mayabati 12-Light Royal Crystal Chandelier",
      nameBn: "মায়াবতী ১২ বাতির রয়্যাল ক্রিস্টাল ঝাড়বাতি",
      stockQuantity: 2,
      description:
        "Two tiers of twelve lights and hundreds of glass crystals for large halls and duplex stairwells. Professional installation recommended.",
      descriptionBn:
        "দুই স্তরে বারোটি বাতি আর শত শত কাচের ক্রিস্টাল, বড় হলরুম আর ডুপ্লেক্সের সিঁড়ির জন্য। অভিজ্ঞ মিস্ত্রি দিয়ে লাগানোই ভালো।",
      pricePaisa: taka(45000),
      sku: "MB-CH12-RY",
      images: gallery("chandelier", "white-gold", ["studio", "night"], 12),
    },
    {
      name: "Roshni 3-Ring LED Chandelier (Dimmable)",
      nameBn: "রোশনি ৩ রিং এলইডি ঝাড়বাতি (ডিমেবল)",
      description:
        "Three floating rings of LED light with a remote for brightness and colour temperature. Uses only 90W.",
      descriptionBn: "তিনটি ভাসমান আলোর রিং, রিমোটে উজ্জ্বলতা আর আলোর রং বদলানো যায়। খরচ মাত্র ৯০ ওয়াট।",
      pricePaisa: taka(16500),
      sku: "RS-RING3",
      images: gallery("ring-chandelier", "charcoal", ["studio", "night", "room"], 3),
    },
    {
      name: "Roshni Industrial Dome Pendant (Matte Black)",
      nameBn: "রোশনি ইন্ডাস্ট্রিয়াল ডোম পেন্ডেন্ট লাইট (ম্যাট কালো)",
      description: "A metal dome shade on an adjustable cord, ideal over kitchen counters and café tables.",
      descriptionBn: "ছোট-বড় করা যায় এমন তারে ধাতব ডোম শেড, কিচেন কাউন্টার আর ক্যাফের টেবিলের ওপর দারুণ মানায়।",
      pricePaisa: taka(1850),
      discountedPricePaisa: taka(1590),
      sku: "RS-PD-DOME",
      images: gallery("pendant-dome", "charcoal", ["studio", "room"]),
    },
    {
      name: "Mayabati Amber Glass Globe Pendant",
      nameBn: "মায়াবতী অ্যাম্বার গ্লাস গ্লোব পেন্ডেন্ট লাইট",
      description: "A hand-blown amber glass globe that casts a warm, vintage glow. Pair it with a filament bulb.",
      descriptionBn:
        "ফুঁ দিয়ে হাতে বানানো অ্যাম্বার কাচের গোলক, পুরনো দিনের উষ্ণ আলো ছড়ায়। ফিলামেন্ট বাল্বের সঙ্গে সবচেয়ে ভালো লাগে।",
      pricePaisa: taka(2650),
      sku: "MB-PD-GLOBE",
      images: gallery("pendant-globe", "brass", ["studio", "night"]),
    },
    {
      name: "Nakshi Cane Basket Pendant (Natural)",
      nameBn: "নকশি বেতের ঝুড়ি পেন্ডেন্ট লাইট (ন্যাচারাল)",
      description: "A hand-woven cane shade made by artisans in Sylhet, with a cotton-braided cord.",
      descriptionBn: "সিলেটের কারিগরদের হাতে বোনা বেতের শেড, সুতির বেণি করা তার।",
      pricePaisa: taka(1950),
      sku: "NK-PD-CANE",
      isFeatured: true,
      images: gallery("pendant-basket", "cane", ["studio", "room", "night"], 0),
    },
    {
      name: "Nakshi Bamboo Slat Pendant Light",
      nameBn: "নকশি বাঁশের চটার পেন্ডেন্ট লাইট",
      description: "Thin bamboo slats throw striped shadows on the walls for a calm, natural mood.",
      descriptionBn: "পাতলা বাঁশের চটা দেয়ালে ডোরাকাটা ছায়া ফেলে, ঘরে আনে শান্ত প্রাকৃতিক আমেজ।",
      pricePaisa: taka(2200),
      discountedPricePaisa: taka(1890),
      sku: "NK-PD-BAMBOO",
      images: gallery("pendant-basket", "cane", ["studio", "night"], 1),
    },
    {
      name: "Roshni 3-Light Linear Pendant (Dining)",
      nameBn: "রোশনি ৩ বাতির লিনিয়ার পেন্ডেন্ট লাইট (ডাইনিং)",
      description: "Three matching shades on one bar to light a whole dining table evenly.",
      descriptionBn: "একটি বারে একই রকম তিনটি শেড, পুরো ডাইনিং টেবিলে সমান আলো দেয়।",
      pricePaisa: taka(6800),
      sku: "RS-PD-LIN3",
      images: gallery("pendant-linear", "brass", ["studio", "room"]),
    },
  ],
};

const LAMPS: DemoCategory = {
  name: "Lamps & Wall Lights",
  nameBn: "ল্যাম্প ও ওয়াল লাইট",
  image: { shapes: ["table-lamp", "arc-lamp", "wall-sconce"], palette: "warm-white" },
  products: [
    {
      name: "Nakshi Jute Shade Table Lamp",
      nameBn: "নকশি পাটের শেড টেবিল ল্যাম্প",
      description: "A turned-wood base with a natural jute shade for a soft, warm light by the sofa or bed.",
      descriptionBn: "কুঁদে বানানো কাঠের বেস আর প্রাকৃতিক পাটের শেড, সোফা বা খাটের পাশে নরম উষ্ণ আলো।",
      pricePaisa: taka(2400),
      sku: "NK-TL-JUTE",
      images: gallery("table-lamp", "cane", ["studio", "night"], 0),
    },
    {
      name: "Nakshi Ceramic Bedside Lamp (Indigo)",
      nameBn: "নকশি সিরামিক বেডসাইড ল্যাম্প (গাঢ় নীল)",
      description: "A glazed ceramic base in deep indigo with an off-white linen shade.",
      descriptionBn: "গাঢ় নীল গ্লেজ করা সিরামিকের বেস, অফ-হোয়াইট লিনেন কাপড়ের শেড।",
      pricePaisa: taka(2900),
      discountedPricePaisa: taka(2490),
      sku: "NK-BL-INDIGO",
      images: gallery("table-lamp", "indigo", ["studio", "room", "night"], 1),
    },
    {
      name: "Brightline Adjustable LED Desk Lamp",
      nameBn: "ব্রাইটলাইন এলইডি ডেস্ক ল্যাম্প (অ্যাডজাস্টেবল)",
      description:
        "A flexible arm and three brightness levels for study tables. Also charges your phone through its USB port.",
      descriptionBn: "পড়ার টেবিলের জন্য ইচ্ছেমতো বাঁকানো যায় এমন হাতল আর তিন ধাপের আলো। ইউএসবি পোর্টে ফোনও চার্জ দেওয়া যায়।",
      pricePaisa: taka(1350),
      sku: "BL-DESK-LED",
      images: gallery("desk-lamp", "steel", ["studio", "detail"]),
    },
    {
      name: "Roshni Tripod Floor Lamp (Teak Legs)",
      nameBn: "রোশনি ট্রাইপড ফ্লোর ল্যাম্প (সেগুন কাঠের পা)",
      stockQuantity: 7,
      description: "Three solid teak legs and a fabric drum shade: a mid-century look for any corner.",
      descriptionBn: "সেগুন কাঠের তিনটি পা আর কাপড়ের ড্রাম শেড: ঘরের যেকোনো কোণে রুচিশীল চেহারা।",
      pricePaisa: taka(7500),
      sku: "RS-FL-TRIPOD",
      images: gallery("floor-lamp", "teak", ["studio", "room"]),
    },
    {
      name: "Mayabati Arc Floor Lamp (Matte Black)",
      nameBn: "মায়াবতী আর্ক ফ্লোর ল্যাম্প (ম্যাট কালো)",
      description:
        "A sweeping arc that reaches over the sofa to light the centre table, on a heavy marble-effect base.",
      descriptionBn: "বাঁকানো লম্বা হাতল সোফার ওপর দিয়ে গিয়ে সেন্টার টেবিলে আলো ফেলে, মার্বেল ডিজাইনের ভারী বেস।",
      pricePaisa: taka(9800),
      sku: "MB-FL-ARC",
      isFeatured: true,
      images: gallery("arc-lamp", "charcoal", ["studio", "room", "night"]),
    },
    {
      name: "Roshni Brass Wall Sconce (Pair)",
      nameBn: "রোশনি পিতলের ওয়াল ল্যাম্প (জোড়া)",
      description: "Two tulip-glass wall lights on curved brass arms, for either side of a mirror or bed.",
      descriptionBn: "বাঁকা পিতলের হাতলে টিউলিপ আকারের কাচের দুটি ওয়াল লাইট, আয়না বা খাটের দুই পাশে লাগানোর জন্য।",
      pricePaisa: taka(3800),
      sku: "RS-WS-BRASS2",
      images: gallery("wall-sconce", "brass", ["studio", "night"], 2),
    },
    {
      name: "Jonaki Outdoor Wall Lantern (IP44)",
      nameBn: "জোনাকি আউটডোর ওয়াল লণ্ঠন (IP44)",
      description: "A weather-resistant lantern for gates, porches and balconies, in powder-coated black.",
      descriptionBn: "গেট, বারান্দা আর ব্যালকনির জন্য রোদ-বৃষ্টি সহ্য করা লণ্ঠন, পাউডার কোটেড কালো রং।",
      pricePaisa: taka(1650),
      sku: "JN-LANTERN",
      images: gallery("lantern", "charcoal", ["studio", "night"], 0),
    },
    {
      name: "Nakshi Electric Hurricane Lamp",
      nameBn: "নকশি ইলেকট্রিক হারিকেন ল্যাম্প",
      description:
        "The shape of the traditional hurricane lantern with a safe LED bulb inside. Lovely on a veranda table.",
      descriptionBn: "দেখতে পুরনো দিনের হারিকেনের মতো, ভেতরে নিরাপদ এলইডি বাল্ব। বারান্দার টেবিলে দারুণ লাগে।",
      pricePaisa: taka(1200),
      sku: "NK-HURRICANE",
      images: gallery("lantern", "terracotta", ["studio", "night", "detail"], 1),
    },
  ],
};

const FURNITURE: DemoCategory = {
  name: "Furniture",
  nameBn: "ফার্নিচার",
  image: { shapes: ["dining-chair", "sofa", "bookshelf"], palette: "teak" },
  products: [
    {
      name: "Aram 3-Seater Fabric Sofa (Ash Grey)",
      nameBn: "আরাম ৩ সিটের ফেব্রিক সোফা (ছাই রং)",
      description:
        "Deep seats, high-density foam cushions and a kiln-dried wooden frame. The covers zip off for washing.",
      descriptionBn: "গভীর বসার জায়গা, হাই-ডেনসিটি ফোমের কুশন আর ভালোভাবে শুকানো কাঠের ফ্রেম। কভার চেইন খুলে ধোয়া যায়।",
      pricePaisa: taka(42000),
      sku: "AR-SOFA3-GR",
      isFeatured: true,
      images: gallery("sofa", "ash-grey", ["studio", "room", "detail"], 3),
    },
    {
      name: "Kathbari Teak Wood 5-Seater Sofa Set",
      nameBn: "কাঠবাড়ি সেগুন কাঠের ৫ সিটের সোফা সেট",
      stockQuantity: 0,
      description:
        "A solid Segun (teak) wood three-seater and two single chairs with cushions. Built to last a lifetime.",
      descriptionBn: "খাঁটি সেগুন কাঠের একটি তিন সিটের সোফা আর দুটি সিঙ্গেল চেয়ার, কুশনসহ। এক জীবন নিশ্চিন্তে চলবে।",
      pricePaisa: taka(85000),
      discountedPricePaisa: taka(78000),
      sku: "KB-SOFA5-TK",
      images: gallery("sofa", "teak", ["studio", "room"], 5),
    },
    {
      name: "Aram L-Shaped Sectional Sofa (Navy)",
      nameBn: "আরাম এল-শেপ সোফা (নেভি ব্লু)",
      stockQuantity: 4,
      description: "A roomy sectional with a chaise end, upholstered in a durable navy weave.",
      descriptionBn: "এক পাশে পা ছড়িয়ে বসার অংশসহ বড় সোফা, টেকসই নেভি ব্লু কাপড়ে মোড়া।",
      pricePaisa: taka(68000),
      sku: "AR-LSOFA-NV",
      images: gallery("sectional-sofa", "navy", ["studio", "room"]),
    },
    {
      name: "Aram Accent Armchair (Mustard Velvet)",
      nameBn: "আরাম ভেলভেট আর্মচেয়ার (সরিষা হলুদ)",
      description: "A plush velvet armchair with tapered wooden legs, to brighten a reading corner.",
      descriptionBn: "সরু কাঠের পায়ে নরম ভেলভেটের আর্মচেয়ার, পড়ার কোণটা উজ্জ্বল করে তোলে।",
      pricePaisa: taka(18500),
      sku: "AR-ARM-MU",
      images: gallery("sofa", "mustard", ["studio", "room"], 1),
    },
    {
      name: "Kathbari Segun Wood Dining Chair",
      nameBn: "কাঠবাড়ি সেগুন কাঠের ডাইনিং চেয়ার",
      description: "A sturdy teak dining chair with a slatted back and a cushioned seat. Sold individually.",
      descriptionBn: "ফালি কাঠের পিঠ আর গদি দেওয়া বসার জায়গাসহ মজবুত সেগুন কাঠের চেয়ার। একটি করে বিক্রি হয়।",
      pricePaisa: taka(6500),
      sku: "KB-DC-TK",
      images: gallery("dining-chair", "teak", ["studio", "room"]),
    },
    {
      name: "Kathbari 6-Seater Dining Table (Mahogany)",
      nameBn: "কাঠবাড়ি ৬ সিটের ডাইনিং টেবিল (মেহগনি)",
      description: "A solid mahogany table that seats six, with a polished, heat-resistant finish.",
      descriptionBn: "ছয়জন বসার মতো খাঁটি মেহগনি কাঠের টেবিল, গরম পাত্রেও দাগ না পড়া পালিশ।",
      pricePaisa: taka(38000),
      sku: "KB-DT6-MH",
      images: gallery("dining-table", "walnut", ["studio", "room"]),
    },
    {
      name: "Kathbari Centre Table with Glass Top",
      nameBn: "কাঠবাড়ি সেন্টার টেবিল, কাচের টপসহ",
      description: "A low wooden centre table with a toughened glass top and a shelf underneath for magazines.",
      descriptionBn: "টাফেন্ড কাচের টপ আর নিচে পত্রিকা রাখার তাকসহ নিচু কাঠের সেন্টার টেবিল।",
      pricePaisa: taka(9500),
      discountedPricePaisa: taka(8200),
      sku: "KB-CT-GL",
      images: gallery("coffee-table", "walnut", ["studio"]),
    },
    {
      name: "Kathbari 5-Tier Bookshelf (Walnut)",
      nameBn: "কাঠবাড়ি ৫ তাকের বুকশেলফ (ওয়ালনাট)",
      description: "Five roomy shelves in a walnut finish for books, plants and keepsakes.",
      descriptionBn: "বই, গাছ আর শখের জিনিস রাখার পাঁচটি বড় তাক, ওয়ালনাট ফিনিশ।",
      pricePaisa: taka(11500),
      sku: "KB-BS5-WN",
      images: gallery("bookshelf", "walnut", ["studio", "room"]),
    },
    {
      name: "Aram Queen Size Bed with Upholstered Headboard",
      nameBn: "আরাম কুইন সাইজ খাট, গদি মোড়া হেডবোর্ডসহ",
      description: "A 60 × 78 inch bed with a tufted headboard and a strong slatted base. Mattress not included.",
      descriptionBn: "৬০ × ৭৮ ইঞ্চির খাট, বোতাম বসানো গদি মোড়া হেডবোর্ড আর মজবুত কাঠের তক্তার বেস। ম্যাট্রেস সঙ্গে নেই।",
      pricePaisa: taka(48000),
      sku: "AR-BED-Q",
      images: gallery("bed", "sage", ["studio", "room"]),
    },
    {
      name: "Aram Cane Lounge Chair",
      nameBn: "আরাম বেতের লাউঞ্জ চেয়ার",
      description: "A hand-woven cane chair on a solid wood frame, airy and cool in the summer heat.",
      descriptionBn: "খাঁটি কাঠের ফ্রেমে হাতে বোনা বেতের চেয়ার, গরমকালেও বসলে ঠান্ডা লাগে।",
      pricePaisa: taka(8900),
      sku: "AR-CANE-LC",
      isFeatured: true,
      images: gallery("cane-chair", "cane", ["studio", "room", "detail"]),
    },
  ],
};

const DECOR: DemoCategory = {
  name: "Home Decor",
  nameBn: "হোম ডেকর",
  image: { shapes: ["vase", "sunburst-mirror", "potted-plant"], palette: "terracotta" },
  products: [
    {
      name: "Shilpo Terracotta Flower Vase (Tall)",
      nameBn: "শিল্প পোড়ামাটির ফুলদানি (লম্বা)",
      description:
        "A hand-thrown terracotta vase from potters in Bogura, lovely with dried grasses or rajanigandha stems.",
      descriptionBn: "বগুড়ার কুমারদের হাতে গড়া পোড়ামাটির ফুলদানি, শুকনো ঘাস বা রজনীগন্ধার ডাঁটায় খুব সুন্দর লাগে।",
      pricePaisa: taka(850),
      sku: "SP-VASE-TC",
      images: gallery("vase", "terracotta", ["studio", "room"], 3),
    },
    {
      name: "Rong Ceramic Vase Set of 3 (Teal)",
      nameBn: "রং সিরামিক ফুলদানি সেট, ৩টি (টিল)",
      description: "Three glazed vases in graduating sizes that look good together on a shelf or side table.",
      descriptionBn: "ছোট, মাঝারি আর বড় তিনটি গ্লেজ করা ফুলদানি, তাকে বা সাইড টেবিলে একসঙ্গে চমৎকার দেখায়।",
      pricePaisa: taka(2200),
      discountedPricePaisa: taka(1850),
      sku: "RG-VASE3-TL",
      images: gallery("vase-set", "teal", ["studio", "room"]),
    },
    {
      name: "Nakshi Kantha Cushion Covers (Set of 2)",
      nameBn: "নকশি কাঁথার কুশন কভার (২টির সেট)",
      description: "Hand-stitched kantha embroidery on soft cotton, 16 × 16 inches. Cushions not included.",
      descriptionBn: "নরম সুতি কাপড়ে হাতে সেলাই করা কাঁথার নকশা, ১৬ × ১৬ ইঞ্চি। শুধু কভার, কুশন নেই।",
      pricePaisa: taka(1200),
      sku: "NK-KANTHA2",
      images: gallery("cushion", "rose", ["studio", "detail"], 2),
    },
    {
      name: "Shilpo Gold Sunburst Wall Mirror",
      nameBn: "শিল্প সোনালি সানবার্স্ট দেয়াল আয়না",
      description: "A 30-inch statement mirror framed in gold-finished metal rays.",
      descriptionBn: "সোনালি রঙের ধাতব রশ্মির ফ্রেমে ৩০ ইঞ্চির নজরকাড়া আয়না।",
      pricePaisa: taka(5500),
      sku: "SP-MIRROR-SUN",
      isFeatured: true,
      images: gallery("sunburst-mirror", "white-gold", ["studio", "room", "detail"]),
    },
    {
      name: "Rong Wooden Photo Frame Set (6 Frames)",
      nameBn: "রং কাঠের ফটো ফ্রেম সেট (৬টি ফ্রেম)",
      description: "Six frames in mixed sizes with a hanging template for an easy gallery wall.",
      descriptionBn: "নানা মাপের ছয়টি ফ্রেম আর টাঙানোর টেমপ্লেট, সহজেই দেয়ালে ছবির গ্যালারি বানান।",
      pricePaisa: taka(1800),
      discountedPricePaisa: taka(1490),
      sku: "RG-FRAME6",
      images: gallery("frame-set", "walnut", ["studio", "room"], 6),
    },
    {
      name: 'Shilpo Silent Wall Clock (Walnut, 12")',
      nameBn: "শিল্প সাইলেন্ট দেয়াল ঘড়ি (ওয়ালনাট, ১২ ইঞ্চি)",
      description: "A sweep movement that makes no ticking sound, in a walnut-finished wooden frame.",
      descriptionBn: "টিকটিক শব্দ ছাড়া চলা সুইপ মুভমেন্ট, ওয়ালনাট ফিনিশের কাঠের ফ্রেম।",
      pricePaisa: taka(1450),
      sku: "SP-CLOCK12",
      images: gallery("wall-clock", "walnut", ["studio", "room"]),
    },
    {
      name: "Nakshi Jute Area Rug (5 × 7 ft)",
      nameBn: "নকশি পাটের কার্পেট (৫ × ৭ ফুট)",
      description: "A hard-wearing hand-woven jute rug with a simple border. Natural golden fibre from Bangladesh.",
      descriptionBn: "সাধারণ পাড়ের টেকসই হাতে বোনা পাটের কার্পেট। বাংলাদেশের সোনালি আঁশে তৈরি।",
      pricePaisa: taka(4800),
      discountedPricePaisa: taka(4200),
      sku: "NK-RUG-57",
      images: gallery("rug", "cane", ["studio", "room", "detail"]),
    },
    {
      name: "Rong Artificial Snake Plant in Pot",
      nameBn: "রং আর্টিফিশিয়াল স্নেক প্ল্যান্ট, টবসহ",
      description: "Always green, never needs water: a lifelike snake plant in a matte ceramic pot, 2 feet tall.",
      descriptionBn: "সবসময় সবুজ, পানি দিতে হয় না: ম্যাট সিরামিক টবে একদম আসলের মতো স্নেক প্ল্যান্ট, ২ ফুট লম্বা।",
      pricePaisa: taka(1650),
      sku: "RG-PLANT-SNK",
      images: gallery("potted-plant", "sage", ["studio", "room"]),
    },
    {
      name: "Shilpo Brass Candle Holders (Pair)",
      nameBn: "শিল্প পিতলের মোমদানি (জোড়া)",
      description: "Two hand-finished brass candlesticks of different heights for dinner tables and puja corners.",
      descriptionBn: "দুই উচ্চতার হাতে ফিনিশ করা দুটি পিতলের মোমদানি, খাবার টেবিল আর পূজার কোণের জন্য।",
      pricePaisa: taka(1350),
      sku: "SP-CANDLE2",
      images: gallery("candle-holders", "brass", ["studio", "night"]),
    },
    {
      name: 'Rong Abstract Canvas Wall Art (24 × 36")',
      nameBn: "রং অ্যাবস্ট্রাক্ট ক্যানভাস ওয়াল আর্ট (২৪ × ৩৬ ইঞ্চি)",
      description: "A gallery-wrapped canvas print in warm earth tones, ready to hang.",
      descriptionBn: "মাটির উষ্ণ রঙে ফ্রেমে মোড়ানো ক্যানভাস প্রিন্ট, দেয়ালে টাঙানোর জন্য তৈরি।",
      pricePaisa: taka(3200),
      sku: "RG-ART-2436",
      images: gallery("canvas-art", "terracotta", ["studio", "room"]),
    },
  ],
};

/** The whole demo catalogue, in display order. */
export const DEMO_CATALOGUE: readonly DemoCategory[] = [
  LED_LIGHTING,
  FANS,
  SWITCHES,
  CHANDELIERS,
  LAMPS,
  FURNITURE,
  DECOR,
];
