import { generate } from 'lean-qr';
import { toSvgDataURL } from 'lean-qr/extras/svg';
import { useMemo } from 'react';

/** `text` as a QR code an authenticator app scans, drawn as an SVG image (in the console's chunk only). */
export function QrCode({ text, label }: { text: string; label: string }) {
  const src = useMemo(() => toSvgDataURL(generate(text), { on: 'black', off: 'white', pad: 4 }), [text]);
  return <img src={src} alt={label} width={208} height={208} style={{ imageRendering: 'pixelated' }} />;
}
