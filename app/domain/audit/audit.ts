// Browser-safe: the kinds of audit entry the admin's filter offers (the
// entries themselves are written by app/domain/audit/audit.server.ts).
export const AUDIT_KINDS = [
  "category.created",
  "category.renamed",
  "category.deleted",
  "product.created",
  "product.changed",
  "product.deleted",
  "product.variants",
  "order.status",
  "order.refund",
  "discount.created",
  "discount.changed",
  "discount.activated",
  "discount.deactivated",
  "user.role",
  "two-factor.enabled",
  "two-factor.disabled",
  "two-factor.recovery-codes",
  "session.revoked",
  "session.others-revoked",
] as const;
