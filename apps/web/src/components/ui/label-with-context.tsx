// The one label-with-context, shared with the public pages (packages/ui).
export { LabelWithContext } from "@esim/ui/components";
