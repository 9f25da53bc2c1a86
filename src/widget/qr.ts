import QRCode from 'qrcode';

/**
 * The QR code of a payment URI as an SVG data URL. Drawn on the server: the page script stays small (the encoder
 * would double it), the image needs no other origin, and CSP allows it as `img-src data:`.
 */
export async function qrDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
