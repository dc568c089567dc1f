// The field names the spec's /api/v1 clients read (`_id`, `createAt`, ...),
// built from our relational rows in one place, typed by the contract's
// schemas (app/api/shapes.ts), so a builder cannot drift from what the API declares.
import type { z } from "zod";
import type {
  apiCategorySchema,
  apiOrderSchema,
  apiProductSchema,
  apiQuoteSchema,
  apiShipmentSchema,
  apiShippingZoneSchema,
  apiTaxRateSchema,
  apiUserSchema,
  apiVariantSchema,
} from "~/api/shapes";
import { centsToDollars } from "~/utils/money";
import type { ListedProduct } from "~/domain/catalog/listed-product.server";
import type { SoldInOptions } from "~/domain/catalog/variants/listed-variants.server";
import type { VariantView } from "~/domain/catalog/variants/variants";
import type { Quote } from "~/domain/checkout/quote.server";
import type { Zone } from "~/domain/shipping/zones.server";
import type { TaxRateRow } from "~/domain/tax/rates.server";
import { orderStatusLabel, paymentLabel, type OrderBuyer } from "~/domain/orders/order";
import { Role } from "~/domain/accounts/user";
import { lineTitle } from "~/domain/catalog/variants/variants";
import { carrierName } from "~/domain/shipments/shipment";
import type { ShipmentRow } from "~/domain/shipments/shipment.server";

type CategoryRow = { id: string; name: string; slug: string };
// Any product read with the listed columns; dates and the category's slug may be left out.
type ProductRow = Pick<ListedProduct, "id" | "name" | "slug" | "description" | "priceCents" | "quantity" | "shipping"> &
  Partial<Pick<ListedProduct, "createdAt" | "updatedAt">> & { category: { id: string; name: string; slug?: string } };

export function toApiCategory(category: CategoryRow): z.input<typeof apiCategorySchema> {
  return { _id: category.id, name: category.name, slug: category.slug };
}

function toApiVariant(variant: VariantView): z.input<typeof apiVariantSchema> {
  return {
    _id: variant.id,
    sku: variant.sku,
    title: variant.title,
    options: variant.options,
    price: centsToDollars(variant.priceCents),
    quantity: variant.quantity,
  };
}

/**
 * Never photo bytes: clients fetch the image from product-photo/{_id}.
 * `sold`: its options and variants on sale; null (or no options) for a simple
 * product, whose one variant is the product itself, as checkout reads a
 * `variantId` equal to the product's `_id` (mergeLines).
 */
export function toApiProduct(product: ProductRow, sold: SoldInOptions | null): z.input<typeof apiProductSchema> {
  const simple = !sold || sold.options.length === 0;
  return {
    _id: product.id,
    name: product.name,
    slug: product.slug,
    description: product.description,
    price: centsToDollars(product.priceCents),
    quantity: product.quantity,
    shipping: product.shipping ? 1 : 0,
    category: { _id: product.category.id, name: product.category.name, ...(product.category.slug ? { slug: product.category.slug } : {}) },
    photo: `/api/v1/product/product-photo/${product.id}`,
    createdAt: product.createdAt?.toISOString(),
    updatedAt: product.updatedAt?.toISOString(),
    options: simple ? [] : sold.options,
    variants: simple
      ? [
          {
            _id: product.id,
            sku: null,
            title: product.name,
            options: {},
            price: centsToDollars(product.priceCents),
            quantity: product.quantity,
          },
        ]
      : sold.variants.map(toApiVariant),
  };
}

export function toApiUser(user: {
  id: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  role: number;
}): z.input<typeof apiUserSchema> {
  // The contract's roles are 0 and 1: any stored value but Admin is a user (as the spec's clients read it).
  const role = user.role === Role.Admin ? Role.Admin : Role.User;
  return { _id: user.id, name: user.name, email: user.email, phone: user.phone, address: user.address, role };
}

type DiscountRow = {
  id: string;
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
  minSubtotalCents: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  oncePerCustomer: boolean;
  active: boolean;
  usesPaid: number;
  usesReserved: number;
  createdAt: Date;
};

const dollarsOrNull = (cents: number | null) => (cents === null ? null : centsToDollars(cents));

export function toApiDiscount(discount: DiscountRow) {
  return {
    _id: discount.id,
    code: discount.code,
    percentOff: discount.percentOff,
    amountOff: dollarsOrNull(discount.amountOffCents),
    minSubtotal: dollarsOrNull(discount.minSubtotalCents),
    startsAt: discount.startsAt?.toISOString() ?? null,
    endsAt: discount.endsAt?.toISOString() ?? null,
    maxUses: discount.maxUses,
    oncePerCustomer: discount.oncePerCustomer,
    active: discount.active,
    uses: { paid: discount.usesPaid, reserved: discount.usesReserved },
    createdAt: discount.createdAt.toISOString(),
  };
}

type OrderRow = {
  id: string;
  number: number;
  status: Parameters<typeof orderStatusLabel>[0];
  paymentStatus: Parameters<typeof paymentLabel>[0];
  totalCents: number;
  createdAt: Date;
  paymentNote?: string | null;
  subtotalCents?: number | null;
  discountCents?: number;
  discountCode?: string | null;
  shippingMethod?: string | null;
  shippingCents: number;
  shippingTaxCents: number;
  taxCents?: number;
  taxRateMilli?: number | null;
  taxIncluded?: boolean;
  refundedCents: number;
  buyer: OrderBuyer;
  lines: {
    id: string;
    productId: string | null;
    variantId?: string | null;
    name: string;
    variantTitle?: string | null;
    sku?: string | null;
    description: string;
    slug: string;
    unitPriceCents: number;
    quantity: number;
    subtotalCents: number;
    discountCents: number;
    taxCents: number;
    totalCents: number;
  }[];
  shipments?: ShipmentRow[];
};

export function toApiShipment(shipment: ShipmentRow): z.input<typeof apiShipmentSchema> {
  return {
    _id: shipment.id,
    carrier: shipment.carrier,
    carrierName: carrierName(shipment.carrier),
    trackingNumber: shipment.trackingNumber,
    trackingUrl: shipment.trackingUrl,
    lines: shipment.lines.map((line) => ({
      lineId: line.orderLineId,
      name: lineTitle(line.orderLine.name, line.orderLine.variantTitle),
      quantity: line.quantity,
    })),
    shippedAt: shipment.shippedAt.toISOString(),
    deliveredAt: shipment.deliveredAt?.toISOString() ?? null,
  };
}

export function toApiOrder(order: OrderRow): z.input<typeof apiOrderSchema> {
  return {
    _id: order.id,
    number: order.number,
    status: orderStatusLabel(order.status),
    buyer: { _id: order.buyer.id, name: order.buyer.name, guest: order.buyer.guest },
    createAt: order.createdAt.toISOString(),
    payment: {
      success: order.paymentStatus === "SUCCEEDED",
      status: paymentLabel(order.paymentStatus),
      ...(order.paymentNote ? { note: order.paymentNote } : {}),
    },
    total: centsToDollars(order.totalCents),
    // Before the discount; orders from before discounts have none, so their subtotal is their total.
    subtotal: centsToDollars(order.subtotalCents ?? order.totalCents),
    discount: order.discountCode ? { code: order.discountCode, amount: centsToDollars(order.discountCents ?? 0) } : null,
    // Only orders that were delivered for a price or taxed carry these (older answers are unchanged).
    refunded: centsToDollars(order.refundedCents),
    ...(order.shippingMethod
      ? {
          shipping: {
            method: order.shippingMethod,
            amount: centsToDollars(order.shippingCents),
            tax: centsToDollars(order.shippingTaxCents),
          },
        }
      : {}),
    ...(order.taxCents
      ? { tax: { amount: centsToDollars(order.taxCents), rate: (order.taxRateMilli ?? 0) / 1000, included: Boolean(order.taxIncluded) } }
      : {}),
    products: order.lines.map((line) => ({
      _id: line.productId,
      lineId: line.id,
      name: line.name,
      description: line.description,
      slug: line.slug,
      price: centsToDollars(line.unitPriceCents),
      quantity: line.quantity,
      charged: {
        subtotal: centsToDollars(line.subtotalCents),
        discount: centsToDollars(line.discountCents),
        tax: centsToDollars(line.taxCents),
        total: centsToDollars(line.totalCents),
      },
      // A variant's line only: which one, as sold.
      ...(line.variantTitle ? { variant: { _id: line.variantId ?? null, title: line.variantTitle, sku: line.sku ?? null } } : {}),
    })),
    shipments: (order.shipments ?? []).map(toApiShipment),
  };
}

export function toApiShippingZone(zone: Zone): z.input<typeof apiShippingZoneSchema> {
  return {
    _id: zone.id,
    name: zone.name,
    countries: zone.countries,
    regions: zone.regions,
    methods: zone.methods.map((method) => ({
      _id: method.id,
      name: method.name,
      price: centsToDollars(method.priceCents),
      freeFrom: dollarsOrNull(method.freeFromCents),
      estimate: method.estimate,
    })),
  };
}

/** Rates are kept in thousandths of a percent (8875); the API speaks percent (8.875). */
const percent = (rateMilli: number) => rateMilli / 1000;

export function toApiTaxRate(rate: TaxRateRow): z.input<typeof apiTaxRateSchema> {
  return { _id: rate.id, country: rate.country, region: rate.region, rate: percent(rate.rateMilli), name: rate.name };
}

export function toApiQuote(quote: Quote): z.input<typeof apiQuoteSchema> {
  const { options, selected } = quote.shipping;
  return {
    success: true,
    subtotal: centsToDollars(quote.subtotalCents),
    discount: centsToDollars(quote.discountCents),
    shipping: {
      options: options.map((option) => ({
        _id: option.id,
        name: option.name,
        amount: centsToDollars(option.amountCents),
        estimate: option.estimate,
      })),
      selected: selected ? { _id: selected.id, name: selected.name, amount: centsToDollars(selected.amountCents) } : null,
    },
    tax: { amount: centsToDollars(quote.tax.cents), rate: percent(quote.tax.rateMilli), included: quote.tax.included },
    total: centsToDollars(quote.totalCents),
  };
}
