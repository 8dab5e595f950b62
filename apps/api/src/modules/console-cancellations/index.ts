// The console's cancellations and refunds queue (issue 15, point 6): the 24-hour requests to cancel an unused eSIM
// and the undelivered paid orders to refund, decided through the same services as the command line.
export { consoleCancellationsRoutes } from "./console-cancellations.routes.ts";
export {
  approveCancellationRequest,
  type CancelAndRefund,
  getCancellationQueue,
} from "./console-cancellations.service.ts";
