// The console's cancellations and refunds queue (decision 037): the 24-hour requests to cancel an unused eSIM
// and the undelivered paid orders to refund, decided through the same services as the command line.
export { consoleCancellationsRoutes } from "./console-cancellations.routes.ts";
export {
  approveCancellationRequest,
  type CancelAndRefund,
  getCancellationQueue,
} from "./console-cancellations.service.ts";
