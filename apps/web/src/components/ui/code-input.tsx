import { type ChangeEvent, type ClipboardEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useT } from "../../lib/i18n.ts";

export type CodeInputType = "number" | "letter-numeric";

/** One box's allowed character: digits, or word characters for letter-numeric codes. */
const ALLOWED_CHARACTER: Record<CodeInputType, RegExp> = {
  number: /^\d$/,
  "letter-numeric": /^\w$/,
};

const NAVIGATION_KEYS = new Set(["Backspace", "Delete", "ArrowLeft", "ArrowRight", "Tab", "Home", "End"]);

export const DEFAULT_CODE_LENGTH = 4;

interface CodeInputProps {
  /** Number of boxes (default 4). */
  length?: number;
  type?: CodeInputType;
  value: string;
  onChange: (code: string) => void;
  /** Called once every box holds a character. */
  onComplete?: (code: string) => void;
  /** Names the group of boxes ("Verification code"). */
  label: string;
  disabled?: boolean;
  isInvalid?: boolean;
  autoFocus?: boolean;
  describedBy?: string;
}

function toBoxes(value: string, length: number): string[] {
  return Array.from({ length }, (_, index) => value[index] ?? "");
}

/**
 * The one-time-code input: one box per character, typing moves forward,
 * paste fills from the focused box and is cut to the boxes left (refused whole
 * if any character is not allowed). Always left to right, even in Arabic, since
 * a code is read in that order.
 */
export function CodeInput({
  length = DEFAULT_CODE_LENGTH,
  type = "number",
  value,
  onChange,
  onComplete,
  label,
  disabled = false,
  isInvalid = false,
  autoFocus = false,
  describedBy,
}: CodeInputProps) {
  const t = useT();
  const [boxes, setBoxes] = useState(() => toBoxes(value, length));
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const allowed = ALLOWED_CHARACTER[type];

  // The parent may reset the code (a new code was sent): follow it unless it is what we reported.
  useEffect(() => {
    setBoxes((current) => (current.join("") === value ? current : toBoxes(value, length)));
  }, [value, length]);

  const focusBox = (index: number) => {
    const target = inputs.current[Math.max(0, Math.min(length - 1, index))];
    target?.focus();
    target?.select();
  };

  const commit = (next: string[]) => {
    setBoxes(next);
    const code = next.join("");
    onChange(code);
    if (next.every((box) => box !== "")) onComplete?.(code);
  };

  /** Puts characters from `index` on, cut to the boxes left; refuses them all if one is not allowed. */
  const fillFrom = (index: number, text: string) => {
    const characters = Array.from(text.trim());
    if (characters.length === 0 || !characters.every((character) => allowed.test(character))) return;
    const accepted = characters.slice(0, length - index);
    const next = [...boxes];
    accepted.forEach((character, offset) => {
      next[index + offset] = character;
    });
    commit(next);
    focusBox(index + accepted.length);
  };

  const handleKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    // Shortcuts (paste, select all, copy) keep working.
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const { key } = event;
    if (key === "Enter") return;
    if (key.length === 1) {
      event.preventDefault();
      if (!allowed.test(key)) return;
      const next = [...boxes];
      next[index] = key;
      commit(next);
      if (index < length - 1) focusBox(index + 1);
      return;
    }
    if (!NAVIGATION_KEYS.has(key)) {
      // Unidentified keys of virtual keyboards arrive through onChange instead.
      if (key !== "Unidentified" && key !== "Process") event.preventDefault();
      return;
    }
    switch (key) {
      case "Backspace": {
        event.preventDefault();
        const next = [...boxes];
        if (next[index]) {
          next[index] = "";
          commit(next);
        } else if (index > 0) {
          next[index - 1] = "";
          commit(next);
          focusBox(index - 1);
        }
        return;
      }
      case "Delete": {
        event.preventDefault();
        const next = [...boxes];
        next[index] = "";
        commit(next);
        return;
      }
      case "ArrowLeft":
        event.preventDefault();
        focusBox(index - 1);
        return;
      case "ArrowRight":
        event.preventDefault();
        focusBox(index + 1);
        return;
      case "Home":
        event.preventDefault();
        focusBox(0);
        return;
      case "End":
        event.preventDefault();
        focusBox(length - 1);
        return;
      default:
        // Tab moves focus the usual way.
        return;
    }
  };

  // Virtual keyboards and one-time-code autofill write into the box directly.
  const handleChange = (index: number) => (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value.replace(boxes[index] ?? "", "");
    if (typed.length > 1) {
      fillFrom(index, typed);
      return;
    }
    if (typed.length === 1 && allowed.test(typed)) {
      const next = [...boxes];
      next[index] = typed;
      commit(next);
      if (index < length - 1) focusBox(index + 1);
    }
  };

  const handlePaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fillFrom(index, event.clipboardData.getData("text"));
  };

  const boxLabelId = type === "number" ? "codeInput.digit" : "codeInput.character";
  return (
    <fieldset className="min-w-0" aria-describedby={describedBy}>
      <legend className="sr-only">{label}</legend>
      {/*
        The boxes share the width they get, up to 40 px each (48 from sm). A percentage width lets a layout around
        them (the sign-in page's grid) shrink below six fixed 40 px boxes: they made a 320 px phone's page 342 px wide.
      */}
      <div dir="ltr" className="flex justify-center gap-1.5 min-[360px]:gap-2 sm:gap-3">
        {boxes.map((box, index) => (
          <input
            // The boxes never reorder: the position is the identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            key={index}
            ref={(element) => {
              inputs.current[index] = element;
            }}
            type="text"
            inputMode={type === "number" ? "numeric" : "text"}
            pattern={type === "number" ? "[0-9]*" : undefined}
            autoComplete="one-time-code"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            // biome-ignore lint/a11y/noAutofocus: the code step exists to type this code; focus saves a tap.
            autoFocus={autoFocus && index === 0}
            disabled={disabled}
            value={box}
            aria-label={t(boxLabelId, { position: String(index + 1), total: String(length) })}
            aria-invalid={isInvalid || undefined}
            onKeyDown={handleKeyDown(index)}
            onChange={handleChange(index)}
            onPaste={handlePaste(index)}
            onFocus={(event) => event.target.select()}
            className="h-12 w-full max-w-10 min-w-0 flex-1 rounded-xl border border-slate-300 bg-white text-center font-mono text-2xl font-semibold text-slate-900 caret-brand-600 focus:border-brand-600 focus:outline-3 focus:outline-brand-600/25 disabled:bg-slate-100 aria-invalid:border-red-600 sm:h-14 sm:max-w-12"
          />
        ))}
      </div>
    </fieldset>
  );
}
