import { type RefObject, useCallback, useEffect, useRef, useState } from "react";

/**
 * After a refused submit, moves the focus to the form's first faulty field (the first `aria-invalid` control, in the
 * order a person reads the form), so a keyboard or screen-reader user lands on it and hears its label and error
 * (aria-describedby) instead of staying on the submit button. Call `focusFirstInvalid()` in the submit handler
 * after setting the errors; the focus moves once they are drawn.
 */
export function useFocusFirstInvalid<Form extends HTMLElement = HTMLFormElement>(): {
  formRef: RefObject<Form | null>;
  focusFirstInvalid: () => void;
} {
  const formRef = useRef<Form | null>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [request]);
  const focusFirstInvalid = useCallback(() => setRequest((count) => count + 1), []);
  return { formRef, focusFirstInvalid };
}
