import { Icon, type IconProps } from "@esim/ui/icon";

// Apart from icons.tsx: the last-resort error screen, part of the entry script, draws it without the other icons
// (decision 100).
export const ErrorCircleIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="m9 9 6 6M15 9l-6 6" />
  </Icon>
);
