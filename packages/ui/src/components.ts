// The shared building blocks of every surface (app, public pages): links, amounts, icons.
export { Icon, type IconProps, RefreshIcon, SimIcon, WifiIcon } from "./components/icons.tsx";
export { LabelWithContext } from "./components/label-with-context.tsx";
export { type AnchorProps, AppLink, LinkProvider } from "./components/link.tsx";
export { Money, ShownPrice, shownPriceText } from "./components/money.tsx";
