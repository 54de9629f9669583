import { describe, expect, it } from 'vitest';
import {
  boltSignature,
  verifyBasic,
  verifyBoltHmac,
  verifyWolt,
  woltSignature,
} from './signatures.ts';

// integrations.md §2.3: the doc's example secret and the 293-byte body, computed locally.
const WOLT_BODY =
  '{"id":"90f5c25cbbfb3d131a46e643","type":"order.notification","order":{"id":"90f5be47fc97e11107f8a480","venue_id":"9a5c7e3102fe6a000c4b562b","status":"CREATED","resource_url":"https://pos-integration-service.wolt.com/orders/90f5be47fc97e11107f8a480"},"created_at":"2021-07-19T18:20:12.378509Z"}';
const WOLT_HEADER = '6c842c35f1a0e3e7896e07c7e4e8161bced6c43c633e6e7e745d125966f2d458';

describe('signatures (integrations.md §2.3, §3)', () => {
  it("matches Wolt's test vector", () => {
    expect(Buffer.byteLength(WOLT_BODY)).toBe(293);
    expect(woltSignature(WOLT_BODY, 'example-hmac-sha256-wolt')).toBe(WOLT_HEADER);
    expect(verifyWolt(Buffer.from(WOLT_BODY), WOLT_HEADER, 'example-hmac-sha256-wolt')).toBe(true);
    expect(
      verifyWolt(Buffer.from(WOLT_BODY), WOLT_HEADER.toUpperCase(), 'example-hmac-sha256-wolt'),
    ).toBe(true);
  });

  it('refuses a changed body, another secret, a missing header or no secret', () => {
    const body = Buffer.from(WOLT_BODY.replace('CREATED', 'CANCELED'));
    expect(verifyWolt(body, WOLT_HEADER, 'example-hmac-sha256-wolt')).toBe(false);
    expect(verifyWolt(Buffer.from(WOLT_BODY), WOLT_HEADER, 'another-secret')).toBe(false);
    expect(verifyWolt(Buffer.from(WOLT_BODY), undefined, 'example-hmac-sha256-wolt')).toBe(false);
    expect(verifyWolt(Buffer.from(WOLT_BODY), WOLT_HEADER, '')).toBe(false);
    expect(verifyWolt(Buffer.from(WOLT_BODY), 'abc', 'example-hmac-sha256-wolt')).toBe(false);
  });

  it("matches Bolt's test vector (base64)", () => {
    const body = '{"order_id":123456,"provider_id":789}';
    expect(boltSignature(body, 'test-secret')).toBe('cHYbklN9+JX14ApsSzbxAeGJ8/AsIGMlEeJeiieRnCU=');
    expect(
      verifyBoltHmac(
        Buffer.from(body),
        'cHYbklN9+JX14ApsSzbxAeGJ8/AsIGMlEeJeiieRnCU=',
        'test-secret',
      ),
    ).toBe(true);
    expect(
      verifyBoltHmac(
        Buffer.from(`${body} `),
        'cHYbklN9+JX14ApsSzbxAeGJ8/AsIGMlEeJeiieRnCU=',
        'test-secret',
      ),
    ).toBe(false);
  });

  it('takes Basic credentials whose password is the secret, any user name', () => {
    const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;
    expect(verifyBasic(basic('bolt:s3cret-value'), 's3cret-value')).toBe(true);
    expect(verifyBasic(basic('anyone:s3cret-value'), 's3cret-value')).toBe(true);
    expect(verifyBasic(basic('bolt:wrong'), 's3cret-value')).toBe(false);
    expect(verifyBasic(basic('s3cret-value'), 's3cret-value')).toBe(false);
    expect(verifyBasic('Bearer s3cret-value', 's3cret-value')).toBe(false);
    expect(verifyBasic(basic('bolt:'), '')).toBe(false);
  });
});
