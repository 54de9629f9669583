/**
 * QR codes drawn in the browser. Spec back-office §2 has a public QR service draw them; that
 * service would see the shop's address and the page would need the internet, so nothing leaves
 * the page. `qrcode` makes the module matrix; we paint it ourselves so that every module is a
 * whole number of pixels, which keeps printed codes sharp and easy for old phone cameras.
 */
import { create } from 'qrcode';

/** Level M (15 % of the code may be lost): survives a scuff or a splash on a table card. */
const ERROR_CORRECTION = 'M';
/** White border, in modules, that the standard asks for around a code. */
const QUIET_ZONE = 4;

function modulesOf(text: string) {
  return create(text, { errorCorrectionLevel: ERROR_CORRECTION }).modules;
}

/** A PNG data: URL of `text` as a QR code, exactly `pixels` x `pixels`. */
export function qrPngDataUrl(text: string, pixels: number): string {
  const modules = modulesOf(text);
  const moduleSize = Math.floor(pixels / (modules.size + 2 * QUIET_ZONE));
  if (moduleSize < 1) throw new Error(`The address is too long for a ${pixels}px QR code.`);
  // Whatever does not divide evenly goes into the white border, split on both sides.
  const offset = Math.floor((pixels - moduleSize * modules.size) / 2);

  const canvas = document.createElement('canvas');
  canvas.width = pixels;
  canvas.height = pixels;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw images.');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, pixels, pixels);
  context.fillStyle = '#000000';
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) {
        context.fillRect(
          offset + column * moduleSize,
          offset + row * moduleSize,
          moduleSize,
          moduleSize,
        );
      }
    }
  }
  return canvas.toDataURL('image/png');
}

/** `text` as a QR code in SVG: one path, any size, for a print shop or a sign maker. */
export function qrSvg(text: string): string {
  const modules = modulesOf(text);
  const total = modules.size + 2 * QUIET_ZONE;
  let path = '';
  for (let row = 0; row < modules.size; row++) {
    let column = 0;
    while (column < modules.size) {
      if (!modules.get(row, column)) {
        column++;
        continue;
      }
      // One rectangle per run of dark modules in a row keeps the file small.
      const start = column;
      while (column < modules.size && modules.get(row, column)) column++;
      path += `M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${column - start}v1h-${column - start}z`;
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${total * 10}" height="${total * 10}" ` +
    `viewBox="0 0 ${total} ${total}" shape-rendering="crispEdges">` +
    `<rect width="${total}" height="${total}" fill="#ffffff"/>` +
    `<path fill="#000000" d="${path}"/></svg>`
  );
}

export const svgDataUrl = (svg: string) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** Saves a data: URL as a file, the way a link with `download` does. */
export function downloadDataUrl(dataUrl: string, fileName: string) {
  const link = document.createElement('a');
  link.href = dataUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}
