import type { QrCode } from '@contract/phone-pairing';

/**
 * The QR code of `text` as one SVG path of its dark modules, a row's run of them as one
 * rectangle (`M<x> <y>h<n>v1h-<n>z`): the renderer draws it in an `<svg>` of its own, no markup
 * from here. Error correction M (15 %); qrcode is loaded on first use (a broker nobody pairs a
 * phone with never loads it).
 */
export async function qrCodeOf(text: string): Promise<QrCode> {
  const { create } = await import('qrcode');
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  let path = '';
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!modules.get(y, x)) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && modules.get(y, x)) x++;
      const run = x - start;
      path += `M${start} ${y}h${run}v1h-${run}z`;
    }
  }
  return { size, path };
}
