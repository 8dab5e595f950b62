import { type RefObject, useCallback, useEffect, useRef, useState } from "react";

/** Marks the error summary of a form (set by `Alert`'s `isErrorSummary`). */
export const ERROR_SUMMARY_ATTRIBUTE = "data-error-summary";
const ERROR_SUMMARY = `[${ERROR_SUMMARY_ATTRIBUTE}]`;

/**
 * After a refused submit, moves the focus to the form's first faulty field (the first `aria-invalid` control, in the
 * order a person reads the form), so a keyboard or screen-reader user lands on it and hears its label and error
 * (aria-describedby) instead of staying on the submit button. A refusal that names no field is read from the form's
 * error summary (`<Alert isErrorSummary>`), which takes the focus instead. Call `focusFirstInvalid()` in the submit
 * handler after setting the errors, or once a server's refusal is drawn; the focus moves once they are drawn.
 */
export function useFocusFirstInvalid<Form extends HTMLElement = HTMLFormElement>(): {
  formRef: RefObject<Form | null>;
  focusFirstInvalid: () => void;
} {
  const formRef = useRef<Form | null>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request === 0) return;
    const form = formRef.current;
    const target =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form?.querySelector<HTMLElement>(ERROR_SUMMARY);
    target?.focus();
  }, [request]);
  const focusFirstInvalid = useCallback(() => setRequest((count) => count + 1), []);
  return { formRef, focusFirstInvalid };
}
