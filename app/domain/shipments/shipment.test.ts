import { describe, expect, it } from "vitest";
import { parseCarrier, shipmentInputFromForm, shipmentInputSchema, shippingState, trackingUrlFor } from "./shipment";

describe("shipments' carriers and state", () => {
  it("reads a carrier by code or name, in any case", () => {
    expect(parseCarrier("fedex")).toBe("FEDEX");
    expect(parseCarrier("Royal Mail")).toBe("ROYAL_MAIL");
    expect(parseCarrier("Pigeon")).toBeNull();
  });

  it("links a carrier's tracking page, encodes the number, and takes Other's own URL", () => {
    expect(trackingUrlFor("UPS", "1Z 99")).toBe("https://www.ups.com/track?tracknum=1Z%2099");
    expect(trackingUrlFor("OTHER", "X1")).toBeNull();
    expect(trackingUrlFor("OTHER", "X1", "https://courier.example/X1")).toBe("https://courier.example/X1");
  });

  it("derives the shipping state from what is left and what was delivered", () => {
    const line = (quantity: number, shipped: number, refunded = 0) => ({ quantity, shipped, refunded });
    expect(shippingState([line(3, 0)], [])).toBe("NONE");
    expect(shippingState([line(3, 2)], [{ deliveredAt: null }])).toBe("PARTLY_SHIPPED");
    expect(shippingState([line(3, 2, 1)], [{ deliveredAt: null }])).toBe("SHIPPED");
    expect(shippingState([line(3, 3)], [{ deliveredAt: "2026-11-28T10:00:00Z" }, { deliveredAt: null }])).toBe("SHIPPED");
    expect(shippingState([line(3, 3)], [{ deliveredAt: "2026-11-28T10:00:00Z" }])).toBe("DELIVERED");
  });

  it("reads the Ship form: quantities above 0, notify only when ticked", () => {
    const form = new URLSearchParams({
      intent: "ship",
      carrier: "UPS",
      trackingNumber: " 1Z1 ",
      "ship-aaaaaaaaaaaaaaaaaaaaaaaa": "2",
      "ship-bbbbbbbbbbbbbbbbbbbbbbbb": "0",
    });
    const parsed = shipmentInputSchema.parse(shipmentInputFromForm(form));
    expect(parsed).toEqual({
      carrier: "UPS",
      trackingNumber: "1Z1",
      notify: false,
      lines: [{ lineId: "aaaaaaaaaaaaaaaaaaaaaaaa", quantity: 2 }],
    });
    form.set("ship-aaaaaaaaaaaaaaaaaaaaaaaa", "0");
    expect(shipmentInputSchema.safeParse(shipmentInputFromForm(form)).error?.issues[0].message).toBe("Choose at least one item to ship");
  });
});
