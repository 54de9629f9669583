import { describe, expect, it, vi } from 'vitest';
import { fitWithin, jpegFileName, prepareImage } from './image-shrink.ts';

const MB = 1024 * 1024;
const fileOf = (bytes: number, type: string, name = 'photo.png') =>
  new File([new Uint8Array(bytes)], name, { type });

describe('fitWithin', () => {
  it('keeps an image that is narrow enough as it is', () => {
    expect(fitWithin(2560, 4000)).toEqual({ width: 2560, height: 4000 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('scales a wide one down to 2560 px, keeping its proportions', () => {
    expect(fitWithin(5120, 3840)).toEqual({ width: 2560, height: 1920 });
    expect(fitWithin(4032, 3024)).toEqual({ width: 2560, height: 1920 });
  });

  it('never makes a height of 0', () => {
    expect(fitWithin(100_000, 1)).toEqual({ width: 2560, height: 1 });
  });
});

describe('jpegFileName', () => {
  it('swaps the extension for .jpg', () => {
    expect(jpegFileName('IMG_0001.HEIC')).toBe('IMG_0001.jpg');
    expect(jpegFileName('burger.final.png')).toBe('burger.final.jpg');
    expect(jpegFileName('noext')).toBe('noext.jpg');
  });
});

describe('prepareImage', () => {
  it('refuses a file that is not an image, without shrinking', async () => {
    const shrink = vi.fn();
    expect(await prepareImage(fileOf(10, 'application/pdf', 'menu.pdf'), shrink)).toEqual({
      ok: false,
      reason: 'type',
    });
    expect(shrink).not.toHaveBeenCalled();
  });

  it('uploads an image of at most 5 MB as it is', async () => {
    const file = fileOf(5 * MB, 'image/png');
    const shrink = vi.fn();
    expect(await prepareImage(file, shrink)).toEqual({ ok: true, file, fileName: 'photo.png' });
    expect(shrink).not.toHaveBeenCalled();
  });

  it('shrinks a bigger one and uploads the JPEG when it then fits', async () => {
    const smaller = new Blob([new Uint8Array(2 * MB)], { type: 'image/jpeg' });
    const shrink = vi.fn().mockResolvedValue(smaller);
    const result = await prepareImage(fileOf(12 * MB, 'image/png', 'big.png'), shrink);
    expect(result).toEqual({ ok: true, file: smaller, fileName: 'big.jpg' });
    expect(shrink).toHaveBeenCalledOnce();
  });

  it('refuses it as too large when the shrunk copy still does not fit', async () => {
    const shrink = vi.fn().mockResolvedValue(new Blob([new Uint8Array(5 * MB + 1)]));
    expect(await prepareImage(fileOf(30 * MB, 'image/png'), shrink)).toEqual({
      ok: false,
      reason: 'size',
    });
  });

  it('refuses it as too large when the browser cannot draw it', async () => {
    const shrink = vi.fn().mockRejectedValue(new Error('cannot decode'));
    expect(await prepareImage(fileOf(6 * MB, 'image/heic'), shrink)).toEqual({
      ok: false,
      reason: 'size',
    });
  });
});
