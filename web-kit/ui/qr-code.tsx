import { useMemo } from 'react';
import { encode } from 'uqr';

const QUIET_ZONE = 4;

function modulesOf(value: string): boolean[][] {
  return encode(value, { ecc: 'M', border: 0 }).data;
}

/** A QR code drawn as one SVG path on white, with the quiet zone scanners need. */
export function QrCode({ value, label, size = 200 }: { value: string; label: string; size?: number }) {
  const { path, modules } = useMemo(() => {
    const data = modulesOf(value);
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

/** The same code as a PNG (for "save image"), `scale` pixels per module. */
export function qrPngDataUrl(value: string, scale = 10): string {
  const data = modulesOf(value);
  const modules = data.length + QUIET_ZONE * 2;
  const canvas = document.createElement('canvas');
  canvas.width = modules * scale;
  canvas.height = modules * scale;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#000';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) context.fillRect((x + QUIET_ZONE) * scale, (y + QUIET_ZONE) * scale, scale, scale);
    }),
  );
  return canvas.toDataURL('image/png');
}
