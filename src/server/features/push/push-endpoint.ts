/**
 * Where the server may send a Web Push (../shared/integrations.md §4):
 * a subscription's endpoint is a URL a browser hands us, and the server POSTs to it later. Left
 * open, anyone could point the server at itself, the local network or the cloud's metadata
 * service. So an endpoint must be https, on the default port, on a host whose every address is
 * public unicast: not loopback, private (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7),
 * link-local (169.254/16, fe80::/10, with the metadata addresses 169.254.169.254 and
 * fd00:ec2::254), unspecified, multicast, reserved or documentation ranges; IPv6 must be global
 * unicast (2000::/3), which also leaves out IPv4-mapped and NAT64 forms of private addresses.
 * Names are resolved and every answer is checked, at subscription and again at each send.
 */
import dns from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { badRequest, type HttpError } from '../../http/errors.ts';
import type { CheckedEndpoint } from '../../lib/push-endpoint-check.ts';

const blockedV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blockedV4.addSubnet(network, prefix, 'ipv4');
}

const globalUnicastV6 = new BlockList();
globalUnicastV6.addSubnet('2000::', 3, 'ipv6');
const blockedV6 = new BlockList();
for (const [network, prefix] of [
  ['2001::', 23], // IETF protocol assignments (Teredo and others embed other addresses)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds an IPv4 address
  ['3fff::', 20], // documentation
] as const) {
  blockedV6.addSubnet(network, prefix, 'ipv6');
}

/** True for an IP address the public internet routes to one host; false for anything else. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  try {
    if (family === 4) return !blockedV4.check(address, 'ipv4');
    if (family === 6) {
      return globalUnicastV6.check(address, 'ipv6') && !blockedV6.check(address, 'ipv6');
    }
  } catch {
    // An address BlockList cannot read (a zone index, say) is not one we send to.
  }
  return false;
}

export type Resolve = (hostname: string) => Promise<dns.LookupAddress[]>;
const systemResolve: Resolve = (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });

/** A name that takes longer than this to resolve is not a push service we can use. */
const RESOLVE_TIMEOUT_MS = 5_000;

const refused = (reason: string): HttpError =>
  badRequest(`endpoint: ${reason}`, { endpoint: reason });

/**
 * Checks a push endpoint, resolving its host; throws a 400 naming `endpoint` when it is not
 * an https address of a public host. Returns what to connect with.
 */
export async function checkPushEndpoint(
  endpoint: string,
  resolve: Resolve = systemResolve,
): Promise<CheckedEndpoint> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw refused('must be a URL');
  }
  if (url.protocol !== 'https:') throw refused('must be an https address');
  if (url.username || url.password) throw refused('must not carry a user name or password');
  // Push services answer on 443; another port is a way to reach something else.
  if (url.port !== '') throw refused('must use the standard https port');

  // The URL parser has already turned 2130706433, 0x7f.1 and friends into dotted form.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host)) {
    if (!isPublicAddress(host)) throw refused('must be on a public host, not a private address');
    return { url, lookup: undefined };
  }

  let addresses: dns.LookupAddress[];
  try {
    addresses = await withTimeout(resolve(host), RESOLVE_TIMEOUT_MS);
  } catch {
    throw refused('host cannot be resolved');
  }
  if (addresses.length === 0) throw refused('host cannot be resolved');
  if (!addresses.every((answer) => isPublicAddress(answer.address))) {
    throw refused('must be on a public host, not a private address');
  }
  return { url, lookup: pinnedLookup(addresses) };
}

/** A `lookup` for http(s).request that answers with addresses already checked. */
function pinnedLookup(addresses: dns.LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? options.family : null;
    const usable = addresses.filter((answer) => wanted === null || answer.family === wanted);
    const first = usable[0];
    if (!first) {
      const error = Object.assign(new Error('no checked address of that family'), {
        code: 'ENOTFOUND',
      });
      callback(error, '', 0);
      return;
    }
    if (options.all) {
      (callback as unknown as (error: null, all: dns.LookupAddress[]) => void)(null, usable);
      return;
    }
    callback(null, first.address, first.family);
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
