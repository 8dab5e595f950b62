import { Brand } from "@esim/ui/layout";

const BAR = "rounded-lg bg-slate-200 motion-safe:animate-pulse";

/**
 * What a signed-in page looks like before the app's code has arrived: the header bar with the brand, grey blocks
 * where the page's title and cards will be, the phone's tab bar. The server sends it inside `#root` of every app
 * page (build-tools/prerender-sign-in.ts writes `prerendered/app-{fr,en,ar}.html`), so a slow network paints it
 * in the first second; React's first commit replaces it. Busy for assistive technology; no words but the name.
 */
export function AppShellPlaceholder() {
  return (
    <div className="flex min-h-dvh flex-col" aria-busy="true">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 pt-header-inset">
        <div className="mx-auto flex h-16 max-w-5xl items-center px-4">
          <Brand href="/home" />
        </div>
      </header>
      {/* The page's place: the last eSIM list this device showed may take it before the code arrives (decision 092). */}
      <div aria-hidden="true" data-app-shell-content="" className="mx-auto w-full max-w-5xl flex-1 space-y-4 px-4 py-6">
        <div className={`h-8 w-1/2 ${BAR}`} />
        <div className={`h-24 ${BAR}`} />
        <div className={`h-24 ${BAR}`} />
        <div className={`h-24 ${BAR}`} />
      </div>
      <div
        aria-hidden="true"
        className="fixed inset-x-0 bottom-0 z-30 min-h-14 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] md:hidden"
      />
    </div>
  );
}
