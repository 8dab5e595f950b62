import { InfoIcon } from "../../../components/ui/icons.tsx";

/** On Android: Samsung's and Pixel's menus differ, and what other phones do. */
export function AndroidBrandsNote({ text }: { text: string }) {
  return (
    <p className="flex items-start gap-3 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900 ring-1 ring-brand-100">
      <InfoIcon className="size-5 shrink-0" />
      <span>{text}</span>
    </p>
  );
}
