import { CATALOG_SYNC_ACTION, PRICE_SETTINGS_ACTION } from "./prices-contract.ts";

// The audit log's vocabulary (operator_audit_log.action and entity_type): codes the API writes, worded by the
// console in the operator's language (decision 076). A code written before it was listed here reads "another action".

export const AUDIT_ACTIONS = [
  "cancellation.approved",
  "cancellation.pending",
  "cancellation.refused",
  "claim.answered",
  "claim.refunded",
  "claim.refused",
  "catalogue.destination.update",
  "catalogue.plan.update",
  CATALOG_SYNC_ACTION,
  "coupon.blocked",
  "coupon.created",
  "coupon.updated",
  "customer.pin_unblocked",
  "customer.session_revoked",
  "customer.store_credit_issued",
  "operator.authenticator_reset",
  "operator.created",
  "operator.disabled",
  "operator.enabled",
  "operator.role_changed",
  "operator.sign_in_failed",
  "operator.signed_in",
  "operator.signed_out",
  "operator.totp_enrolled",
  "operator_session.revoked",
  "order.held_money_refund_owed",
  "order.held_payment_accepted",
  "order.install_email_resent",
  "order.provisioning_retried",
  "order.refund_recorded",
  "orders.exported",
  PRICE_SETTINGS_ACTION,
  "refund.approved",
  "refund.refused",
  "seller_identity.set",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an audit entry is about (entity_type). */
export const AUDIT_ENTITY_TYPES = [
  "cancellation_request",
  "catalog",
  "claim",
  "coupon",
  "customer",
  "destination",
  "operator",
  "operator_session",
  "order",
  "package",
  "price_settings",
  "seller_identity",
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];
