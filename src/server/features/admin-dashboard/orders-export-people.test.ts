/**
 * The orders CSV writes people as they are (DESIGN departure 20): a phone number keeps its
 * characters with no apostrophe, and is written as text where a spreadsheet would run it; a first
 * name alone has no "-" for a last name.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createOrder } from '../../../../tests/factories/orders.ts';
import { createStaffUser, signIn } from '../../../../tests/factories/staff.ts';
import { phoneCell } from '../../lib/csv-cells.ts';

const t = useTestApp({ seed: 'demo', clockStart: '2026-10-25T10:00:00Z' });
let admin: string;

// The phone as typed -> the CSV cell as written (before the CSV's own quoting).
const PHONES: [string, string][] = [
  ['+372 5123 9876', '="+372 5123 9876"'],
  ['5123 9876', '5123 9876'],
  ['0501 234', '0501 234'],
  ['=1+1', '="=1+1"'],
  ['-5', '="-5"'],
  ['@x', '="@x"'],
  ['+1 "x"', '="+1 ""x"""'],
  ['', ''],
];

describe('phone cells', () => {
  it.each(PHONES)('%j -> %j', (typed, cell) => {
    expect(phoneCell(typed)).toBe(cell);
  });
});

describe('the orders CSV', () => {
  beforeAll(async () => {
    admin = await signIn(t.db, await createStaffUser(t.db, { role: 'admin' }));
  });

  it('writes each phone as its cell and a first name alone without "-"', async () => {
    for (const [index, [phone]] of PHONES.entries()) {
      await createOrder(t.db, {
        createdAt: new Date(`2026-10-25T08:${String(10 + index).padStart(2, '0')}:00Z`),
        customerFirstName: index === 0 ? 'Tom' : 'Mari',
        customerLastName: index === 0 ? '-' : 'Maasikas',
        customerPhone: phone,
      });
    }
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/export/orders.csv?from=2026-10-25&to=2026-10-25',
      headers: { cookie: admin },
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.body.trim().split('\r\n').slice(1);
    expect(rows).toHaveLength(PHONES.length);
    // The CSV's own quoting (RFC 4180): a cell with a quote is quoted, its quotes doubled.
    const csvCells = [
      '"=""+372 5123 9876"""',
      '5123 9876',
      '0501 234',
      '"=""=1+1"""',
      '"=""-5"""',
      '"=""@x"""',
      '"=""+1 """"x"""""""',
      '',
    ];
    rows.forEach((row, index) => {
      expect(row).toContain(`,mari@example.com,${csvCells[index]},`);
      expect(row).not.toContain("'");
    });
    expect(rows[0]).toContain(',Tom,,mari@example.com,');
    expect(rows[1]).toContain(',Mari,Maasikas,mari@example.com,');
  });

  it('the kitchen display shows a first name alone as "Tom"', async () => {
    const kitchen = await t.app.inject({
      method: 'GET',
      url: '/api/kitchen/orders',
      headers: { cookie: admin },
    });
    const names = kitchen.json<{ customerName: string }[]>().map((order) => order.customerName);
    expect(names).toContain('Tom');
    expect(names.some((name) => name.includes('-'))).toBe(false);
  });
});
