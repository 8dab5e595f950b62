import { StrictMode } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { carryOverPrerenderedInput } from "./app/prerendered-page.ts";
import { AppProviders } from "./app/providers.tsx";
import { registerServiceWorker } from "./app/register-service-worker.ts";
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
  const { queryClient, router } = await startApp();
  // /login arrives prerendered (decision 030): React's first commit replaces that markup, so it waits until the
  // router has the first screen's code and draws the same screen at once, with no blank frame in between.
  await whenRouterReady(router);
  const giveBackInput = carryOverPrerenderedInput(container);
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
  registerServiceWorker();
}

void main();
