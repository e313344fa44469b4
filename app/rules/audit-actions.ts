/**
 * The staff actions the audit trail records (docs/decisions/035-audit-trail.md), each in one group
 * for the activity page's filter. The keys are stored in `AuditEvent.action`; their labels are the
 * admin catalogue's `admin.activity.action.<key>`.
 */
const AUDIT_ACTIONS = {
  "sign-in.succeeded": "sign-in",
  "sign-in.failed": "sign-in",
  "sign-in.locked-out": "sign-in",
  "product.created": "catalogue",
  "product.updated": "catalogue",
  "product.deleted": "catalogue",
  "product.variants-updated": "catalogue",
  "products.imported": "catalogue",
  "products.pictures-retried": "catalogue",
  "category.created": "catalogue",
  "category.updated": "catalogue",
  "category.deleted": "catalogue",
  "order.created": "orders",
  "order.override": "orders",
  "order.status-changed": "orders",
  "order.payment-changed": "orders",
  "order.edited": "orders",
  "order.confirmed": "orders",
  "order.unconfirmed": "orders",
  "order.note-added": "orders",
  "customer.note-added": "orders",
  "order.sent-to-courier": "orders",
  "order.courier-unanswered": "orders",
  "order.courier-orphan": "orders",
  "order.courier-forgotten": "orders",
  "payout.recorded": "orders",
  "order.deleted": "orders",
  "order.advance-verified": "orders",
  "order.advance-rejected": "orders",
  "payment.bkash-completed": "orders",
  "payment.bkash-refunded": "orders",
  "sms.message-resent": "orders",
  "settings.updated": "settings",
  "courier.keys-saved": "settings",
  "courier.keys-removed": "settings",
  "sms.templates-saved": "settings",
  "payments.keys-saved": "settings",
  "payments.keys-removed": "settings",
  "sms.gateway-saved": "settings",
  "sms.gateway-removed": "settings",
  "sms.test-sent": "settings",
  "settings.advance-updated": "settings",
  "settings.payout-overdue-days": "settings",
  "phone.blocked": "settings",
  "phone.unblocked": "settings",
  "discount.created": "settings",
  "discount.updated": "settings",
  "discount.activated": "settings",
  "discount.deactivated": "settings",
  "discount.deleted": "settings",
  "staff.added": "staff",
  "staff.disabled": "staff",
  "staff.enabled": "staff",
  "staff.two-factor-reset": "staff",
  "account.password-changed": "staff",
  "account.two-factor-on": "staff",
  "account.two-factor-off": "staff",
  "account.recovery-codes-replaced": "staff",
  // A wrong password where a signed-in person must give theirs again: a guess like a sign-in's.
  "account.password-check-failed": "sign-in",
  // A session ended after too many of those: likely a stolen one.
  "account.signed-out-wrong-passwords": "sign-in",
} as const;

/** A recorded action's key. */
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** The groups of the activity page's filter, in its order. */
export const AUDIT_GROUPS = ["sign-in", "catalogue", "orders", "settings", "staff"] as const;
export type AuditGroup = (typeof AUDIT_GROUPS)[number];

/** The actions of `group`. */
export function actionsOf(group: AuditGroup): AuditAction[] {
  return (Object.keys(AUDIT_ACTIONS) as AuditAction[]).filter((action) => AUDIT_ACTIONS[action] === group);
}

/** Whether `value` is a recorded action's key. */
export function isAuditAction(value: string): value is AuditAction {
  return Object.hasOwn(AUDIT_ACTIONS, value);
}

/**
 * The actor an audit row names when bKash, not a member of staff, made the change (its callback or
 * the pending-payments job settling a payment): no account, this name. The activity page words it
 * in the reader's language.
 */
export const BKASH_ACTOR_NAME = "bKash";
