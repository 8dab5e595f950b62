import { useId } from "react";

interface ChoiceGroupProps<T extends string> {
  legend: string;
  name: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string; description?: string; lang?: string }>;
  onChange: (value: T) => void;
}

/** A radio group drawn as selectable cards; arrow keys move between choices as with any radio group. */
export function ChoiceGroup<T extends string>({ legend, name, value, options, onChange }: ChoiceGroupProps<T>) {
  const id = useId();
  return (
    <fieldset>
      <legend className="mb-3 text-base font-semibold text-slate-900">{legend}</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        {options.map((option) => (
          <label
            key={option.value}
            htmlFor={`${id}-${option.value}`}
            className="flex min-h-14 cursor-pointer items-center gap-3 rounded-xl bg-white px-4 py-3 ring-1 ring-slate-300 has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-600 has-focus-visible:outline-3 has-focus-visible:outline-brand-600"
          >
            <input
              id={`${id}-${option.value}`}
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="size-5 accent-brand-700"
            />
            <span>
              <span className="block font-medium text-slate-900" lang={option.lang}>
                {option.label}
              </span>
              {option.description ? <span className="block text-sm text-slate-600">{option.description}</span> : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
