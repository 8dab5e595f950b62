// What a push notification carries besides its title and body, for the app to open the right screen when it is
// tapped. FCM wants every data value a string; APNs gets the same keys beside `aps`.

/**
 * `esim_usage`: 80 % of an eSIM's data used; `esim_expiry`: an eSIM expires within a day; `auto_top_up`: an auto
 * top-up bought, or not (decision 078). All open /details/<esimId>.
 * `pay_link_paid`: a relative paid a pay-for-me link (decision 077); esimId is the topped-up eSIM's, "" for a new eSIM.
 */
export const PUSH_TYPES = ["esim_usage", "esim_expiry", "auto_top_up", "pay_link_paid"] as const;
export type PushType = (typeof PUSH_TYPES)[number];

export interface PushData {
  type: PushType;
  esimId: string;
}
