// The demo catalog: believable categories and products for `npm start`.
/** Options and a row per combination sold (price in dollars, stock); the product's own price and stock then follow them. */
export type SeedVariants = {
  options: { name: string; values: string[] }[];
  variants: { sku: string; options: Record<string, string>; price: number; quantity: number }[];
};
export type SeedProduct = {
  name: string;
  description: string;
  price: number;
  quantity: number;
  shipping: boolean;
  variants?: SeedVariants;
};

/** Every size in every colour: XL costs $2 more, and one combination is sold out (the page shows it). */
function teeVariants(): SeedVariants {
  const sizes = ["S", "M", "L", "XL"];
  const colours = ["White", "Black", "Navy"];
  return {
    options: [
      { name: "Size", values: sizes },
      { name: "Colour", values: colours },
    ],
    variants: sizes.flatMap((size, i) =>
      colours.map((colour, j) => ({
        sku: `TEE-${size}-${colour.toUpperCase()}`,
        options: { Size: size, Colour: colour },
        price: size === "XL" ? 21 : 19,
        quantity: size === "S" && colour === "Navy" ? 0 : 8 + ((i * 3 + j * 5) % 17),
      })),
    ),
  };
}
export type SeedCategory = {
  name: string;
  color: string;
  shape: "circle" | "square" | "triangle" | "diamond" | "ring" | "bars" | "hexagon" | "star";
  products: SeedProduct[];
};

const p = (name: string, price: number, quantity: number, description: string, shipping = true): SeedProduct => ({
  name,
  price,
  quantity,
  description,
  shipping,
});

export const CATALOG: SeedCategory[] = [
  {
    name: "Electronics",
    color: "#2563eb",
    shape: "square",
    products: [
      p("Aurora 14 Laptop", 899.0, 12, "A light 14-inch laptop with an all-day battery, 16 GB of memory and a bright matte display."),
      p("Pulse Wireless Earbuds", 59.99, 80, "Noise-isolating wireless earbuds with a pocket charging case and 24 hours of playback."),
      p("Nimbus Smart Speaker", 79.5, 35, "A compact speaker with room-filling sound, voice control and multi-room pairing."),
      p("Orbit 4K Action Camera", 149.0, 20, "Waterproof to 10 metres, shoots 4K at 60 fps, with image stabilisation and a mounting kit."),
      p("Volt 20000 Power Bank", 34.99, 150, "A 20,000 mAh power bank that charges a phone five times and a laptop once over USB-C."),
      p("Lumen E-Reader", 119.0, 25, "A glare-free 6-inch e-ink reader with warm light, weeks of battery and 16 GB of storage."),
    ],
  },
  {
    name: "Books",
    color: "#7c3aed",
    shape: "bars",
    products: [
      p("The Quiet Harbour", 14.99, 60, "A gentle novel about a lighthouse keeper, a lost letter and the village that keeps its secrets."),
      p("Practical Bread Baking", 24.5, 40, "Step-by-step recipes for sourdough, rye and flatbreads, with photographs of every stage."),
      p("A Short History of Maps", 18.0, 30, "How people drew the world, from clay tablets to satellites, in 40 beautifully printed maps."),
      p("Mindful Mornings Journal", 12.0, 100, "A guided journal with a page a day for intentions, gratitude and a short reflection."),
      p(
        "Learning TypeScript Deeply",
        39.99,
        25,
        "A thorough guide to types, generics and patterns for building large JavaScript applications.",
      ),
      p("Stars for Beginners", 16.5, 45, "A seasonal guide to the night sky: constellations, planets and what to see with binoculars."),
    ],
  },
  {
    name: "Clothing",
    color: "#db2777",
    shape: "triangle",
    products: [
      {
        ...p(
          "Classic Cotton T-Shirt",
          19.0,
          200,
          "A soft, heavyweight organic cotton tee with a relaxed fit that holds its shape wash after wash.",
        ),
        variants: teeVariants(),
      },
      p("Alpine Fleece Jacket", 74.0, 40, "A warm recycled-fleece jacket with zipped pockets, ideal for hiking and chilly evenings."),
      p("Everyday Denim Jeans", 54.0, 70, "Straight-leg jeans in stretch denim, comfortable from the first wear, in a classic mid-blue."),
      p("Merino Wool Beanie", 22.0, 90, "A fine merino beanie that keeps you warm without itching, in five muted colours."),
      p("Linen Summer Shirt", 42.0, 50, "A breathable linen shirt with a camp collar, cut for hot days and warm nights."),
      p("Trail Running Socks", 11.5, 150, "Cushioned running socks with blister-free seams and arch support, sold as a pair."),
    ],
  },
  {
    name: "Home & Kitchen",
    color: "#ea580c",
    shape: "circle",
    products: [
      p("Cast Iron Skillet 26 cm", 45.0, 30, "A pre-seasoned cast iron pan that sears, bakes and lasts for generations."),
      p("Pour-Over Coffee Set", 36.0, 40, "A ceramic dripper, glass carafe and 100 filters for a clean, bright cup every morning."),
      p("Bamboo Cutting Board", 21.0, 70, "A large, knife-friendly bamboo board with a juice groove and easy-grip handles."),
      p("Linen Tea Towels (3)", 17.5, 90, "Three absorbent stonewashed linen tea towels that dry quickly and soften with every wash."),
      p("Glass Storage Jars (6)", 29.99, 55, "Six airtight borosilicate jars with bamboo lids for pasta, grains and coffee."),
      p("Chef's Knife 20 cm", 89.0, 18, "A forged stainless chef's knife, balanced and razor sharp, with a full-tang handle."),
    ],
  },
  {
    name: "Sports & Outdoors",
    color: "#16a34a",
    shape: "diamond",
    products: [
      p("Trailhead 30L Backpack", 69.0, 35, "A 30-litre daypack with a rain cover, hydration sleeve and a ventilated back panel."),
      p("Yoga Mat Pro", 38.0, 60, "A 6 mm non-slip yoga mat with alignment lines and a carry strap."),
      p("Steel Water Bottle 750 ml", 24.0, 120, "A double-walled bottle that keeps drinks cold for 24 hours and hot for 12."),
      p("Adjustable Dumbbells", 159.0, 10, "A pair of dumbbells that adjust from 2 to 24 kg with a turn of the handle."),
      p("Ultralight Camping Tent", 189.0, 8, "A two-person tent weighing 1.4 kg that pitches in three minutes and sheds heavy rain."),
      p("Football Size 5", 27.5, 75, "A hand-stitched match football with a durable cover for grass and artificial turf."),
    ],
  },
  {
    name: "Beauty",
    color: "#0891b2",
    shape: "ring",
    products: [
      p("Hydrating Face Cream", 28.0, 65, "A light daily moisturiser with hyaluronic acid and squalane for all skin types."),
      p("Herbal Shampoo Bar", 9.5, 140, "A plastic-free shampoo bar with rosemary and nettle that lasts as long as two bottles."),
      p("Vitamin C Serum", 32.0, 40, "A brightening serum with 15% vitamin C to even out tone and protect against dullness."),
      p("Bamboo Hair Brush", 15.0, 85, "A gentle paddle brush with bamboo pins that detangles without pulling."),
      p("Lavender Body Oil", 19.99, 50, "A nourishing body oil with cold-pressed almond oil and calming lavender."),
    ],
  },
  {
    name: "Toys & Games",
    color: "#ca8a04",
    shape: "star",
    products: [
      p("Wooden Building Blocks (50)", 34.0, 45, "Fifty smooth beech-wood blocks in bright, child-safe colours, in a canvas bag."),
      p("Galaxy Explorer Puzzle 1000", 21.99, 40, "A 1000-piece jigsaw of a spiral galaxy with a poster to help you finish it."),
      p("Strategy Board Game: Harbour", 44.0, 25, "Build trade routes and outwit your friends in this 60-minute game for 2 to 5 players."),
      p("Remote Control Racing Car", 64.0, 20, "A fast 1:16 scale off-road car with a rechargeable battery and 50 m range."),
      p("Plush Fox", 18.0, 60, "A soft, cuddly fox made from recycled fibres, machine-washable and 30 cm tall."),
    ],
  },
  {
    name: "Garden",
    color: "#65a30d",
    shape: "hexagon",
    products: [
      p("Herb Seed Collection", 12.5, 120, "Ten packets of easy herbs, from basil to chives, with a sowing calendar."),
      p("Stainless Garden Trowel", 16.0, 70, "A rust-proof trowel with depth markings and an ash-wood handle."),
      p("Self-Watering Planter", 26.0, 45, "A planter with a hidden reservoir that waters your plants for up to two weeks."),
      p("Solar Lantern String", 23.5, 55, "Twenty warm-white lanterns that charge by day and glow for eight hours at night."),
      p("Compost Bin 300L", 79.0, 15, "A sturdy, ventilated compost bin that turns kitchen scraps into rich soil.", false),
      p("Garden Kneeler Seat", 41.0, 22, "A padded kneeler that flips into a seat, with tool pouches on both sides."),
    ],
  },
];
