// Claims (decision 080): "It doesn't work" on an eSIM becomes a claim with a status the traveller follows (one table
// of states in claim-lifecycle.ts), answered, refunded through the order's refunds, or refused in the console.
export { claimsRoutes } from "./claims.routes.ts";
export {
  lockClaimToRefund,
  markClaimRefunded,
  type SettleClaim,
  showClaim,
} from "./claims-console.service.ts";
