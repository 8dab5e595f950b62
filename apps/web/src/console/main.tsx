import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { ConsoleProviders } from "./app/console-providers.tsx";
import { startConsole } from "./app/start-console.ts";
import "./console.css";

// The operator console's entry (decision 072): console.html, built by vite.console.config.ts into dist-console/,
// served by the API under /admin. No service worker, nothing of the traveller's start-up.
async function main() {
  const container = document.getElementById("root");
  if (!container) throw new Error("console.html lost its #root element");
  const { queryClient, router } = await startConsole();
  createRoot(container).render(
    <StrictMode>
      <ConsoleProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </ConsoleProviders>
    </StrictMode>,
  );
}

void main();
