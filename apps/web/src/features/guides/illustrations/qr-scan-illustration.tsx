import { ComputerScreen, PhoneScreen, QrGlyph } from "./phone-screen.tsx";
import { FlowArrow } from "./step-arrow.tsx";

/**
 * A computer shows the QR code, an arrow leads to the phone scanning it. The row and the arrow follow the
 * reading direction; the two screens never mirror.
 */
export function QrScanIllustration({ label, className = "h-32" }: { label?: string; className?: string }) {
  return (
    <div
      {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}
      className={`flex items-center justify-center gap-2 ${className}`}
    >
      <ComputerScreen className="max-h-[85%]">
        <QrGlyph x={55} y={28} size={50} />
        <rect x="18" y="17" width="36" height="4" rx="2" className="fill-slate-300" />
      </ComputerScreen>
      <FlowArrow className="w-10 shrink-0 text-brand-600" />
      <PhoneScreen>
        <rect x="8" y="8" width="104" height="204" rx="14" className="fill-slate-700" />
        <QrGlyph x={35} y={85} size={50} className="fill-white/90" />
        <path
          d="M26 86v-12h12M82 74h12v12M94 134v12H82M38 146H26v-12"
          fill="none"
          strokeWidth="4"
          strokeLinecap="round"
          className="stroke-brand-300"
        />
        <circle cx="60" cy="188" r="11" className="fill-white" />
      </PhoneScreen>
    </div>
  );
}
