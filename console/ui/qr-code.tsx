import { useMemo } from 'react';
import { encode } from 'uqr';

const QUIET_ZONE = 4;

/** A QR code drawn as one SVG path on white, with the quiet zone scanners need (no inline style). */
export function QrCode({ value, label, size = 200 }: { value: string; label: string; size?: number }) {
  const { path, modules } = useMemo(() => {
    const data = encode(value, { ecc: 'M', border: 0 }).data;
    let d = '';
    data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x + QUIET_ZONE},${y + QUIET_ZONE}h1v1h-1z`;
      }),
    );
    return { path: d, modules: data.length + QUIET_ZONE * 2 };
  }, [value]);
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${modules} ${modules}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
