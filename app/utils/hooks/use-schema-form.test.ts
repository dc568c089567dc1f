import { describe, expect, it } from "vitest";
import { categoryInputSchema } from "~/domain/catalog/category.schema";
import { DISCOUNT_CODE_MAX, discountFormSchema } from "~/domain/discounts/discount.schema";
import { PRODUCT_DESCRIPTION_MAX, PRODUCT_NAME_MAX, productInputSchema, productUpdateSchema } from "~/domain/catalog/product.schema";
import { profileSchema, registerSchema } from "~/domain/accounts/user.schema";
import { z } from "~/utils/zod";
import { longestLength, schemaConstraint } from "./use-schema-form";

describe("schemaConstraint", () => {
  it("gives a trimmed text field its maxLength and keeps conform's required", () => {
    const constraint = schemaConstraint(productInputSchema);
    expect(constraint.name).toMatchObject({ required: true, maxLength: PRODUCT_NAME_MAX });
    expect(constraint.description).toMatchObject({ required: true, maxLength: PRODUCT_DESCRIPTION_MAX });
    expect(constraint.category).toMatchObject({ required: true });
    expect(constraint.category.maxLength).toBeUndefined();
    expect(constraint.price).toEqual({ required: false });
  });

  it("reads through optional (partial), transform and preprocess wrappers", () => {
    expect(schemaConstraint(productUpdateSchema).name).toEqual({ required: false, maxLength: PRODUCT_NAME_MAX });
    expect(schemaConstraint(discountFormSchema).code.maxLength).toBe(DISCOUNT_CODE_MAX);
    expect(schemaConstraint(profileSchema).name).toEqual({ required: false, maxLength: 100 });
    expect(schemaConstraint(categoryInputSchema).name).toMatchObject({ required: true, maxLength: 60 });
  });

  it("adds no minLength or pattern, so a browser without JavaScript leaves those to the server's message", () => {
    const constraint = schemaConstraint(registerSchema);
    expect(constraint.phone).toEqual({ required: true, maxLength: 30 });
    expect(constraint.password).toEqual({ required: true });
  });
});

describe("longestLength", () => {
  it("takes the smallest of a string's max and exact lengths, wherever they sit", () => {
    expect(longestLength(z.string().max(9).trim().max(5))).toBe(5);
    expect(longestLength(z.string().length(4).optional())).toBe(4);
    expect(longestLength(z.string().min(3))).toBeUndefined();
    expect(longestLength(z.number().max(3))).toBeUndefined();
  });
});
