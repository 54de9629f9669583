import { describe, expect, it } from 'vitest';
import type { LookupAddress } from 'node:dns';
import { HttpError } from '#server/http/errors.ts';
import { checkPushEndpoint, isPublicAddress, type Resolve } from './push-endpoint.ts';

describe('isPublicAddress', () => {
  it.each([
    // public
    ['8.8.8.8', true],
    ['142.250.74.106', true],
    ['1.1.1.1', true],
    ['2a00:1450:4001:80b::200a', true],
    ['2606:4700:4700::1111', true],
    // loopback, unspecified
    ['127.0.0.1', false],
    ['127.255.255.254', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['::', false],
    // private and carrier-grade NAT
    ['10.0.0.1', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.10', false],
    ['100.64.0.1', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    // link-local and the cloud metadata services
    ['169.254.169.254', false],
    ['169.254.0.1', false],
    ['fe80::1', false],
    ['fd00:ec2::254', false],
    // multicast, broadcast, reserved, documentation
    ['224.0.0.1', false],
    ['239.255.255.250', false],
    ['255.255.255.255', false],
    ['240.0.0.1', false],
    ['192.0.2.1', false],
    ['ff02::1', false],
    ['2001:db8::1', false],
    // IPv4 in IPv6 clothing: mapped, NAT64, 6to4, Teredo
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['::ffff:169.254.169.254', false],
    ['::ffff:8.8.8.8', false],
    ['64:ff9b::a9fe:a9fe', false],
    ['2002:a9fe:a9fe::1', false],
    ['2001:0:4136:e378::1', false],
    // not an address at all
    ['localhost', false],
    ['', false],
  ])('%s -> %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

const answers =
  (...addresses: string[]): Resolve =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

async function refusal(endpoint: string, resolve: Resolve | 'system' = answers('142.250.74.106')) {
  try {
    await checkPushEndpoint(endpoint, resolve === 'system' ? undefined : resolve);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    const http = error as HttpError;
    expect(http.statusCode).toBe(400);
    expect(Object.keys(http.fields ?? {})).toEqual(['endpoint']);
    return http.message;
  }
  return null;
}

describe('checkPushEndpoint', () => {
  it('takes an https endpoint of a host whose every address is public', async () => {
    const checked = await checkPushEndpoint(
      'https://fcm.googleapis.com/fcm/send/abc:def',
      answers('142.250.74.106', '2a00:1450:4001:80b::200a'),
    );
    expect(checked.url.hostname).toBe('fcm.googleapis.com');
    expect(checked.lookup).toBeDefined();
  });

  it.each([
    ['http://push.example.com/x', 'endpoint: must be an https address'],
    ['ftp://push.example.com/x', 'endpoint: must be an https address'],
    ['https://user:pw@push.example.com/x', 'endpoint: must not carry a user name or password'],
    ['https://push.example.com:8443/x', 'endpoint: must use the standard https port'],
    ['https://127.0.0.1/x', 'endpoint: must be on a public host, not a private address'],
    ['https://2130706433/x', 'endpoint: must be on a public host, not a private address'],
    ['https://0x7f.1/x', 'endpoint: must be on a public host, not a private address'],
    ['https://169.254.169.254/latest', 'endpoint: must be on a public host, not a private address'],
    ['https://10.0.0.1/x', 'endpoint: must be on a public host, not a private address'],
    ['https://[::1]/x', 'endpoint: must be on a public host, not a private address'],
    ['https://[::ffff:127.0.0.1]/x', 'endpoint: must be on a public host, not a private address'],
    ['https://[fd00:ec2::254]/x', 'endpoint: must be on a public host, not a private address'],
    ['https://0.0.0.0/x', 'endpoint: must be on a public host, not a private address'],
    ['not a url', 'endpoint: must be a URL'],
  ])('refuses %s', async (endpoint, message) => {
    expect(await refusal(endpoint)).toBe(message);
  });

  it('refuses a name that resolves to a private address, even one among public ones', async () => {
    const privateMessage = 'endpoint: must be on a public host, not a private address';
    expect(await refusal('https://push.example.com/x', answers('10.0.0.5'))).toBe(privateMessage);
    expect(
      await refusal('https://push.example.com/x', answers('142.250.74.106', '169.254.169.254')),
    ).toBe(privateMessage);
    expect(await refusal('https://push.example.com/x', answers('::ffff:127.0.0.1'))).toBe(
      privateMessage,
    );
    // The machine's own resolver: localhost is loopback.
    expect(await refusal('https://localhost/x', 'system')).toBe(privateMessage);
  });

  it('refuses a name that does not resolve', async () => {
    const nothing: Resolve = async () => [];
    const failing: Resolve = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(await refusal('https://push.example.com/x', nothing)).toBe(
      'endpoint: host cannot be resolved',
    );
    expect(await refusal('https://push.example.com/x', failing)).toBe(
      'endpoint: host cannot be resolved',
    );
  });

  it('connects only to the addresses it checked (no second DNS answer)', async () => {
    let asked = 0;
    const resolve: Resolve = async () => {
      asked += 1;
      return [
        { address: '142.250.74.106', family: 4 },
        { address: '2a00:1450:4001:80b::200a', family: 6 },
      ];
    };
    const { lookup } = await checkPushEndpoint('https://push.example.com/x', resolve);
    const call = (options: object) =>
      new Promise<unknown[]>((resolveCall) =>
        lookup!('push.example.com', options, (...args: unknown[]) => resolveCall(args)),
      );
    expect(await call({})).toEqual([null, '142.250.74.106', 4]);
    expect(await call({ family: 6 })).toEqual([null, '2a00:1450:4001:80b::200a', 6]);
    const all = (await call({ all: true })) as [null, LookupAddress[]];
    expect(all[1].map((answer) => answer.address)).toEqual([
      '142.250.74.106',
      '2a00:1450:4001:80b::200a',
    ]);
    expect(asked).toBe(1);
  });
});
