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
  "cancellation.approved": "admin.audit.action.cancellation.approved",
  "cancellation.pending": "admin.audit.action.cancellation.pending",
  "cancellation.refused": "admin.audit.action.cancellation.refused",
  "claim.answered": "admin.audit.action.claim.answered",
  "claim.refunded": "admin.audit.action.claim.refunded",
  "claim.refused": "admin.audit.action.claim.refused",
  "catalogue.destination.update": "admin.audit.action.catalogue.destination.update",
  "catalogue.plan.update": "admin.audit.action.catalogue.plan.update",
  "catalog.sync": "admin.audit.action.catalog.sync",
  "coupon.blocked": "admin.audit.action.coupon.blocked",
  "coupon.created": "admin.audit.action.coupon.created",
  "coupon.updated": "admin.audit.action.coupon.updated",
  "customer.pin_unblocked": "admin.audit.action.customer.pin_unblocked",
  "customer.session_revoked": "admin.audit.action.customer.session_revoked",
  "customer.store_credit_issued": "admin.audit.action.customer.store_credit_issued",
  "operator.authenticator_reset": "admin.audit.action.operator.authenticator_reset",
  "operator.created": "admin.audit.action.operator.created",
  "operator.disabled": "admin.audit.action.operator.disabled",
  "operator.enabled": "admin.audit.action.operator.enabled",
  "operator.role_changed": "admin.audit.action.operator.role_changed",
  "operator.sign_in_failed": "admin.audit.action.operator.sign_in_failed",
  "operator.signed_in": "admin.audit.action.operator.signed_in",
  "operator.signed_out": "admin.audit.action.operator.signed_out",
  "operator.totp_enrolled": "admin.audit.action.operator.totp_enrolled",
  "operator_session.revoked": "admin.audit.action.operator_session.revoked",
  "order.held_money_refund_owed": "admin.audit.action.order.held_money_refund_owed",
  "order.held_payment_accepted": "admin.audit.action.order.held_payment_accepted",
  "order.install_email_resent": "admin.audit.action.order.install_email_resent",
  "order.provisioning_retried": "admin.audit.action.order.provisioning_retried",
  "order.refund_recorded": "admin.audit.action.order.refund_recorded",
  "orders.exported": "admin.audit.action.orders.exported",
  "prices.update": "admin.audit.action.prices.update",
  "refund.approved": "admin.audit.action.refund.approved",
  "refund.refused": "admin.audit.action.refund.refused",
  "seller_identity.set": "admin.audit.action.seller_identity.set",
};

const AUDIT_ENTITY_LABEL: Record<AuditEntityType, AnyMessageId> = {
  cancellation_request: "admin.audit.entity.cancellation_request",
  catalog: "admin.audit.entity.catalog",
  claim: "admin.audit.entity.claim",
  coupon: "admin.audit.entity.coupon",
  customer: "admin.audit.entity.customer",
  destination: "admin.audit.entity.destination",
  operator: "admin.audit.entity.operator",
  operator_session: "admin.audit.entity.operator_session",
  order: "admin.audit.entity.order",
  package: "admin.audit.entity.package",
  price_settings: "admin.audit.entity.price_settings",
  seller_identity: "admin.audit.entity.seller_identity",
};

/** An audit action's words; one written before it was listed reads "another action", never its code. */
export function auditActionLabel(action: string): AnyMessageId {
  return isOneOf(AUDIT_ACTIONS, action) ? AUDIT_ACTION_LABEL[action] : "admin.audit.action.other";
}

/** What an audit entry is about, in words. */
export function auditEntityLabel(entityType: string): AnyMessageId {
  return isOneOf(AUDIT_ENTITY_TYPES, entityType) ? AUDIT_ENTITY_LABEL[entityType] : "admin.audit.entity.other";
}
