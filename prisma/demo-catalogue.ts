/**
 * The demo catalogue, as typed data: what `npm run seed` (prisma/seed.server.ts) puts in an empty
 * shop so a fresh install has something to browse.
 *
 * It covers both readings of the shop the specification describes: a supplier of lighting, fans and electrical
 * switches in Bangladesh, and a home furniture and decor shop. Brand names are invented.
 * Prices are integer paisa (1 taka = 100 paisa; `taka(450)` = 45 000 paisa = ৳450).
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

type DemoProduct = {
  name: string;
  /** One to three sentences. */
  description: string;
  /** Regular price in paisa. */
  pricePaisa: number;
  /** Sale price in paisa, below `pricePaisa`; absent when not discounted. */
  discountedPricePaisa?: number;
  isFeatured?: boolean;
  /** Units on hand when the product tracks stock (docs/decisions/027-stock.md); absent: not tracked. */
  stockQuantity?: number;
  /** One to four images, in gallery order. */
  images: readonly DemoImageSpec[];
};

export type DemoCategory = {
  name: string;
  image: DemoCategoryImageSpec;
  products: readonly DemoProduct[];
};

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
  image: { shapes: ["panel-light", "bulb", "tube-light"], palette: "cool-daylight" },
  products: [
    {
      name: "Jonaki 12W LED Bulb (Cool Daylight)",
      description:
        "A bright 6500K bulb for bedrooms, shops and offices, with a standard B22 pin base. Rated for 25,000 hours and works steadily from 140 to 270 volts.",
      pricePaisa: taka(220),
      isFeatured: true,
      images: gallery("bulb", "cool-daylight", ["studio", "night", "room"]),
    },
    {
      name: "Prodip 9W LED Bulb (Warm White)",
      description:
        "A soft 3000K glow for living rooms and reading corners. Uses 90% less electricity than an old 60W filament bulb.",
      pricePaisa: taka(180),
      images: gallery("bulb", "warm-white", ["studio", "night"]),
    },
    {
      name: "Alokito 18W LED Bulb E27 (Cool Daylight)",
      description:
        "A high-output bulb with an E27 screw base for large rooms and verandas. Its polycarbonate cover does not shatter if dropped.",
      pricePaisa: taka(420),
      discountedPricePaisa: taka(360),
      images: gallery("bulb", "cool-daylight", ["studio"]),
    },
    {
      name: "Alokito 15W Rechargeable Emergency LED Bulb",
      description:
        "Keeps the lights on through load-shedding: a built-in battery gives up to 4 hours of light after the power goes. Charges itself whenever the switch is on.",
      pricePaisa: taka(650),
      discountedPricePaisa: taka(549),
      isFeatured: true,
      images: gallery("bulb", "warm-white", ["studio", "night", "room", "detail"]),
    },
    {
      name: "Jonaki 20W LED Tube Light 4ft (Batten)",
      description:
        "A slim 4-foot batten with the fitting built in, ready to screw onto a wall or ceiling. 2000 lumens of flicker-free daylight.",
      pricePaisa: taka(450),
      images: gallery("tube-light", "cool-daylight", ["studio", "room"]),
    },
    {
      name: "Prodip 24W Round Surface Panel Light",
      description:
        "A 12-inch round panel that mounts directly on the ceiling, no false ceiling needed. Even, glare-free light for drawing rooms.",
      pricePaisa: taka(1250),
      images: gallery("panel-light", "cool-daylight", ["studio", "night", "room"]),
    },
    {
      name: "Alokito 12W Slim Square Recessed Panel",
      description:
        "An ultra-slim square panel for gypsum false ceilings, with its driver included. Available in cool daylight.",
      pricePaisa: taka(850),
      images: gallery("panel-light", "ivory", ["studio", "detail"], 1),
    },
    {
      name: "Jonaki 7W COB Spot Downlight (Warm White)",
      description:
        "A focused warm beam for accent lighting over shelves, paintings and shop displays. The aluminium body stays cool.",
      pricePaisa: taka(550),
      images: gallery("downlight", "warm-white", ["studio", "night"]),
    },
    {
      name: "Brightline 5m RGB LED Strip with Remote",
      description:
        "Colour-changing strip light with a 24-key remote and adhesive backing. Cut to length for shelves, TV units and ceiling coves.",
      pricePaisa: taka(950),
      discountedPricePaisa: taka(790),
      images: gallery("strip-light", "rgb", ["studio", "night"]),
    },
    {
      name: "Prodip 50W LED Flood Light (IP65)",
      description:
        "A weatherproof flood light for rooftops, gates and shop signboards. Die-cast body with a tempered glass front.",
      pricePaisa: taka(1850),
      images: gallery("flood-light", "charcoal", ["studio", "night", "detail"]),
    },
  ],
};

const FANS: DemoCategory = {
  name: "Ceiling & Wall Fans",
  image: { shapes: ["pedestal-fan", "ceiling-fan", "wall-fan"], palette: "teak" },
  products: [
    {
      name: 'Batash 56" Ceiling Fan (Teak Brown)',
      description:
        "A classic three-blade ceiling fan with a copper-wound motor for strong, quiet airflow. Comes with a downrod and canopy.",
      pricePaisa: taka(4200),
      isFeatured: true,
      images: gallery("ceiling-fan", "teak", ["studio", "room", "detail"], 3),
    },
    {
      name: 'Hawa Deluxe 48" Ceiling Fan (White)',
      description: "A compact ceiling fan for bedrooms and small shops. Powder-coated blades that wipe clean easily.",
      pricePaisa: taka(3800),
      discountedPricePaisa: taka(3450),
      images: gallery("ceiling-fan", "ivory", ["studio", "room"], 3),
    },
    {
      name: 'Batash BLDC 56" Energy-Saver Ceiling Fan with Remote',
      description:
        "A brushless DC motor that uses just 32W at full speed, so it runs far longer on an IPS during load-shedding. Five speeds, timer and sleep mode on the remote.",
      pricePaisa: taka(7500),
      isFeatured: true,
      images: gallery("ceiling-fan", "charcoal", ["studio", "room", "detail", "night"], 4),
    },
    {
      name: 'Shitol 16" Pedestal Fan',
      description:
        "A height-adjustable stand fan with wide oscillation and three speeds. The heavy round base keeps it steady.",
      pricePaisa: taka(3600),
      images: gallery("pedestal-fan", "ash-grey", ["studio", "room"]),
    },
    {
      name: 'Hawa 16" Wall Fan with Pull Cord',
      description:
        "Saves floor space in kitchens, shops and offices. Pull cords for speed and oscillation, and a sturdy wall bracket.",
      pricePaisa: taka(3200),
      images: gallery("wall-fan", "ivory", ["studio", "room"]),
    },
    {
      name: 'Batash 12" Table Fan',
      description: "A small, quiet fan for desks and bedside tables, with three speeds and tilt adjustment.",
      pricePaisa: taka(2200),
      discountedPricePaisa: taka(1950),
      images: gallery("table-fan", "sage", ["studio"]),
    },
    {
      name: 'Hawa 14" Rechargeable Table Fan with LED Light',
      description:
        "Runs up to 6 hours on its battery and has a built-in LED light for evenings without power. Charges from the mains or a solar panel.",
      pricePaisa: taka(5200),
      discountedPricePaisa: taka(4650),
      isFeatured: true,
      images: gallery("table-fan", "teal", ["studio", "night", "detail"], 1),
    },
    {
      name: 'Shitol 10" Kitchen Exhaust Fan',
      stockQuantity: 18,
      description:
        "Clears smoke and cooking smells quickly, with a metal blade and a louvre shutter that closes when off.",
      pricePaisa: taka(1450),
      images: gallery("exhaust-fan", "steel", ["studio", "detail"]),
    },
    {
      name: 'Batash 8" Bathroom Ventilation Fan',
      description:
        "A compact, low-noise ventilation fan for bathrooms and stores. Fits a standard 8-inch wall opening.",
      pricePaisa: taka(950),
      images: gallery("exhaust-fan", "ivory", ["studio"]),
    },
  ],
};

const SWITCHES: DemoCategory = {
  name: "Switches & Sockets",
  image: { shapes: ["socket", "switch-plate", "breaker"], palette: "ivory" },
  products: [
    {
      name: "Tara 1-Gang 1-Way Switch (White)",
      description:
        "A smooth-action rocker switch on a square plate with a glowing locator dot. Fire-retardant polycarbonate.",
      pricePaisa: taka(75),
      images: gallery("switch-plate", "ivory", ["studio", "detail"], 1),
    },
    {
      name: "Tara 2-Gang 1-Way Switch (White)",
      description: "Two rocker switches on one plate, for a light and a fan side by side.",
      pricePaisa: taka(120),
      images: gallery("switch-plate", "ivory", ["studio", "room"], 2),
    },
    {
      name: "Shokti 3-Gang Switch Plate (Gloss Black)",
      description: "A modern gloss-black plate with three switches and soft amber locator lights.",
      pricePaisa: taka(210),
      discountedPricePaisa: taka(185),
      images: gallery("switch-plate", "charcoal", ["studio", "detail", "room"], 3),
    },
    {
      name: "Shokti 4-Gang 2-Way Switch Plate",
      description: "Four two-way switches on one plate, for controlling stair and corridor lights from two places.",
      pricePaisa: taka(250),
      images: gallery("switch-plate", "ivory", ["studio", "room"], 4),
    },
    {
      name: "Tara 13A 3-Pin Socket",
      description: "A shuttered 13-amp socket for fridges, irons and other everyday appliances.",
      pricePaisa: taka(160),
      images: gallery("socket", "ivory", ["studio", "detail"], 0),
    },
    {
      name: "Shokti Universal Multi Socket with Switch",
      description: "Takes both round 2-pin and flat 3-pin plugs, with its own on/off switch and neon indicator.",
      pricePaisa: taka(230),
      images: gallery("socket", "ivory", ["studio"], 1),
    },
    {
      name: "Tara 20A AC Socket with Switch",
      description: "A heavy-duty socket and switch for air conditioners and geysers, with thick brass contacts.",
      pricePaisa: taka(240),
      images: gallery("socket", "charcoal", ["studio", "detail"], 2),
    },
    {
      name: "Surokkha 32A Single Pole MCB",
      stockQuantity: 60,
      description:
        "A miniature circuit breaker that trips on overload and short circuit, protecting your wiring. DIN-rail mounted.",
      pricePaisa: taka(420),
      images: gallery("breaker", "steel", ["studio", "detail"], 1),
    },
    {
      name: "Tara 5-Step Fan Regulator",
      description: "A step regulator with five fixed speeds that does not hum or heat up like old resistor types.",
      pricePaisa: taka(240),
      discountedPricePaisa: taka(199),
      images: gallery("regulator", "ivory", ["studio"]),
    },
    {
      name: "Surokkha 4-Way Extension Board with USB (3 m)",
      description:
        "Four universal sockets, two USB charging ports and a master switch with surge protection, on a 3-metre cable.",
      pricePaisa: taka(850),
      isFeatured: true,
      images: gallery("extension-board", "ivory", ["studio", "detail", "room"]),
    },
  ],
};

const CHANDELIERS: DemoCategory = {
  name: "Chandeliers & Pendants",
  image: { shapes: ["pendant-globe", "chandelier", "pendant-dome"], palette: "crystal" },
  products: [
    {
      name: "Mayabati 6-Arm Crystal Chandelier (Gold)",
      description:
        "Six candle lights on gold-finished arms, hung with clear cut-glass drops. A centrepiece for drawing and dining rooms.",
      pricePaisa: taka(18500),
      isFeatured: true,
      images: gallery("chandelier", "crystal", ["studio", "night", "room", "detail"], 6),
    },
    {
      name: "Roshni 8-Arm Candle Chandelier (Antique Brass)",
      description: "Eight arms in an antique brass finish for a warm, traditional look. Takes E14 candle bulbs.",
      pricePaisa: taka(24000),
      discountedPricePaisa: taka(21500),
      images: gallery("chandelier", "brass", ["studio", "night", "room"], 8),
    },
    {
      name: "Mayabati 12-Light Royal Crystal Chandelier",
      stockQuantity: 2,
      description:
        "Two tiers of twelve lights and hundreds of glass crystals for large halls and duplex stairwells. Professional installation recommended.",
      pricePaisa: taka(45000),
      images: gallery("chandelier", "white-gold", ["studio", "night"], 12),
    },
    {
      name: "Roshni 3-Ring LED Chandelier (Dimmable)",
      description:
        "Three floating rings of LED light with a remote for brightness and colour temperature. Uses only 90W.",
      pricePaisa: taka(16500),
      images: gallery("ring-chandelier", "charcoal", ["studio", "night", "room"], 3),
    },
    {
      name: "Roshni Industrial Dome Pendant (Matte Black)",
      description: "A metal dome shade on an adjustable cord, ideal over kitchen counters and café tables.",
      pricePaisa: taka(1850),
      discountedPricePaisa: taka(1590),
      images: gallery("pendant-dome", "charcoal", ["studio", "room"]),
    },
    {
      name: "Mayabati Amber Glass Globe Pendant",
      description: "A hand-blown amber glass globe that casts a warm, vintage glow. Pair it with a filament bulb.",
      pricePaisa: taka(2650),
      images: gallery("pendant-globe", "brass", ["studio", "night"]),
    },
    {
      name: "Nakshi Cane Basket Pendant (Natural)",
      description: "A hand-woven cane shade made by artisans in Sylhet, with a cotton-braided cord.",
      pricePaisa: taka(1950),
      isFeatured: true,
      images: gallery("pendant-basket", "cane", ["studio", "room", "night"], 0),
    },
    {
      name: "Nakshi Bamboo Slat Pendant Light",
      description: "Thin bamboo slats throw striped shadows on the walls for a calm, natural mood.",
      pricePaisa: taka(2200),
      discountedPricePaisa: taka(1890),
      images: gallery("pendant-basket", "cane", ["studio", "night"], 1),
    },
    {
      name: "Roshni 3-Light Linear Pendant (Dining)",
      description: "Three matching shades on one bar to light a whole dining table evenly.",
      pricePaisa: taka(6800),
      images: gallery("pendant-linear", "brass", ["studio", "room"]),
    },
  ],
};

const LAMPS: DemoCategory = {
  name: "Lamps & Wall Lights",
  image: { shapes: ["table-lamp", "arc-lamp", "wall-sconce"], palette: "warm-white" },
  products: [
    {
      name: "Nakshi Jute Shade Table Lamp",
      description: "A turned-wood base with a natural jute shade for a soft, warm light by the sofa or bed.",
      pricePaisa: taka(2400),
      images: gallery("table-lamp", "cane", ["studio", "night"], 0),
    },
    {
      name: "Nakshi Ceramic Bedside Lamp (Indigo)",
      description: "A glazed ceramic base in deep indigo with an off-white linen shade.",
      pricePaisa: taka(2900),
      discountedPricePaisa: taka(2490),
      images: gallery("table-lamp", "indigo", ["studio", "room", "night"], 1),
    },
    {
      name: "Brightline Adjustable LED Desk Lamp",
      description:
        "A flexible arm and three brightness levels for study tables. Also charges your phone through its USB port.",
      pricePaisa: taka(1350),
      images: gallery("desk-lamp", "steel", ["studio", "detail"]),
    },
    {
      name: "Roshni Tripod Floor Lamp (Teak Legs)",
      stockQuantity: 7,
      description: "Three solid teak legs and a fabric drum shade: a mid-century look for any corner.",
      pricePaisa: taka(7500),
      images: gallery("floor-lamp", "teak", ["studio", "room"]),
    },
    {
      name: "Mayabati Arc Floor Lamp (Matte Black)",
      description:
        "A sweeping arc that reaches over the sofa to light the centre table, on a heavy marble-effect base.",
      pricePaisa: taka(9800),
      isFeatured: true,
      images: gallery("arc-lamp", "charcoal", ["studio", "room", "night"]),
    },
    {
      name: "Roshni Brass Wall Sconce (Pair)",
      description: "Two tulip-glass wall lights on curved brass arms, for either side of a mirror or bed.",
      pricePaisa: taka(3800),
      images: gallery("wall-sconce", "brass", ["studio", "night"], 2),
    },
    {
      name: "Jonaki Outdoor Wall Lantern (IP44)",
      description: "A weather-resistant lantern for gates, porches and balconies, in powder-coated black.",
      pricePaisa: taka(1650),
      images: gallery("lantern", "charcoal", ["studio", "night"], 0),
    },
    {
      name: "Nakshi Electric Hurricane Lamp",
      description:
        "The shape of the traditional hurricane lantern with a safe LED bulb inside. Lovely on a veranda table.",
      pricePaisa: taka(1200),
      images: gallery("lantern", "terracotta", ["studio", "night", "detail"], 1),
    },
  ],
};

const FURNITURE: DemoCategory = {
  name: "Furniture",
  image: { shapes: ["dining-chair", "sofa", "bookshelf"], palette: "teak" },
  products: [
    {
      name: "Aram 3-Seater Fabric Sofa (Ash Grey)",
      description:
        "Deep seats, high-density foam cushions and a kiln-dried wooden frame. The covers zip off for washing.",
      pricePaisa: taka(42000),
      isFeatured: true,
      images: gallery("sofa", "ash-grey", ["studio", "room", "detail"], 3),
    },
    {
      name: "Kathbari Teak Wood 5-Seater Sofa Set",
      stockQuantity: 0,
      description:
        "A solid Segun (teak) wood three-seater and two single chairs with cushions. Built to last a lifetime.",
      pricePaisa: taka(85000),
      discountedPricePaisa: taka(78000),
      images: gallery("sofa", "teak", ["studio", "room"], 5),
    },
    {
      name: "Aram L-Shaped Sectional Sofa (Navy)",
      stockQuantity: 4,
      description: "A roomy sectional with a chaise end, upholstered in a durable navy weave.",
      pricePaisa: taka(68000),
      images: gallery("sectional-sofa", "navy", ["studio", "room"]),
    },
    {
      name: "Aram Accent Armchair (Mustard Velvet)",
      description: "A plush velvet armchair with tapered wooden legs, to brighten a reading corner.",
      pricePaisa: taka(18500),
      images: gallery("sofa", "mustard", ["studio", "room"], 1),
    },
    {
      name: "Kathbari Segun Wood Dining Chair",
      description: "A sturdy teak dining chair with a slatted back and a cushioned seat. Sold individually.",
      pricePaisa: taka(6500),
      images: gallery("dining-chair", "teak", ["studio", "room"]),
    },
    {
      name: "Kathbari 6-Seater Dining Table (Mahogany)",
      description: "A solid mahogany table that seats six, with a polished, heat-resistant finish.",
      pricePaisa: taka(38000),
      images: gallery("dining-table", "walnut", ["studio", "room"]),
    },
    {
      name: "Kathbari Centre Table with Glass Top",
      description: "A low wooden centre table with a toughened glass top and a shelf underneath for magazines.",
      pricePaisa: taka(9500),
      discountedPricePaisa: taka(8200),
      images: gallery("coffee-table", "walnut", ["studio"]),
    },
    {
      name: "Kathbari 5-Tier Bookshelf (Walnut)",
      description: "Five roomy shelves in a walnut finish for books, plants and keepsakes.",
      pricePaisa: taka(11500),
      images: gallery("bookshelf", "walnut", ["studio", "room"]),
    },
    {
      name: "Aram Queen Size Bed with Upholstered Headboard",
      description: "A 60 × 78 inch bed with a tufted headboard and a strong slatted base. Mattress not included.",
      pricePaisa: taka(48000),
      images: gallery("bed", "sage", ["studio", "room"]),
    },
    {
      name: "Aram Cane Lounge Chair",
      description: "A hand-woven cane chair on a solid wood frame, airy and cool in the summer heat.",
      pricePaisa: taka(8900),
      isFeatured: true,
      images: gallery("cane-chair", "cane", ["studio", "room", "detail"]),
    },
  ],
};

const DECOR: DemoCategory = {
  name: "Home Decor",
  image: { shapes: ["vase", "sunburst-mirror", "potted-plant"], palette: "terracotta" },
  products: [
    {
      name: "Shilpo Terracotta Flower Vase (Tall)",
      description:
        "A hand-thrown terracotta vase from potters in Bogura, lovely with dried grasses or rajanigandha stems.",
      pricePaisa: taka(850),
      images: gallery("vase", "terracotta", ["studio", "room"], 3),
    },
    {
      name: "Rong Ceramic Vase Set of 3 (Teal)",
      description: "Three glazed vases in graduating sizes that look good together on a shelf or side table.",
      pricePaisa: taka(2200),
      discountedPricePaisa: taka(1850),
      images: gallery("vase-set", "teal", ["studio", "room"]),
    },
    {
      name: "Nakshi Kantha Cushion Covers (Set of 2)",
      description: "Hand-stitched kantha embroidery on soft cotton, 16 × 16 inches. Cushions not included.",
      pricePaisa: taka(1200),
      images: gallery("cushion", "rose", ["studio", "detail"], 2),
    },
    {
      name: "Shilpo Gold Sunburst Wall Mirror",
      description: "A 30-inch statement mirror framed in gold-finished metal rays.",
      pricePaisa: taka(5500),
      isFeatured: true,
      images: gallery("sunburst-mirror", "white-gold", ["studio", "room", "detail"]),
    },
    {
      name: "Rong Wooden Photo Frame Set (6 Frames)",
      description: "Six frames in mixed sizes with a hanging template for an easy gallery wall.",
      pricePaisa: taka(1800),
      discountedPricePaisa: taka(1490),
      images: gallery("frame-set", "walnut", ["studio", "room"], 6),
    },
    {
      name: 'Shilpo Silent Wall Clock (Walnut, 12")',
      description: "A sweep movement that makes no ticking sound, in a walnut-finished wooden frame.",
      pricePaisa: taka(1450),
      images: gallery("wall-clock", "walnut", ["studio", "room"]),
    },
    {
      name: "Nakshi Jute Area Rug (5 × 7 ft)",
      description: "A hard-wearing hand-woven jute rug with a simple border. Natural golden fibre from Bangladesh.",
      pricePaisa: taka(4800),
      discountedPricePaisa: taka(4200),
      images: gallery("rug", "cane", ["studio", "room", "detail"]),
    },
    {
      name: "Rong Artificial Snake Plant in Pot",
      description: "Always green, never needs water: a lifelike snake plant in a matte ceramic pot, 2 feet tall.",
      pricePaisa: taka(1650),
      images: gallery("potted-plant", "sage", ["studio", "room"]),
    },
    {
      name: "Shilpo Brass Candle Holders (Pair)",
      description: "Two hand-finished brass candlesticks of different heights for dinner tables and puja corners.",
      pricePaisa: taka(1350),
      images: gallery("candle-holders", "brass", ["studio", "night"]),
    },
    {
      name: 'Rong Abstract Canvas Wall Art (24 × 36")',
      description: "A gallery-wrapped canvas print in warm earth tones, ready to hang.",
      pricePaisa: taka(3200),
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
