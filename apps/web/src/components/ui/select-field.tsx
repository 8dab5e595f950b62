import { type SelectHTMLAttributes, useId } from "react";
import { FIELD_CLASSES } from "./text-field.tsx";

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> {
  label: string;
  error?: string | null;
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder?: string;
}

// A select always matches :read-only, so the text field's read-only look is left out.
const SELECT_CLASSES = FIELD_CLASSES.replace(/\s*read-only:\S+/g, "");

/** A native select: the platform's own picker is the most usable on phones and with screen readers. */
export function SelectField({ label, error, options, placeholder, className = "", ...props }: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        className={`${SELECT_CLASSES} appearance-auto pe-3`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...props}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
