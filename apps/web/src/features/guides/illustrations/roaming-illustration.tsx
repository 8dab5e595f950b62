import { PhoneScreen } from "./phone-screen.tsx";

function SimRow({ y, name, isOn }: { y: number; name: string; isOn: boolean }) {
  return (
    <g>
      <rect x="14" y={y} width="92" height="40" rx="8" className={isOn ? "fill-brand-50" : "fill-slate-100"} />
      <path
        d={`M22 ${y + 10}h9l5 5v15a2 2 0 0 1-2 2H24a2 2 0 0 1-2-2Z`}
        className={isOn ? "fill-brand-700" : "fill-slate-500"}
      />
      <text x="41" y={y + 24} fontSize="10" fontWeight="700" className="fill-slate-800">
        {name}
      </text>
      <rect x="74" y={y + 13} width="26" height="14" rx="7" className={isOn ? "fill-brand-600" : "fill-slate-300"} />
      <circle cx={isOn ? 93 : 81} cy={y + 20} r="5" className="fill-white" />
    </g>
  );
}

/**
 * The roaming switches as the phone shows them: on for the eSIM line, off for the Algerian SIM. A switch is
 * drawn the way the phone draws it, so this screen never mirrors.
 */
export function RoamingIllustration({ label, className = "h-40" }: { label?: string; className?: string }) {
  return (
    <div
      {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}
      className={`flex justify-center ${className}`}
    >
      <PhoneScreen>
        <circle cx="28" cy="48" r="12" fill="none" strokeWidth="2.5" className="stroke-brand-700" />
        <path
          d="M16 48h24M28 36a18 18 0 0 1 0 24M28 36a18 18 0 0 0 0 24"
          fill="none"
          strokeWidth="2"
          className="stroke-brand-700"
        />
        <rect x="48" y="42" width="50" height="6" rx="3" className="fill-slate-300" />
        <rect x="48" y="52" width="34" height="5" rx="2.5" className="fill-slate-200" />
        <SimRow y={76} name="eSIM" isOn />
        <SimRow y={124} name="DZ" isOn={false} />
        <rect x="14" y="180" width="92" height="5" rx="2.5" className="fill-slate-200" />
      </PhoneScreen>
    </div>
  );
}
