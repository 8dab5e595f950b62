import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AppProviders } from "./app/providers.tsx";
import { registerServiceWorker } from "./app/register-service-worker.ts";
import { startApp } from "./app/start-app.ts";
import "./index.css";

async function main() {
  const container = document.getElementById("root");
  if (!container) throw new Error("index.html lost its #root element");
  const { queryClient, router } = await startApp();
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  registerServiceWorker();
}

void main();
