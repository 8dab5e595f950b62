import { Outlet, ScrollRestoration } from "react-router";

/** Back restores the scroll position; any other navigation starts at the top (ScrollRestoration). */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
