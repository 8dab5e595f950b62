// Addresses of the web app's screens that the server writes into emails, pushes and gateway returns. The web's
// router declares the same paths; a server link is `${PUBLIC_URL}${WEB_PATHS.x(...)}`.

const segment = (value: string) => encodeURIComponent(value);

export const WEB_PATHS = {
  /** An eSIM's page: install, usage, top-ups, cancellation. */
  esimDetails: (esimId: string) => `/details/${segment(esimId)}`,
  /** An order's progress page. */
  orderStatus: (orderId: string) => `/status/${segment(orderId)}`,
  /** The web's payment return: asks the server for the payment's state. */
  paymentCallback: (paymentId: string) => `/payment-callback?paymentId=${segment(paymentId)}`,
  /** The result pages the native apps' App Links open after the gateway (decision 022). */
  paymentSuccess: (query: { paymentId: string; orderId: string }) =>
    `/success?paymentId=${segment(query.paymentId)}&orderId=${segment(query.orderId)}`,
  paymentFailure: (query: { paymentId: string; orderId: string }) =>
    `/failure?paymentId=${segment(query.paymentId)}&orderId=${segment(query.orderId)}`,
  /** An eSIM's page with "Ask someone to pay" open: a pay-for-me link for a top-up of it (decision 077). */
  payForMe: (esimId: string) => `/details/${segment(esimId)}?payForMe=1`,
  /** Store credit bought with a card before or during the trip (decision 068). */
  loadCredit: () => "/account/credit/load",
  myEsims: () => "/esims",
  /** An order's page in the operator's console (operator alerts link to it). */
  consoleOrder: (orderNumber: string) => `/admin/orders/${segment(orderNumber)}`,
  /** The console's queue of cancellations and refunds. */
  consoleCancellations: () => "/admin/cancellations",
  /** A claim's page in the console (the new-claim alert links to it). */
  consoleClaim: (claimId: string) => `/admin/claims/${segment(claimId)}`,
  /** A store credit load's return page (decision 068): asks the server for the load's state and the new balance. */
  creditLoad: (loadId: string) => `/account/credit/load?loadId=${segment(loadId)}`,
  /** The account's page: the store credit and the invite card (decision 079). */
  profile: () => "/profile",
} as const;
