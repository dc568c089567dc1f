// Fills a database with the demo shop. Safe to run again: everything is keyed
// by e-mail or slug and upserted, and demo orders are made only once.
//   SEED_EXTRA_PRODUCTS=N adds N generated products (for benchmarks).
import { PrismaPg } from "@prisma/adapter-pg";
import { OrderStatus, PaymentStatus, PrismaClient } from "@prisma/client";
import sharp from "sharp";
import { processPhoto } from "../app/models/photo.server";
import { Role } from "../app/models/user";
import { hashAnswer, hashPassword } from "../app/utils/password.server";
import { slugify } from "../app/utils/text";
import { CATALOG, type SeedCategory } from "./seed-data";

export const DEMO_ACCOUNTS = {
  admin: { name: "Ada Admin", email: "admin@storefront.test", password: "Admin123!", answer: "football", role: Role.Admin },
  user: { name: "Sam Shopper", email: "user@storefront.test", password: "User123!", answer: "cricket", role: Role.User },
} as const;

const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL }) });

function shapeSvg(shape: SeedCategory["shape"], color: string, seed: number): string {
  const hue = (seed * 47) % 360;
  const shapes: Record<SeedCategory["shape"], string> = {
    circle: `<circle cx="300" cy="300" r="170" fill="${color}"/>`,
    square: `<rect x="140" y="160" width="320" height="280" rx="24" fill="${color}"/>`,
    triangle: `<polygon points="300,110 490,460 110,460" fill="${color}"/>`,
    diamond: `<polygon points="300,100 500,300 300,500 100,300" fill="${color}"/>`,
    ring: `<circle cx="300" cy="300" r="170" fill="none" stroke="${color}" stroke-width="70"/>`,
    bars: `<rect x="150" y="140" width="70" height="320" fill="${color}"/><rect x="265" y="180" width="70" height="280" fill="${color}"/><rect x="380" y="120" width="70" height="340" fill="${color}"/>`,
    hexagon: `<polygon points="300,110 465,205 465,395 300,490 135,395 135,205" fill="${color}"/>`,
    star: `<polygon points="300,100 355,240 505,245 385,335 430,480 300,395 170,480 215,335 95,245 245,240" fill="${color}"/>`,
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,96%)"/><stop offset="1" stop-color="hsl(${hue},60%,82%)"/></linearGradient></defs>
  <rect width="600" height="600" fill="url(#g)"/>${shapes[shape]}
  <circle cx="${120 + (seed % 5) * 90}" cy="90" r="26" fill="white" opacity="0.7"/></svg>`;
}

async function photoFor(shape: SeedCategory["shape"], color: string, seed: number) {
  const png = await sharp(Buffer.from(shapeSvg(shape, color, seed)))
    .jpeg({ quality: 82 })
    .toBuffer();
  return processPhoto(png);
}

async function upsertUser(account: (typeof DEMO_ACCOUNTS)[keyof typeof DEMO_ACCOUNTS]) {
  const existing = await db.user.findUnique({ where: { email: account.email } });
  if (existing) return existing;
  return db.user.create({
    data: {
      name: account.name,
      email: account.email,
      passwordHash: await hashPassword(account.password),
      answerHash: await hashAnswer(account.answer),
      phone: "+1 555 0100",
      address: account.role === Role.Admin ? "1 Admin Way, Springfield" : "42 Market Street, Springfield",
      role: account.role,
    },
  });
}

async function main() {
  const started = Date.now();
  const admin = await upsertUser(DEMO_ACCOUNTS.admin);
  const user = await upsertUser(DEMO_ACCOUNTS.user);

  let seedIndex = 0;
  const productIds: string[] = [];
  for (const category of CATALOG) {
    const slug = slugify(category.name);
    const row = await db.category.upsert({ where: { slug }, update: {}, create: { name: category.name, slug } });
    for (const product of category.products) {
      seedIndex += 1;
      const productSlug = slugify(product.name);
      const existing = await db.product.findUnique({ where: { slug: productSlug }, select: { id: true } });
      if (existing) {
        productIds.push(existing.id);
        continue;
      }
      const photo = await photoFor(category.shape, category.color, seedIndex);
      const created = await db.product.create({
        data: {
          name: product.name,
          slug: productSlug,
          description: product.description,
          priceCents: Math.round(product.price * 100),
          quantity: product.quantity,
          shipping: product.shipping,
          categoryId: row.id,
          // Spread creation times so "Newest" has a stable, meaningful order.
          createdAt: new Date(Date.now() - seedIndex * 3600_000),
          photo: { create: photo },
        },
        select: { id: true },
      });
      productIds.push(created.id);
    }
  }

  const extra = Number(process.env.SEED_EXTRA_PRODUCTS) || 0;
  if (extra > 0) await seedExtraProducts(extra);

  if ((await db.order.count({ where: { buyerId: user.id } })) === 0) {
    const products = await db.product.findMany({ where: { id: { in: productIds.slice(0, 8) } } });
    const plans: { status: OrderStatus; payment: PaymentStatus; picks: [number, number][]; hoursAgo: number }[] = [
      {
        status: OrderStatus.DELIVERED,
        payment: PaymentStatus.SUCCEEDED,
        picks: [
          [0, 1],
          [3, 2],
        ],
        hoursAgo: 24 * 20,
      },
      { status: OrderStatus.SHIPPED, payment: PaymentStatus.SUCCEEDED, picks: [[1, 1]], hoursAgo: 24 * 3 },
      {
        status: OrderStatus.PROCESSING,
        payment: PaymentStatus.SUCCEEDED,
        picks: [
          [5, 1],
          [6, 3],
        ],
        hoursAgo: 5,
      },
      { status: OrderStatus.NOT_PROCESS, payment: PaymentStatus.FAILED, picks: [[2, 1]], hoursAgo: 2 },
    ];
    for (const plan of plans) {
      const lines = plan.picks.map(([index, quantity]) => ({
        productId: products[index].id,
        name: products[index].name,
        description: products[index].description,
        slug: products[index].slug,
        unitPriceCents: products[index].priceCents,
        quantity,
      }));
      await db.order.create({
        data: {
          buyerId: user.id,
          status: plan.status,
          paymentStatus: plan.payment,
          totalCents: lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0),
          createdAt: new Date(Date.now() - plan.hoursAgo * 3600_000),
          paidAt: plan.payment === PaymentStatus.SUCCEEDED ? new Date(Date.now() - plan.hoursAgo * 3600_000) : null,
          lines: { create: lines },
        },
      });
    }
  }

  const counts = {
    users: await db.user.count(),
    categories: await db.category.count(),
    products: await db.product.count(),
    orders: await db.order.count(),
  };
  console.log(`Seeded in ${Date.now() - started} ms: ${JSON.stringify(counts)} (admin ${admin.email})`);
}

const ADJECTIVES = ["Classic", "Modern", "Compact", "Deluxe", "Eco", "Smart", "Vintage", "Pro", "Everyday", "Premium", "Travel", "Mini"];
const NOUNS = [
  "Lamp",
  "Chair",
  "Kettle",
  "Headphones",
  "Notebook",
  "Backpack",
  "Jacket",
  "Watch",
  "Speaker",
  "Mug",
  "Blanket",
  "Sneakers",
  "Camera",
  "Planter",
  "Puzzle",
];

/** A large, varied catalog for benchmarks; photos shared so seeding stays fast. */
async function seedExtraProducts(count: number) {
  const categories = await db.category.findMany({ select: { id: true } });
  const already = await db.product.count({ where: { slug: { startsWith: "bench-" } } });
  if (already >= count) return;
  const rows = [];
  for (let i = already; i < count; i++) {
    const name = `${ADJECTIVES[i % ADJECTIVES.length]} ${NOUNS[(i * 7) % NOUNS.length]} ${i}`;
    rows.push({
      name,
      slug: `bench-${slugify(name)}`,
      description: `A ${ADJECTIVES[(i * 3) % ADJECTIVES.length].toLowerCase()} ${NOUNS[i % NOUNS.length].toLowerCase()} for everyday use, model ${i}, made to last.`,
      priceCents: 99 + ((i * 7919) % 25000),
      quantity: (i * 13) % 200,
      shipping: i % 3 !== 0,
      categoryId: categories[i % categories.length].id,
      createdAt: new Date(Date.now() - (i + 100) * 60_000),
    });
  }
  for (let i = 0; i < rows.length; i += 1000) await db.product.createMany({ data: rows.slice(i, i + 1000), skipDuplicates: true });
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => db.$disconnect());
