// What /api/v1 answers, as zod schemas: the field names the spec's clients
// read (`_id`, `createAt`, `payment.success`, ...), as app/api/spec-shapes.server.ts
// builds them. Strict objects: an answer carrying a field the contract does
// not declare fails the tests' response check, so the generated OpenAPI
// document cannot fall behind the handlers. Each shared shape has an `id`
// and becomes a component of the document.
import { MAX_OPTIONS, MAX_OPTION_VALUES } from "~/domain/catalog/variants/variants";
import { ORDER_STATUSES } from "~/domain/orders/order";
import { z } from "~/utils/zod";

const ORDER_STATUS_LABELS = ORDER_STATUSES.map((status) => status.label) as [string, ...string[]];
const PAYMENT_LABELS = ["Success", "Failed", "Pending", "Cancelled", "Refund pending", "Refunded", "Needs review"] as const;

export const apiErrorSchema = z
  .strictObject({
    success: z.literal(false),
    message: z.string(),
    errors: z.record(z.string(), z.string()).optional().describe("One message per invalid field, when fields were at fault"),
    error: z.string().optional().describe("The message again, for the old clients that show `error` (profile updates)"),
  })
  .meta({
    id: "Error",
    description:
      "Every /api/v1 failure: `{ success: false, message }` with a 4xx status (a 500 says only that something went wrong on our side)",
  });

export const apiCategorySchema = z.strictObject({ _id: z.string(), name: z.string(), slug: z.string() }).meta({ id: "Category" });

export const apiProductOptionSchema = z
  .strictObject({
    name: z.string().describe('The option\'s name: "Size"'),
    values: z.array(z.string()).min(1).max(MAX_OPTION_VALUES).describe("Its values, in the order the shop shows them"),
  })
  .meta({ id: "ProductOption", description: "An option a product is sold in" });

export const apiVariantSchema = z
  .strictObject({
    _id: z
      .string()
      .describe(
        "The variant: send it as `variantId` beside the product's `_id` to POST /api/v1/product/payments. A simple product's one variant is the product itself (its `_id` is the product's)",
      ),
    sku: z.string().nullable().describe("Its stock-keeping unit, or null (always null for a simple product)"),
    title: z.string().describe("Its values in the options' order, \"M / Red\"; a simple product's is its name"),
    options: z
      .record(z.string(), z.string())
      .describe('Its value of each option, by the option\'s name: { "Size": "M", "Colour": "Red" }; {} for a simple product'),
    price: z.number().describe("US dollars"),
    quantity: z.number().int().describe("In stock"),
  })
  .meta({ id: "Variant", description: "One thing a buyer can put in the cart: a combination of a product's options, or a simple product" });

export const apiProductSchema = z
  .strictObject({
    _id: z.string(),
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    price: z.number().describe("US dollars"),
    quantity: z.number().int().describe("In stock"),
    shipping: z.union([z.literal(0), z.literal(1)]),
    category: z.strictObject({ _id: z.string(), name: z.string(), slug: z.string().optional() }),
    photo: z.string().describe("URL of the photo (404 there when the product has none)"),
    createdAt: z.iso.datetime().optional(),
    updatedAt: z.iso.datetime().optional(),
    options: z
      .array(apiProductOptionSchema)
      .max(MAX_OPTIONS)
      .describe("The options it is sold in, in order (at most three); [] for a simple product"),
    variants: z
      .array(apiVariantSchema)
      .describe(
        "What can be bought, in order: one per combination on sale (then the product's `price` is the lowest price of a variant in stock, or of any when none is, and its `quantity` their sum); a simple product has exactly one, itself: `_id` the product's, `sku` null, `title` its name, `options` {}",
      ),
  })
  .meta({ id: "Product" });

export const apiUserSchema = z
  .strictObject({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
    role: z.union([z.literal(0), z.literal(1)]).describe("1: administrator"),
  })
  .meta({ id: "User" });

export const apiShipmentSchema = z
  .strictObject({
    _id: z.string().describe("The shipment: PUT /api/v1/shipments/{id} corrects its tracking or marks it delivered"),
    carrier: z.string().describe("The carrier's code: USPS, UPS, FEDEX, DHL, ROYAL_MAIL, CANADA_POST, AUSTRALIA_POST, DPD or OTHER"),
    carrierName: z.string().describe('The carrier as people read it ("Royal Mail")'),
    trackingNumber: z.string(),
    trackingUrl: z.string().nullable().describe("The carrier's tracking page for the number; null for OTHER without one"),
    lines: z
      .array(
        z.strictObject({
          lineId: z.string().describe("The order line (`products[].lineId`)"),
          name: z.string().describe('As sold, with its variant: "Tee — M / Red"'),
          quantity: z.number().int().min(1),
        }),
      )
      .describe("What the parcel holds"),
    shippedAt: z.iso.datetime(),
    deliveredAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "Shipment", description: "A parcel of an order: its carrier, tracking and the units of each line in it" });

export const apiOrderSchema = z
  .strictObject({
    _id: z.string(),
    number: z.number().int().describe("The short order number people read and say (#10042)"),
    status: z.enum(ORDER_STATUS_LABELS),
    buyer: z.strictObject({
      _id: z.string().nullable().describe("The account's id; null for a guest's order"),
      name: z.string().describe("The account's name, or the name a guest gave for delivery"),
      guest: z.boolean().describe("Placed without an account (guest checkout)"),
    }),
    createAt: z.iso.datetime(),
    payment: z.strictObject({
      success: z.boolean().describe("true once paid and fulfilled"),
      status: z.enum(PAYMENT_LABELS),
      note: z.string().optional().describe("Why a payment was refunded or needs review"),
    }),
    total: z.number().describe("US dollars: what was charged, after any discount"),
    subtotal: z.number().describe("US dollars: the lines' sum, before any discount"),
    discount: z
      .strictObject({ code: z.string(), amount: z.number().describe("US dollars off") })
      .nullable()
      .describe("The discount code the order was placed with, or null"),
    refunded: z.number().describe("US dollars given back so far (pending refunds included)"),
    shipping: z
      .strictObject({
        method: z.string(),
        amount: z.number().describe("US dollars"),
        tax: z.number().describe("US dollars: the part of the order's tax levied on the shipping (0 when shipping is not taxed)"),
      })
      .optional()
      .describe("How it is delivered and what that cost; absent for orders placed without a delivery method"),
    tax: z
      .strictObject({
        amount: z.number().describe("US dollars"),
        rate: z.number().describe("Percent, e.g. 8.875"),
        included: z.boolean().describe("true: inside the prices (shown, not added); false: added to the total"),
      })
      .optional()
      .describe("The order's tax; absent when none was charged"),
    products: z
      .array(
        z.strictObject({
          _id: z.string().nullable(),
          lineId: z.string().describe("The order line's own id (refunds name lines by it)"),
          name: z.string(),
          description: z.string(),
          slug: z.string(),
          price: z.number(),
          quantity: z.number().int(),
          charged: z
            .strictObject({
              subtotal: z.number().describe("US dollars: price × quantity"),
              discount: z.number().describe("US dollars: its share of the order's discount"),
              tax: z.number().describe("US dollars: its share of the order's tax"),
              total: z.number().describe("US dollars: what the buyer paid for it (subtotal − discount, + tax when added)"),
            })
            .describe("What the line was charged, fixed when the order was made; the lines and the shipping sum to the order's total"),
          variant: z
            .strictObject({
              _id: z.string().nullable().describe("null once the product was deleted"),
              title: z.string().describe('The options as sold: "M / Red"'),
              sku: z.string().nullable(),
            })
            .optional()
            .describe("Present for a product sold in options: the variant bought, frozen at order time"),
        }),
      )
      .describe(
        "The lines as bought: name, description, slug and price are frozen at order time; `_id` is null once the product was deleted (lines older than the description and slug snapshot may have them empty)",
      ),
    shipments: z
      .array(apiShipmentSchema)
      .describe(
        "Its parcels, oldest first ([] before any). `status` follows them with the spec's values: Processing while partly shipped, Shipped once every unit (bought less refunded) is out, Delivered once every parcel is",
      ),
  })
  .meta({ id: "Order" });

export const apiDiscountSchema = z
  .strictObject({
    _id: z.string(),
    code: z.string().describe("Upper-case; shoppers may type it in any case"),
    percentOff: z.number().int().nullable().describe("1-100, or null for an amount off"),
    amountOff: z.number().nullable().describe("US dollars, or null for a percent off"),
    minSubtotal: z.number().nullable().describe("US dollars the cart must reach, or null"),
    startsAt: z.iso.datetime().nullable(),
    endsAt: z.iso.datetime().nullable(),
    maxUses: z.number().int().nullable().describe("Orders that may use it in all, or null for no limit"),
    oncePerCustomer: z.boolean(),
    active: z.boolean(),
    uses: z.strictObject({
      paid: z.number().int().describe("Paid orders that used it"),
      reserved: z.number().int().describe("Checkouts holding a use now"),
    }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "Discount" });

export const apiShippingMethodSchema = z
  .strictObject({
    _id: z.string().describe("The method: send it as `shippingMethodId` (its id changes when its zone is saved again)"),
    name: z.string(),
    price: z.number().describe("US dollars"),
    freeFrom: z.number().nullable().describe("US dollars: free when the goods after discount come to at least this; null: never free"),
    estimate: z.string().nullable().describe('How long it takes, as shoppers read it ("2–4 business days"), or null'),
  })
  .meta({ id: "ShippingMethod" });

export const apiShippingZoneSchema = z
  .strictObject({
    _id: z.string(),
    name: z.string(),
    countries: z.array(z.string()).describe("Two-letter country codes"),
    regions: z
      .array(z.string())
      .describe('Regions of those countries ("US-NY"): a country with regions listed is covered only in them; [] for whole countries'),
    methods: z.array(apiShippingMethodSchema).describe("In the order the shop lists them"),
  })
  .meta({
    id: "ShippingZone",
    description:
      "Where the shop delivers and how: an address is served by the zone naming its region, else by one naming its whole country; with zones, an address in none is not delivered to (with no zone at all, delivery is free)",
  });

export const apiTaxRateSchema = z
  .strictObject({
    _id: z.string(),
    country: z.string().describe("Two-letter country code"),
    region: z.string().nullable().describe('A region of it ("US-NY"), or null for the whole country'),
    rate: z.number().describe("Percent, at most three decimals: 8.875"),
    name: z.string().nullable().describe('What receipts call it ("NY sales tax"), or null'),
  })
  .meta({ id: "TaxRate", description: "An address is taxed at its region's rate, else its country's, else not at all" });

export const apiTaxSettingsSchema = z
  .strictObject({
    pricesIncludeTax: z.boolean().describe("true: catalogue prices include tax (Europe); false: tax is added at checkout (United States)"),
    taxShipping: z.boolean().describe("Whether shipping is taxed"),
  })
  .meta({ id: "TaxSettings" });

const dollars = (what: string) => z.number().describe(`${what}, in US dollars`);

export const apiQuoteSchema = z
  .strictObject({
    success: z.literal(true),
    subtotal: dollars("The goods, before any discount"),
    discount: dollars("Taken off the goods by the discount code (0 without one)"),
    shipping: z.strictObject({
      options: z
        .array(
          z.strictObject({
            _id: z.string().describe("Send it as `shippingMethodId`"),
            name: z.string(),
            amount: dollars("What it costs this order (0 once the goods after discount reach its free-from)"),
            estimate: z.string().nullable(),
          }),
        )
        .describe("The methods that deliver to the address, cheapest first; [] when nothing is shipped or the shop has no zones"),
      selected: z
        .strictObject({ _id: z.string(), name: z.string(), amount: dollars("Its cost") })
        .nullable()
        .describe("The method `shippingMethodId` names, else the cheapest; null when there are no options"),
    }),
    tax: z.strictObject({
      amount: dollars("The tax"),
      rate: z.number().describe("Percent: 8.875 (0 where no rate applies)"),
      included: z.boolean().describe("true: already inside the prices (shown, not added to the total)"),
    }),
    total: dollars("What would be charged: subtotal − discount + shipping, + tax when it is not included"),
  })
  .meta({ id: "CheckoutQuote" });

export type ApiCategory = z.output<typeof apiCategorySchema>;
export type ApiProduct = z.output<typeof apiProductSchema>;
export type ApiVariant = z.output<typeof apiVariantSchema>;
export type ApiUser = z.output<typeof apiUserSchema>;
export type ApiOrder = z.output<typeof apiOrderSchema>;

/** `{ success: true, ...fields }`, nothing else. */
export const succeeded = <T extends z.ZodRawShape>(shape: T) => z.strictObject({ success: z.literal(true), ...shape });
