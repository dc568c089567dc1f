import { describe, expect, it } from "vitest";
import { ORDER_STATUSES, orderStatusLabel, parseOrderStatus } from "./order";

describe("parseOrderStatus", () => {
  it("accepts the spec's labels and our enum values", () => {
    for (const status of ORDER_STATUSES) {
      expect(parseOrderStatus(status.label)).toBe(status.value);
      expect(parseOrderStatus(status.value)).toBe(status.value);
    }
  });

  it("accepts the old client's spellings 'deliverd' and 'cancel' as Delivered and Cancel", () => {
    expect(parseOrderStatus("deliverd")).toBe("DELIVERED");
    expect(parseOrderStatus("cancel")).toBe("CANCEL");
    expect(orderStatusLabel(parseOrderStatus("deliverd")!)).toBe("Delivered");
  });

  it("refuses anything else", () => {
    for (const input of [
      "",
      "delivered",
      "Deliverd",
      "CANCELLED",
      "toString",
      "__proto__",
      "constructor",
      null,
      undefined,
      3,
      ["Shipped"],
    ]) {
      expect(parseOrderStatus(input)).toBeNull();
    }
  });
});
