import * as QRCode from 'qrcode';

/** QR options shared with the test that checks what the code encodes. */
export const QR_OPTIONS = { type: 'svg', margin: 1, errorCorrectionLevel: 'M' } as const;

/** A QR code of `url` as an SVG data URL, made in the page: no request leaves it. */
export async function qrCodeDataUrl(url: string): Promise<string> {
  const svg = await QRCode.toString(url, QR_OPTIONS);
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
