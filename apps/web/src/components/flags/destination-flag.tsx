import type { DestinationSummary } from "@esim/shared/catalog/contracts";
import { GlobeIcon } from "../ui/icons.tsx";
import { flagUrl } from "./flag-urls.ts";

type FlagSize = "sm" | "md" | "lg";

const SIZE_CLASSES: Record<FlagSize, { box: string; icon: string }> = {
  sm: { box: "h-6 w-9", icon: "size-4" },
  md: { box: "h-8 w-12", icon: "size-5" },
  lg: { box: "h-12 w-18", icon: "size-7" },
};

/**
 * A destination's flag, shipped with the app; regions and the global zone get the app's globe. Decorative:
 * the destination's name always sits beside it. Never mirrored in right-to-left layouts.
 */
export function DestinationFlag({
  destination,
  size = "md",
}: {
  destination: Pick<DestinationSummary, "code" | "type">;
  size?: FlagSize;
}) {
  const classes = SIZE_CLASSES[size];
  const url = destination.type === "country" ? flagUrl(destination.code) : null;
  if (url) {
    return (
      <img
        src={url}
        alt=""
        loading="lazy"
        decoding="async"
        width={3}
        height={2}
        className={`${classes.box} shrink-0 rounded-sm object-cover ring-1 ring-slate-900/10`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${classes.box} grid shrink-0 place-items-center rounded-sm bg-brand-50 text-brand-700 ring-1 ring-brand-100`}
    >
      <GlobeIcon className={classes.icon} />
    </span>
  );
}
