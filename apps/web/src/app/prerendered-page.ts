/**
 * The prerendered /login (decision 030) is usable before the app's code runs: a visitor may focus the email
 * field, type, even submit. Until the app draws the same screen, a submit is held here (the form would otherwise
 * reload the page); when the app has drawn, what was typed, the focus and a held submit are carried over.
 *
 * The page's boot script is inlined in the page and the app is a separate bundle, so each has its own copy of this
 * module: what they share is kept on the document element, not in module variables.
 */

const HELD_SUBMIT = "heldSubmit";
const APP_HAS_DRAWN = "appHasDrawn";

function holdSubmit(event: SubmitEvent): void {
  const state = document.documentElement.dataset;
  if (APP_HAS_DRAWN in state) return;
  event.preventDefault();
  state[HELD_SUBMIT] = "";
}

/** From the prerendered page's boot script (sign-in-boot.ts) until the app has taken over. */
export function holdSubmits(): void {
  document.addEventListener("submit", holdSubmit, { capture: true });
}

/** Sets a React-controlled input's value as typing does, so that its onChange runs. */
function typeInto(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, value);
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

/**
 * Reads what the visitor did on the prerendered markup in `container`, before the app replaces it; the returned
 * function, called once the app has drawn, gives it back to the app's screen (the inputs by name).
 */
export function carryOverPrerenderedInput(container: HTMLElement): () => void {
  const typed = [...container.querySelectorAll<HTMLInputElement>("input[name]")]
    .filter((input) => input.value !== "")
    .map((input) => ({ name: input.name, value: input.value }));
  // The focus may be on any control (a Tab that started the app has moved it on): the app's markup is the same, so
  // the element at the same place in it is the same control.
  const elementsIn = () => [...container.querySelectorAll<HTMLElement>("*")];
  const active = document.activeElement;
  const focused =
    active instanceof HTMLElement && container.contains(active)
      ? { index: elementsIn().indexOf(active), tagName: active.tagName }
      : null;
  const inputNamed = (name: string) => container.querySelector<HTMLInputElement>(`input[name="${CSS.escape(name)}"]`);
  return () => {
    const state = document.documentElement.dataset;
    state[APP_HAS_DRAWN] = "";
    for (const { name, value } of typed) {
      const input = inputNamed(name);
      if (input) typeInto(input, value);
    }
    if (focused) {
      const element = elementsIn()[focused.index];
      if (element?.tagName === focused.tagName) element.focus();
    }
    if (HELD_SUBMIT in state) container.querySelector("form")?.requestSubmit();
    delete state[HELD_SUBMIT];
  };
}
