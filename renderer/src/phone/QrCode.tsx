import type { QrCode as QrCodeData } from '@contract/phone-pairing';

/** The quiet zone around a QR code, in modules (the standard asks for 4). */
const QUIET = 4;

/**
 * A QR code drawn from its dark modules' path (made by the broker): dark on white in both
 * themes, since phone cameras read that best, with the standard quiet zone.
 */
export function QrCode({ code, label }: { code: QrCodeData; label: string }) {
  const side = code.size + 2 * QUIET;
  return (
    <svg
      className="qr-code"
      viewBox={`${-QUIET} ${-QUIET} ${side} ${side}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect x={-QUIET} y={-QUIET} width={side} height={side} fill="#fff" />
      <path d={code.path} fill="#000" />
    </svg>
  );
}
