/**
 * A small ESC/POS reader for the printing tests (decision 028): turns the bytes a printer got
 * into the lines of text it would print, following the code page switches (ESC t, numbered
 * as Epson's manual numbers them) and skipping the formatting commands. A command it does not
 * know is an error, so a test cannot pass on bytes it did not read.
 */
import CodepageEncoder from '@point-of-sale/codepage-encoder';

/** ESC t n: Epson's numbers of the character tables (ESC/POS manual, "ESC t"). */
const EPSON_TABLES: Record<number, string> = {
  0: 'cp437',
  2: 'cp850',
  11: 'cp851',
  13: 'cp857',
  14: 'cp737',
  15: 'iso8859-7',
  16: 'windows1252',
  17: 'cp866',
  18: 'cp852',
  19: 'cp858',
  33: 'cp775',
  40: 'iso8859-15',
  45: 'windows1250',
  47: 'windows1253',
  51: 'windows1257',
};

export interface ReadTicket {
  /** The printed lines, trailing blanks removed; empty lines kept. */
  lines: string[];
  /** Paper cuts (GS V). */
  cuts: number;
  /** The largest character size used (GS !), as width x height. */
  largest: string;
}

const tables = new Map<string, (number | undefined)[]>();
/** The code point of each byte of a table (bytes 128-255 here). */
function tableOf(name: string) {
  let table = tables.get(name);
  if (!table) {
    table = CodepageEncoder.getCodepoints(name as never, true) as (number | undefined)[];
    tables.set(name, table);
  }
  return table;
}

export function readEscPos(bytes: Uint8Array): ReadTicket {
  const lines: string[] = [];
  let current = '';
  let table = 'cp437';
  let cuts = 0;
  let largest = { w: 1, h: 1 };
  let i = 0;
  const need = (count: number) => {
    if (i + count > bytes.length) throw new Error(`ESC/POS: command cut short at byte ${i}`);
  };
  while (i < bytes.length) {
    const byte = bytes[i]!;
    if (byte === 0x1b) {
      need(2);
      const command = bytes[i + 1]!;
      switch (command) {
        case 0x40: // ESC @ initialise
          table = 'cp437';
          i += 2;
          break;
        case 0x74: {
          // ESC t n: character table
          need(3);
          const n = bytes[i + 2]!;
          const name = EPSON_TABLES[n];
          if (!name) throw new Error(`ESC/POS: unknown character table ${n}`);
          table = name;
          i += 3;
          break;
        }
        case 0x21: // ESC ! n print mode
        case 0x2d: // ESC - n underline
        case 0x45: // ESC E n bold
        case 0x4d: // ESC M n font
        case 0x61: // ESC a n align
        case 0x33: // ESC 3 n line spacing
        case 0x64: // ESC d n feed lines
        case 0x4a: // ESC J n feed
        case 0x47: // ESC G n double strike
        case 0x52: // ESC R n international set
          need(3);
          i += 3;
          break;
        case 0x32: // ESC 2 default spacing
          i += 2;
          break;
        default:
          throw new Error(`ESC/POS: unknown command ESC 0x${command.toString(16)} at byte ${i}`);
      }
      continue;
    }
    if (byte === 0x1d) {
      need(2);
      const command = bytes[i + 1]!;
      switch (command) {
        case 0x21: {
          // GS ! n character size
          need(3);
          const n = bytes[i + 2]!;
          const w = (n >> 4) + 1;
          const h = (n & 0x0f) + 1;
          if (w * h > largest.w * largest.h) largest = { w, h };
          i += 3;
          break;
        }
        case 0x42: // GS B n reverse
          need(3);
          i += 3;
          break;
        case 0x56: {
          // GS V m [n] cut
          need(3);
          const m = bytes[i + 2]!;
          cuts += 1;
          i += m >= 65 ? 4 : 3;
          break;
        }
        default:
          throw new Error(`ESC/POS: unknown command GS 0x${command.toString(16)} at byte ${i}`);
      }
      continue;
    }
    if (byte === 0x1c) {
      // FS . (cancel Kanji mode) only.
      need(2);
      if (bytes[i + 1] !== 0x2e) throw new Error(`ESC/POS: unknown command FS at byte ${i}`);
      i += 2;
      continue;
    }
    if (byte === 0x0a) {
      lines.push(current.trimEnd());
      current = '';
      i += 1;
      continue;
    }
    if (byte === 0x0d) {
      i += 1;
      continue;
    }
    if (byte < 0x20)
      throw new Error(`ESC/POS: unknown control byte 0x${byte.toString(16)} at ${i}`);
    const codePoint = byte < 0x80 ? byte : tableOf(table)[byte];
    current += codePoint === undefined ? '?' : String.fromCodePoint(codePoint);
    i += 1;
  }
  if (current) lines.push(current.trimEnd());
  return { lines, cuts, largest: `${largest.w}x${largest.h}` };
}
