import type { MessageId } from "../lib/i18n.ts";

/** What the router tells a "coming soon" screen: its title and, if any, where its back arrow goes. */
export interface ComingSoonHandle {
  titleId: MessageId;
  backTo?: string;
}
