import { PhoneScreen, QrGlyph } from "./phone-screen.tsx";

const TILES = [0, 1, 2, 3, 4, 5, 6, 7, 8] as const;
const QR_TILE = 4;

/** A phone's photo picker with the saved QR image selected. The screen never mirrors. */
export function SavedImageIllustration({ label, className = "h-36" }: { label?: string; className?: string }) {
  return (
    <div
      {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}
      className={`flex justify-center ${className}`}
    >
      <PhoneScreen>
        <rect x="18" y="32" width="44" height="6" rx="3" className="fill-slate-300" />
        {TILES.map((tile) => {
          const x = 16 + (tile % 3) * 30;
          const y = 52 + Math.floor(tile / 3) * 30;
          return tile === QR_TILE ? (
            <g key={tile}>
              <rect x={x - 3} y={y - 3} width="32" height="32" rx="5" className="fill-brand-600" />
              <rect x={x} y={y} width="26" height="26" rx="3" className="fill-white" />
              <QrGlyph x={x + 3} y={y + 3} size={20} />
            </g>
          ) : (
            <rect key={tile} x={x} y={y} width="26" height="26" rx="3" className="fill-slate-200" />
          );
        })}
        <rect x="24" y="160" width="72" height="22" rx="11" className="fill-brand-700" />
        <rect x="40" y="169" width="40" height="4" rx="2" className="fill-white" />
      </PhoneScreen>
    </div>
  );
}
