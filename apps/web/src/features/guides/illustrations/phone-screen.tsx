import type { ReactNode } from "react";

// What is drawn on a screen (a phone's, a computer's) is the device's own picture: a QR code or a switch
// reads the same in every language, so these screens sit in a dir="ltr" wrapper (the SVG's text and layout
// inherit it) and never mirror, whatever the page's direction.

/** A phone, 120 × 220; children draw on its screen (x 8–112, y 8–212). */
export function PhoneScreen({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <span dir="ltr" data-screen="phone" className="contents">
      <svg viewBox="0 0 120 220" aria-hidden="true" focusable="false" className={`h-full w-auto shrink-0 ${className}`}>
        <rect x="2" y="2" width="116" height="216" rx="20" className="fill-slate-800" />
        <rect x="8" y="8" width="104" height="204" rx="14" className="fill-white" />
        {children}
        <rect x="46" y="13" width="28" height="7" rx="3.5" className="fill-slate-800" />
      </svg>
    </span>
  );
}

/** A computer screen on its stand, 160 × 124; children draw on the screen (x 10–150, y 10–96). */
export function ComputerScreen({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <span dir="ltr" data-screen="computer" className="contents">
      <svg viewBox="0 0 160 124" aria-hidden="true" focusable="false" className={`h-full w-auto shrink-0 ${className}`}>
        <rect x="2" y="2" width="156" height="102" rx="8" className="fill-slate-700" />
        <rect x="10" y="10" width="140" height="86" rx="3" className="fill-white" />
        <path d="M68 104h24l4 14H64Z" className="fill-slate-400" />
        <rect x="50" y="116" width="60" height="6" rx="3" className="fill-slate-500" />
        {children}
      </svg>
    </span>
  );
}

const MODULES = 21;

function isFinder(row: number, column: number): boolean | null {
  for (const [top, left] of [
    [0, 0],
    [0, 14],
    [14, 0],
  ] as const) {
    const r = row - top;
    const c = column - left;
    if (r >= -1 && r <= 7 && c >= -1 && c <= 7) {
      if (r < 0 || r > 6 || c < 0 || c > 6) return false;
      const ring = Math.min(r, c, 6 - r, 6 - c);
      return ring !== 1;
    }
  }
  return null;
}

/** A QR-looking pattern (finder squares, timing lines, fixed noise): a picture of a code, not a code. */
function buildQrPath(): string {
  let seed = 7;
  let path = "";
  for (let row = 0; row < MODULES; row += 1) {
    for (let column = 0; column < MODULES; column += 1) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const finder = isFinder(row, column);
      const isTiming = row === 6 || column === 6;
      const isDark = finder ?? (isTiming ? (row + column) % 2 === 0 : seed % 7 < 3);
      if (isDark) path += `M${column} ${row}h1v1h-1z`;
    }
  }
  return path;
}

const QR_PATH = buildQrPath();

/** A QR code drawn `size` units wide with its top left corner at (x, y). */
export function QrGlyph({
  x,
  y,
  size,
  className = "fill-slate-900",
}: {
  x: number;
  y: number;
  size: number;
  className?: string;
}) {
  return <path d={QR_PATH} transform={`translate(${x} ${y}) scale(${size / MODULES})`} className={className} />;
}
