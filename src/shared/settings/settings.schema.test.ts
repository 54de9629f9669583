import { describe, expect, it } from 'vitest';
import { settingValueProblem, type SettingKey } from './settings.schema.ts';

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
