import { PhoneScreen } from "./phone-screen.tsx";

/** A finger's tap on the install button of the phone's screen. The screen never mirrors. */
export function OneTapIllustration({ label, className = "h-36" }: { label?: string; className?: string }) {
  return (
    <div
      {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}
      className={`flex justify-center ${className}`}
    >
      <PhoneScreen>
        <rect x="18" y="34" width="52" height="6" rx="3" className="fill-slate-300" />
        <rect x="18" y="52" width="84" height="58" rx="8" className="fill-slate-100" />
        <rect x="28" y="64" width="22" height="30" rx="4" className="fill-brand-100" />
        <path d="M28 68a4 4 0 0 1 4-4h12l6 6v20a4 4 0 0 1-4 4H32a4 4 0 0 1-4-4Z" className="fill-brand-600" />
        <rect x="58" y="68" width="34" height="5" rx="2.5" className="fill-slate-300" />
        <rect x="58" y="80" width="24" height="5" rx="2.5" className="fill-slate-300" />
        <rect x="18" y="140" width="84" height="24" rx="12" className="fill-brand-700" />
        <rect x="42" y="150" width="36" height="4" rx="2" className="fill-white" />
        <circle cx="74" cy="152" r="20" fill="none" strokeWidth="3" className="stroke-brand-300" />
        <circle cx="74" cy="152" r="9" className="fill-amber-300/90" />
      </PhoneScreen>
    </div>
  );
}
