import { afterEach, describe, expect, it, vi } from "vitest";
import { carryOverPrerenderedInput, holdSubmits } from "./prerendered-page.ts";

const form = '<form><input name="email" /><button type="submit">Go</button></form>';

describe("taking over the prerendered page", () => {
  afterEach(() => {
    document.body.innerHTML = "";
    for (const key of Object.keys(document.documentElement.dataset)) delete document.documentElement.dataset[key];
  });

  it("holds a submit until the app has drawn, then gives it the typed value, the focus and the submit", () => {
    const container = document.createElement("div");
    container.innerHTML = form;
    document.body.append(container);
    holdSubmits();
    const painted = container.querySelector("input") as HTMLInputElement;
    painted.value = "amina@example.com";
    painted.focus();
    const submitted = new SubmitEvent("submit", { bubbles: true, cancelable: true });
    container.querySelector("form")?.dispatchEvent(submitted);
    expect(submitted.defaultPrevented).toBe(true);

    const giveBack = carryOverPrerenderedInput(container);
    // The app's render replaces the markup with its own, identical, elements.
    container.innerHTML = form;
    const typed = vi.fn();
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    container.addEventListener("input", (event) => typed((event.target as HTMLInputElement).value));
    container.querySelector("form")?.addEventListener("submit", onSubmit);
    giveBack();

    expect(typed).toHaveBeenCalledWith("amina@example.com");
    expect(document.activeElement).toBe(container.querySelector("input"));
    expect(onSubmit).toHaveBeenCalledOnce();

    // Afterwards the app's own submits are not held any more.
    const otherForm = document.createElement("form");
    document.body.append(otherForm);
    const later = new SubmitEvent("submit", { bubbles: true, cancelable: true });
    otherForm.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
  });

  it("works when the boot script and the app each carry their own copy of this module (the boot is inlined)", async () => {
    vi.resetModules();
    const boot = await import("./prerendered-page.ts");
    vi.resetModules();
    const app = await import("./prerendered-page.ts");
    const container = document.createElement("div");
    container.innerHTML = form;
    document.body.append(container);
    boot.holdSubmits();
    const submitted = new SubmitEvent("submit", { bubbles: true, cancelable: true });
    container.querySelector("form")?.dispatchEvent(submitted);
    expect(submitted.defaultPrevented).toBe(true);

    const giveBack = app.carryOverPrerenderedInput(container);
    container.innerHTML = form;
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    container.querySelector("form")?.addEventListener("submit", onSubmit);
    giveBack();
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it("gives the focus back to the control it was on, not only to a field (a Tab that started the app moved it)", () => {
    const container = document.createElement("div");
    container.innerHTML = form;
    document.body.append(container);
    (container.querySelector("button") as HTMLButtonElement).focus();
    const giveBack = carryOverPrerenderedInput(container);
    container.innerHTML = form;
    expect(document.activeElement).toBe(document.body);
    giveBack();
    expect(document.activeElement).toBe(container.querySelector("button"));
  });

  it("changes nothing on a page that was not prerendered", () => {
    const container = document.createElement("div");
    document.body.append(container);
    const giveBack = carryOverPrerenderedInput(container);
    container.innerHTML = form;
    const onSubmit = vi.fn();
    container.querySelector("form")?.addEventListener("submit", onSubmit);
    giveBack();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(container.querySelector("input")?.value).toBe("");
  });
});
