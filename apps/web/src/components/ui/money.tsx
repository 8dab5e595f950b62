// The one amount display, shared with the public pages (packages/ui).
export { Money } from "@esim/ui/components";
