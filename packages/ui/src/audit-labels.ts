import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPES,
  type AuditAction,
  type AuditEntityType,
} from "@esim/shared/console/audit-actions";
import { isOneOf } from "@esim/shared/statuses";
import type { AnyMessageId } from "./console-i18n.ts";

// The words of the audit log's codes, in the console and in its CSV files (decision 076): the console's catalogue,
// apart from status-labels.ts, which the traveller's app reads too.

const AUDIT_ACTION_LABEL: Record<AuditAction, AnyMessageId> = {
  "cancellation.approved": "console.audit.action.cancellation.approved",
  "cancellation.pending": "console.audit.action.cancellation.pending",
  "cancellation.refused": "console.audit.action.cancellation.refused",
  "claim.answered": "console.audit.action.claim.answered",
  "claim.refunded": "console.audit.action.claim.refunded",
  "claim.refused": "console.audit.action.claim.refused",
  "catalogue.destination.update": "console.audit.action.catalogue.destination.update",
  "catalogue.plan.update": "console.audit.action.catalogue.plan.update",
  "catalog.sync": "console.audit.action.catalog.sync",
  "coupon.blocked": "console.audit.action.coupon.blocked",
  "coupon.created": "console.audit.action.coupon.created",
  "coupon.updated": "console.audit.action.coupon.updated",
  "customer.pin_unblocked": "console.audit.action.customer.pin_unblocked",
  "customer.session_revoked": "console.audit.action.customer.session_revoked",
  "customer.store_credit_issued": "console.audit.action.customer.store_credit_issued",
  "operator.authenticator_reset": "console.audit.action.operator.authenticator_reset",
  "operator.created": "console.audit.action.operator.created",
  "operator.disabled": "console.audit.action.operator.disabled",
  "operator.enabled": "console.audit.action.operator.enabled",
  "operator.role_changed": "console.audit.action.operator.role_changed",
  "operator.sign_in_failed": "console.audit.action.operator.sign_in_failed",
  "operator.signed_in": "console.audit.action.operator.signed_in",
  "operator.signed_out": "console.audit.action.operator.signed_out",
  "operator.totp_enrolled": "console.audit.action.operator.totp_enrolled",
  "operator_session.revoked": "console.audit.action.operator_session.revoked",
  "order.held_money_refund_owed": "console.audit.action.order.held_money_refund_owed",
  "order.held_payment_accepted": "console.audit.action.order.held_payment_accepted",
  "order.install_email_resent": "console.audit.action.order.install_email_resent",
  "order.provisioning_retried": "console.audit.action.order.provisioning_retried",
  "order.refund_recorded": "console.audit.action.order.refund_recorded",
  "orders.exported": "console.audit.action.orders.exported",
  "prices.update": "console.audit.action.prices.update",
  "refund.approved": "console.audit.action.refund.approved",
  "refund.refused": "console.audit.action.refund.refused",
  "seller_identity.set": "console.audit.action.seller_identity.set",
};

const AUDIT_ENTITY_LABEL: Record<AuditEntityType, AnyMessageId> = {
  cancellation_request: "console.audit.entity.cancellation_request",
  catalog: "console.audit.entity.catalog",
  claim: "console.audit.entity.claim",
  coupon: "console.audit.entity.coupon",
  customer: "console.audit.entity.customer",
  destination: "console.audit.entity.destination",
  operator: "console.audit.entity.operator",
  operator_session: "console.audit.entity.operator_session",
  order: "console.audit.entity.order",
  package: "console.audit.entity.package",
  price_settings: "console.audit.entity.price_settings",
  seller_identity: "console.audit.entity.seller_identity",
};

/** An audit action's words; one written before it was listed reads "another action", never its code. */
export function auditActionLabel(action: string): AnyMessageId {
  return isOneOf(AUDIT_ACTIONS, action) ? AUDIT_ACTION_LABEL[action] : "console.audit.action.other";
}

/** What an audit entry is about, in words. */
export function auditEntityLabel(entityType: string): AnyMessageId {
  return isOneOf(AUDIT_ENTITY_TYPES, entityType) ? AUDIT_ENTITY_LABEL[entityType] : "console.audit.entity.other";
}
