// The emails (decision 071): React components rendered on the server in the reader's language, words from the one
// catalogue. The API gathers each email's facts and hands them to `renderEmail` with a template.

export { iccidText } from "./emails/iccid-text.ts";
export { type EmailTemplate, type RenderedEmail, renderEmail } from "./emails/render-email.tsx";
export {
  type AutoTopUpEmailOutcome,
  autoTopUpEmail,
  autoTopUpPushBody,
  autoTopUpTitle,
} from "./emails/templates/auto-top-up-email.tsx";
export { type AutomaticRefundEmailProps, automaticRefundEmail } from "./emails/templates/automatic-refund-email.tsx";
export { cancellationDecisionEmail } from "./emails/templates/cancellation-decision-email.tsx";
export { cancellationRequestEmail } from "./emails/templates/cancellation-request-email.tsx";
export { type ClaimEmailStep, claimEmail } from "./emails/templates/claim-email.tsx";
export { claimOpenedEmail } from "./emails/templates/claim-opened-email.tsx";
export { type CodeEmailKind, codeEmail } from "./emails/templates/code-email.tsx";
export { esimAlertEmail, esimAlertPushBody, esimAlertTitle } from "./emails/templates/esim-alert-email.tsx";
export { type InstallEmailEsim, installEmail } from "./emails/templates/install-email.tsx";
export { operatorAlertEmail } from "./emails/templates/operator-alert-email.tsx";
export { payLinkPaidEmail } from "./emails/templates/pay-link-paid-email.tsx";
export { payLinkReceiptEmail } from "./emails/templates/pay-link-receipt-email.tsx";
export { referralRewardEmail } from "./emails/templates/referral-reward-email.tsx";
export { type RefundDecisionKind, refundDecisionEmail } from "./emails/templates/refund-decision-email.tsx";
export { refundSentEmail } from "./emails/templates/refund-sent-email.tsx";
