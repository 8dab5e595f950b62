import { useEffect, useId, useRef, useState } from "react";
import { useT } from "../../lib/i18n.ts";
import { CloseIcon } from "./icons.tsx";
import { Spinner } from "./spinner.tsx";

export const PIN_PAD_LENGTH = 4;
/** Default maximum attempts 4, error reset 3000 ms. */
export const DEFAULT_MAX_ATTEMPTS = 4;
export const PIN_ERROR_RESET_MS = 3000;

const DIGIT_ROWS = [
  ["1", "2", "3"],
  ["4", "5", "6"],
  ["7", "8", "9"],
] as const;

export interface PinPadProps {
  /** What the pad asks for ("Enter your PIN"). */
  title: string;
  /** Attempts left, from the server; defaults to maxAttempts. */
  attemptsLeft?: number;
  maxAttempts?: number;
  /**
   * A wrong-PIN message: shown, lowers the attempts left by one, and after 3 s
   * the digits and the message clear (then onErrorReset lets the parent forget it).
   */
  error?: string | null;
  onErrorReset?: () => void;
  isLoading?: boolean;
  onConfirm?: (pin: string) => void;
  confirmLabel?: string;
  onSecondary?: () => void;
  /** Defaults to the translated "Oublié". */
  secondaryLabel?: string;
  onClose?: () => void;
}

const KEY_CLASSES =
  "grid h-14 place-items-center rounded-2xl text-2xl font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-brand-600 disabled:cursor-not-allowed";

/**
 * The PIN pad: 4 masked boxes, keys 0–9, delete,
 * an optional secondary button ("Oublié"), an optional confirm button, a close
 * button. The keypad reads left to right in every language, like a phone's.
 */
export function PinPad({
  title,
  attemptsLeft,
  maxAttempts = DEFAULT_MAX_ATTEMPTS,
  error = null,
  onErrorReset,
  isLoading = false,
  onConfirm,
  confirmLabel,
  onSecondary,
  secondaryLabel,
  onClose,
}: PinPadProps) {
  const t = useT();
  const [pin, setPin] = useState("");
  const [shownError, setShownError] = useState<string | null>(null);
  const [attempts, setAttempts] = useState(attemptsLeft ?? maxAttempts);
  const resetRef = useRef(onErrorReset);
  resetRef.current = onErrorReset;

  // A new error: show it, count the attempt, then clear the digits and the message after 3 s.
  useEffect(() => {
    if (!error) return;
    setShownError(error);
    setAttempts((current) => Math.max(0, current - 1));
    const timer = setTimeout(() => {
      setPin("");
      setShownError(null);
      resetRef.current?.();
    }, PIN_ERROR_RESET_MS);
    return () => clearTimeout(timer);
  }, [error]);

  // The server's count wins whenever it changes (declared after the error effect, so it runs last).
  useEffect(() => {
    setAttempts(attemptsLeft ?? maxAttempts);
  }, [attemptsLeft, maxAttempts]);

  const isBlocked = attempts <= 0;
  const areKeysDisabled = isBlocked || isLoading;
  const canConfirm = pin.length === PIN_PAD_LENGTH && !isLoading && !isBlocked;

  const press = (digit: string) => {
    if (areKeysDisabled) return;
    setPin((current) => (current.length < PIN_PAD_LENGTH ? current + digit : current));
  };
  const erase = () => {
    if (areKeysDisabled) return;
    setPin((current) => current.slice(0, -1));
  };
  const confirm = () => {
    if (canConfirm) onConfirm?.(pin);
  };

  // A physical keyboard types as soon as the pad shows: the pad takes the focus when it appears (a screen reader
  // reads its title), and digits, Backspace and Enter are heard on the document while the focus is in the pad or
  // nowhere (a key pressed while loading leaves a disabled button, the focus falls to <body>). Keys meant for
  // another control (a field, a link elsewhere on the page) stay theirs.
  const padRef = useRef<HTMLFieldSetElement>(null);
  const titleId = useId();
  useEffect(() => {
    padRef.current?.focus({ preventScroll: true });
  }, []);
  const keyHandlerRef = useRef<(event: KeyboardEvent) => void>(() => {});
  keyHandlerRef.current = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    const isForThePad = target === document.body || (target instanceof Node && padRef.current?.contains(target));
    if (!isForThePad) return;
    if (/^\d$/.test(event.key)) {
      event.preventDefault();
      press(event.key);
    } else if (event.key === "Backspace") {
      event.preventDefault();
      erase();
    } else if (event.key === "Enter" && canConfirm) {
      event.preventDefault();
      confirm();
    }
  };
  useEffect(() => {
    const listener = (event: KeyboardEvent) => keyHandlerRef.current(event);
    document.addEventListener("keydown", listener);
    return () => document.removeEventListener("keydown", listener);
  }, []);

  const digitKey = (digit: string) => (
    <button
      key={digit}
      type="button"
      onClick={() => press(digit)}
      disabled={areKeysDisabled}
      className={`${KEY_CLASSES} bg-slate-100 text-slate-900 hover:bg-slate-200 disabled:text-slate-400 disabled:hover:bg-slate-100`}
    >
      {digit}
    </button>
  );

  return (
    <fieldset
      ref={padRef}
      aria-labelledby={titleId}
      tabIndex={-1}
      className="relative mx-auto w-full min-w-0 max-w-xs focus:outline-none"
    >
      {onClose ? (
        <button
          type="button"
          onClick={onClose}
          aria-label={t("common.close")}
          className="absolute -end-2 -top-2 grid size-11 place-items-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-brand-600"
        >
          <CloseIcon className="size-5" />
        </button>
      ) : null}
      <p id={titleId} className="px-10 text-center text-lg font-semibold text-slate-900">
        {title}
      </p>

      <div
        dir="ltr"
        role="img"
        aria-label={t("pinPad.entered", { count: pin.length, total: PIN_PAD_LENGTH })}
        className="mt-5 flex justify-center gap-3"
      >
        {Array.from({ length: PIN_PAD_LENGTH }, (_, index) => (
          <span
            // The boxes never reorder: the position is the identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            key={index}
            data-filled={index < pin.length || undefined}
            className={`grid size-12 place-items-center rounded-xl border-2 text-2xl ${
              shownError ? "border-red-600" : index < pin.length ? "border-brand-600" : "border-slate-300"
            }`}
          >
            {index < pin.length ? <span className="size-3 rounded-full bg-slate-900" /> : null}
          </span>
        ))}
      </div>

      <div className="mt-3 min-h-10 text-center text-sm" aria-live="polite">
        {isBlocked ? (
          <p role="alert" className="font-semibold text-red-700">
            {t("pinPad.blocked")}
          </p>
        ) : (
          <>
            {shownError ? (
              <p role="alert" className="font-semibold text-red-700">
                {shownError}
              </p>
            ) : null}
            {attempts < maxAttempts ? (
              <p className="text-slate-700">
                {t("pinPad.attemptsLeft", { count: attempts, countText: String(attempts) })}
              </p>
            ) : null}
          </>
        )}
      </div>

      <div dir="ltr" className="mt-2 grid grid-cols-3 gap-3">
        {DIGIT_ROWS.flat().map(digitKey)}
        {onSecondary ? (
          <button
            type="button"
            onClick={onSecondary}
            className={`${KEY_CLASSES} text-base text-brand-800 hover:bg-brand-50`}
          >
            {secondaryLabel ?? t("pinPad.forgot")}
          </button>
        ) : (
          <span />
        )}
        {digitKey("0")}
        <button
          type="button"
          onClick={erase}
          disabled={areKeysDisabled || pin.length === 0}
          aria-label={t("pinPad.delete")}
          className={`${KEY_CLASSES} text-slate-700 hover:bg-slate-100 disabled:text-slate-300 disabled:hover:bg-transparent`}
        >
          <span aria-hidden="true">⌫</span>
        </button>
      </div>

      {onConfirm ? (
        <button
          type="button"
          onClick={confirm}
          disabled={!canConfirm}
          aria-busy={isLoading || undefined}
          className="mt-5 inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-xl bg-brand-700 px-5 text-base font-semibold text-white hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
        >
          {isLoading ? <Spinner className="size-5" /> : null}
          {confirmLabel ?? t("common.confirm")}
        </button>
      ) : null}
    </fieldset>
  );
}
