import type { ComponentType, SVGProps } from "react";
import { BookIcon, HomeIcon, SimIcon, SupportIcon, UserIcon } from "../../components/ui/icons.tsx";
import type { MessageId } from "../../lib/i18n.ts";

export interface NavigationItem {
  to: string;
  labelId: MessageId;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/** The same destinations in the desktop bar and the mobile tab bar. */
export const NAVIGATION_ITEMS: readonly NavigationItem[] = [
  { to: "/home", labelId: "nav.home", icon: HomeIcon },
  { to: "/esims", labelId: "nav.esims", icon: SimIcon },
  { to: "/guide", labelId: "nav.guide", icon: BookIcon },
  { to: "/support", labelId: "nav.support", icon: SupportIcon },
  { to: "/profile", labelId: "nav.profile", icon: UserIcon },
];
