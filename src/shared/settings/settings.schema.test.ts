import { describe, expect, it } from 'vitest';
import { effectivePublicUrl, settingValueProblem, type SettingKey } from './settings.schema.ts';

const URL_MESSAGE = 'Please enter a web address starting with https:// (or http://).';

describe('link settings take web addresses only', () => {
  const keys: SettingKey[] = [
    'shop_map_url',
    'social_facebook_url',
    'social_instagram_url',
    'social_tiktok_url',
    'agency_url',
  ];
  // [value, accepted]
  const cases: [string, boolean][] = [
    ['https://instagram.com/smokeandbun', true],
    ['http://example.com/page?x=1', true],
    ['', true],
    ['javascript:alert(1)', false],
    ['JavaScript:alert(1)', false],
    ['data:text/html,<script>alert(1)</script>', false],
    ['vbscript:msgbox', false],
    ['ftp://example.com', false],
    ['//evil.example', false],
    ['instagram.com/smokeandbun', false],
    ['https://', false],
  ];
  for (const key of keys) {
    it.each(cases)(`${key} = %j accepted: %s`, (value, accepted) => {
      expect(settingValueProblem(key, value)).toBe(accepted ? null : URL_MESSAGE);
    });
  }
});

describe('the Shop Settings rules (DESIGN.md departure 20)', () => {
  // [key, value, accepted]
  const cases: [SettingKey, string, boolean][] = [
    ['shop_email', 'hello@smokeandbun.example', true],
    ['shop_email', 'a.b+orders@shop.co.uk', true],
    ['shop_email', 'hello@shop', false],
    ['shop_email', 'hello at shop.example', false],
    ['shop_email', '', false],
    ['shop_phone', '+372 5555 0199', true],
    ['shop_phone', '(01) 234-5678', true],
    ['shop_phone', 'call us', false],
    ['shop_phone', '12', false],
    ['public_url', '', true],
    ['public_url', 'https://order.smokeandbun.example', true],
    ['public_url', 'http://192.168.1.20:3000', true],
    ['public_url', 'https://shop.example/truck', true],
    ['public_url', 'shop.example', false],
    ['public_url', 'https://shop.example/?ref=qr', false],
    ['public_url', 'https://shop.example/#menu', false],
    ['public_url', 'ftp://shop.example', false],
    ['table_count', '0', false],
    ['table_count', '1', true],
    ['shop_name', 'x'.repeat(81), false],
  ];
  it.each(cases)('%s = %j accepted: %s', (key, value, accepted) => {
    expect(settingValueProblem(key, value) === null).toBe(accepted);
  });

  it('uses the setting as the public address, else PUBLIC_URL, without a trailing slash', () => {
    expect(effectivePublicUrl('', 'http://localhost:3000')).toBe('http://localhost:3000');
    expect(effectivePublicUrl('  ', 'http://localhost:3000/')).toBe('http://localhost:3000');
    expect(effectivePublicUrl('https://shop.example/', 'http://x')).toBe('https://shop.example');
  });
});
