/**
 * Times are on a 24-hour clock everywhere (screens, receipts, e-mails): "16:05", never "4:05 PM",
 * whatever the browser's language. Every date-time format in src that shows an hour says
 * hourCycle 'h23', and nothing formats a time in the browser's own way.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatCustomerClock, formatCustomerDateTime } from '#client/lib/customer-date-time.ts';
import { clockTime, dateTime } from '#client/features/cash-up/components/money.ts';
import { formatReceiptTime } from '#client/features/receipts/receipt-model.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const files = sourceFiles(path.resolve(import.meta.dirname, '../src')).map((file) => ({
  file: path.relative(process.cwd(), file),
  text: readFileSync(file, 'utf8'),
}));

describe('a 24-hour clock everywhere', () => {
  it('every format that shows an hour says hourCycle h23', () => {
    const missing: string[] = [];
    for (const { file, text } of files) {
      for (const match of text.matchAll(/\b(hour|timeStyle): '/g)) {
        // The options object around the match: from the nearest "{" before to the "}" after.
        const start = text.lastIndexOf('{', match.index);
        const end = text.indexOf('}', match.index);
        const options = text.slice(start, end);
        if (!/hourCycle: 'h23'|\.\.\.options\(/.test(options)) {
          missing.push(`${file}:${text.slice(0, match.index).split('\n').length}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("nothing formats a time in the browser's own way", () => {
    const found = files
      .filter(({ text }) => /toLocale(Time)?String\(|DateTimeFormat\(undefined/.test(text))
      .map(({ file }) => file);
    expect(found).toEqual([]);
  });

  // 13:05 UTC is 16:05 in Tallinn in June.
  const at = '2026-06-12T13:05:00.000Z';
  it.each([
    ['customer clock', () => formatCustomerClock(at, 'Europe/Tallinn'), '16:05'],
    [
      'customer date and time',
      () => formatCustomerDateTime(at, 'Europe/Tallinn'),
      '12 Jun 2026, 16:05',
    ],
    ['cash-up clock', () => clockTime(at, 'Europe/Tallinn'), '16:05'],
    ['cash-up date and time', () => dateTime(at, 'Europe/Tallinn'), '12 Jun 2026, 16:05'],
  ])('%s', (_, format, expected) => {
    expect(format()).toBe(expected);
  });

  it('the receipt', () => {
    expect(formatReceiptTime(at, 'Europe/Tallinn')).toMatch(/16:05/);
  });
});
