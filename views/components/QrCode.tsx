/** A QR code drawn as one SVG path of its dark modules, on a white square that includes the quiet zone. */
export function QrCode({ size, path }: { size: number; path: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      className="qr-code"
      viewBox={`0 0 ${size} ${size}`}
      width={size * 5}
      height={size * 5}
      role="img"
      aria-label="QR code to scan with your authenticator app"
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
