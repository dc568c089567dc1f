import { describe, expect, it } from "vitest";
import {
  returnLabel,
  returnReasonLabel,
  returnReceiveFromForm,
  returnReceiveSchema,
  returnRequestFromForm,
  returnRequestSchema,
} from "./return";

const LAMP = "clampline0000000000000001";
const BULB = "clbulbline00000000000000002";

describe("returns' inputs", () => {
  it("reads the customer's form: lines above 0, the reason, the note", () => {
    const form = new URLSearchParams({
      intent: "return",
      [`return-${LAMP}`]: "2",
      [`return-${BULB}`]: "0",
      reason: "DAMAGED",
      note: " Cracked ",
    });
    const input = returnRequestFromForm(form);
    expect(input).toEqual({ lines: [{ lineId: LAMP, quantity: 2 }], reason: "DAMAGED", note: "Cracked" });
    expect(returnRequestSchema.parse(input)).toEqual(input);
  });

  it("refuses no lines, a quantity that is not a whole number, an unknown reason, and Other without a note", () => {
    const issue = (input: unknown) => returnRequestSchema.safeParse(input).error?.issues[0].message;
    expect(issue(returnRequestFromForm(new URLSearchParams({ reason: "DAMAGED" })))).toBe("Choose at least one item to return");
    expect(
      returnRequestSchema.safeParse(returnRequestFromForm(new URLSearchParams({ [`return-${LAMP}`]: "1.5", reason: "DAMAGED" }))).success,
    ).toBe(false);
    expect(issue({ lines: [{ lineId: LAMP, quantity: 1 }], reason: "BORED" })).toBe("Choose a reason");
    expect(issue({ lines: [{ lineId: LAMP, quantity: 1 }], reason: "OTHER" })).toBe("Tell us why you are returning it");
    expect(returnRequestSchema.safeParse({ lines: [{ lineId: LAMP, quantity: 1 }], reason: "OTHER", note: "Gift" }).success).toBe(true);
  });

  it("reads the admin's Received form: every line's units, restock only when ticked, refund now", () => {
    const form = new URLSearchParams({
      [`received-${LAMP}`]: "1",
      [`restock-${LAMP}`]: "on",
      [`received-${BULB}`]: "",
      refund: "on",
    });
    const input = returnReceiveSchema.parse(returnReceiveFromForm(form));
    expect(input).toEqual({
      lines: [
        { lineId: LAMP, quantity: 1, restock: true },
        { lineId: BULB, quantity: 0, restock: false },
      ],
      refund: true,
    });
    // The API may leave lines out (every unit asked, restocked) and refund (later).
    expect(returnReceiveSchema.parse({})).toEqual({ refund: false });
  });

  it("names returns and reasons as people read them", () => {
    expect(returnLabel(1042)).toBe("R-1042");
    expect(returnReasonLabel("NOT_AS_DESCRIBED")).toBe("Not as described");
    expect(returnReasonLabel("SOMETHING")).toBe("SOMETHING");
  });
});
