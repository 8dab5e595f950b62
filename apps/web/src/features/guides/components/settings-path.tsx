import type { MenuPath } from "../content/types.ts";
import { StepArrow } from "../illustrations/step-arrow.tsx";

/**
 * The menus to tap through, as chips each followed by a chevron pointing the reading way (kept together, so a
 * line never starts with a chevron). The text keeps a " › " between menus for screen readers and copy-paste,
 * like the paths elsewhere in the app.
 */
export function SettingsPath({ menus }: { menus: MenuPath }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-0.5 gap-y-1 text-sm">
      {menus.map((menu, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a path can name the same menu twice ("Données cellulaires").
        <span key={index} className="inline-flex items-center gap-x-0.5">
          <span className="rounded-md bg-slate-100 px-1.5 py-0.5 font-medium text-slate-900">{menu}</span>
          {index < menus.length - 1 ? (
            <>
              <span className="sr-only"> › </span>
              <StepArrow className="size-3.5 shrink-0 text-slate-400" />
            </>
          ) : null}
        </span>
      ))}
    </span>
  );
}
