// Fills a database with the demo shop. Safe to run again: everything is keyed
// by e-mail or slug and upserted, and demo orders are made only once.
//   SEED_EXTRA_PRODUCTS=N adds N generated products (for benchmarks).
// In production (NODE_ENV=production without LOCAL_DEFAULTS=1) only the
// catalogue is seeded: the demo accounts' passwords are published, so they
// would be anyone's admin login. The owner makes the first admin with
// `npm run create-admin`.
import { PrismaPg } from "@prisma/adapter-pg";
import { OrderStatus, PaymentStatus, PrismaClient } from "@prisma/client";
import sharp from "sharp";
import { photoWrite, processPhoto } from "../app/domain/catalog/photo.server";
import { Role } from "../app/domain/accounts/user";
import { hashAnswer, hashPassword } from "../app/domain/accounts/password.server";
import { slugify } from "../app/utils/text";
import { DEMO_ACCOUNTS } from "./seed-accounts";
import { CATALOG, type SeedVariants } from "./seed-data";
import { productPhotoSvg } from "./seed-photos";

const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL }) });

/** A catalog product's photo: its own picture, distinct within its category (see seed-photos.ts). */
async function productPhoto(name: string, categoryName: string, index: number, count: number) {
  const jpeg = await sharp(Buffer.from(productPhotoSvg(name, categoryName, index, count)))
    .jpeg({ quality: 84 })
    .toBuffer();
  return processPhoto(jpeg);
}

/** A product's options and variants; its own price and stock then follow them (the variants migration's trigger). */
async function seedVariants(productId: string, { options, variants }: SeedVariants) {
  await db.product.update({ where: { id: productId }, data: { options } });
  await db.productVariant.createMany({
    data: variants.map((variant, position) => ({
      productId,
      sku: variant.sku,
      title: options.map((option) => variant.options[option.name]).join(" / "),
      options: variant.options,
      position,
      priceCents: Math.round(variant.price * 100),
      quantity: variant.quantity,
    })),
  });
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

const production = process.env.NODE_ENV === "production" && process.env.LOCAL_DEFAULTS !== "1";

async function main() {
  const started = Date.now();
  // Production: no demo accounts (their passwords are published above).
  const admin = production ? null : await upsertUser(DEMO_ACCOUNTS.admin);
  const user = production ? null : await upsertUser(DEMO_ACCOUNTS.user);

  let seedIndex = 0;
  const productIds: string[] = [];
  for (const category of CATALOG) {
    const slug = slugify(category.name);
    const row = await db.category.upsert({ where: { slug }, update: {}, create: { name: category.name, slug } });
    for (const [indexInCategory, product] of category.products.entries()) {
      seedIndex += 1;
      const productSlug = slugify(product.name);
      const existing = await db.product.findUnique({ where: { slug: productSlug }, select: { id: true } });
      if (existing) {
        productIds.push(existing.id);
        continue;
      }
      const photo = await productPhoto(product.name, category.name, indexInCategory, category.products.length);
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
          photo: { create: photoWrite(photo).create },
        },
        select: { id: true },
      });
      if (product.variants) await seedVariants(created.id, product.variants);
      productIds.push(created.id);
    }
  }

  // Delivery within the United States: free, or faster for a price. No tax is configured.
  if ((await db.shippingZone.count()) === 0) {
    await db.shippingZone.create({
      data: {
        name: "United States",
        countries: ["US"],
        methods: {
          create: [
            { name: "Standard", priceCents: 0, estimate: "3–5 business days", position: 0 },
            { name: "Express", priceCents: 1499, estimate: "1–2 business days", position: 1 },
          ],
        },
      },
    });
  }

  const extra = Number(process.env.SEED_EXTRA_PRODUCTS) || 0;
  if (extra > 0) await seedExtraProducts(extra);

  if (user && (await db.order.count({ where: { buyerId: user.id } })) === 0) {
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
        // What each line was charged (no discount, delivery or tax on the demo orders): app/domain/orders/money.ts.
        subtotalCents: products[index].priceCents * quantity,
        totalCents: products[index].priceCents * quantity,
      }));
      await db.order.create({
        data: {
          buyerId: user.id,
          status: plan.status,
          paymentStatus: plan.payment,
          totalCents: lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0),
          createdAt: new Date(Date.now() - plan.hoursAgo * 3600_000),
          shipName: user.name,
          shipAddress: user.address,
          shipPhone: user.phone,
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
  console.log(
    `Seeded in ${Date.now() - started} ms: ${JSON.stringify(counts)} ${admin ? `(admin ${admin.email})` : "(no accounts in production: npm run create-admin)"}`,
  );
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
