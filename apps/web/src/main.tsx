import { StrictMode } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AppProviders } from "./app/providers.tsx";
import { startApp } from "./app/start-app.ts";
import "./index.css";

function whenRouterReady(router: Awaited<ReturnType<typeof startApp>>["router"]): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

async function main() {
  const container = document.getElementById("root");
  if (!container) throw new Error("index.html lost its #root element");
  // What the server painted in #root (the prerendered sign-in, the app's placeholder) is handed over by a module
  // fetched alongside the app's start, not with the entry script (its budget: decision 100). It also marks the app
  // as drawn, which the prerendered page's held submits and the journeys wait for, so it loads on every start.
  const prerenderedPage = import("./app/prerendered-page.ts");
  const { queryClient, router } = await startApp();
  // /login arrives prerendered (decision 030): React's first commit replaces that markup, so it waits until the
  // router has the first screen's code and draws the same screen at once, with no blank frame in between.
  await whenRouterReady(router);
  const giveBackInput = (await prerenderedPage).carryOverPrerenderedInput(container);
  const root = createRoot(container);
  // Drawn synchronously, so that what the visitor typed on the prerendered page goes straight into the app's screen.
  flushSync(() =>
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
  giveBackInput();
  // It registers after the page's load anyway: its code need not be in the entry script.
  import("./app/register-service-worker.ts").then(
    ({ registerServiceWorker }) => registerServiceWorker(),
    (error: unknown) => console.error("The offline worker could not load", error),
  );
}

void main();
