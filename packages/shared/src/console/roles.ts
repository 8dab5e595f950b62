/** What an operator may do: `admin` everything, `support` the daily work (never the audit log or other operators). */
export const OPERATOR_ROLES = ["admin", "support"] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
