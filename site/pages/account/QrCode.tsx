/** A QR code drawn as one SVG path from uqr's module matrix, with its meaning as the name. */
import { encode } from 'uqr';

/** The QR code of `value`, `size` CSS pixels square, named `label` for screen readers. */
export function QrCode({
  value,
  label,
  size = 192,
}: {
  value: string;
  label: string;
  size?: number;
}) {
  // Medium error correction: the URI stays readable from a slightly blurred phone camera.
  const { data, size: modules } = encode(value, { ecc: 'M', border: 2 });
  let path = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
    >
      {/* Dark on light whatever the theme: scanners expect it. */}
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
