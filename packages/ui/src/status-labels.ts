import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPES,
  type AuditAction,
  type AuditEntityType,
} from "@esim/shared/admin/audit-actions";
import { type EsimStatus, isOneOf } from "@esim/shared/statuses";
import type { MessageId } from "./i18n.ts";

// The words of codes several surfaces show (the traveller's app, the console, the console's CSV files): one table
// each, so a status or an action has one label everywhere (decision 076).

/** Each eSIM Access status's name in the reader's language (the upstream's English words are never shown). */
export const ESIM_STATUS_NAME: Record<EsimStatus, MessageId> = {
  New: "esimStatusName.new",
  Onboard: "esimStatusName.onboard",
  "In Use": "esimStatusName.inUse",
  Depleted: "esimStatusName.depleted",
  Canceled: "esimStatusName.canceled",
  Deleted: "esimStatusName.deleted",
  Unknown: "esimStatusName.unknown",
};

const AUDIT_ACTION_LABEL: Record<AuditAction, MessageId> = {
  "cancellation.approved": "admin.audit.action.cancellation.approved",
  "cancellation.pending": "admin.audit.action.cancellation.pending",
  "cancellation.refused": "admin.audit.action.cancellation.refused",
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
  "prices.update": "admin.audit.action.prices.update",
  "refund.approved": "admin.audit.action.refund.approved",
  "refund.refused": "admin.audit.action.refund.refused",
  "seller_identity.set": "admin.audit.action.seller_identity.set",
};

const AUDIT_ENTITY_LABEL: Record<AuditEntityType, MessageId> = {
  cancellation_request: "admin.audit.entity.cancellation_request",
  catalog: "admin.audit.entity.catalog",
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
export function auditActionLabel(action: string): MessageId {
  return isOneOf(AUDIT_ACTIONS, action) ? AUDIT_ACTION_LABEL[action] : "admin.audit.action.other";
}

/** What an audit entry is about, in words. */
export function auditEntityLabel(entityType: string): MessageId {
  return isOneOf(AUDIT_ENTITY_TYPES, entityType) ? AUDIT_ENTITY_LABEL[entityType] : "admin.audit.entity.other";
}
