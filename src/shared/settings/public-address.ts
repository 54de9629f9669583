/**
 * Who can open the address the QR codes carry (the public address: Shop Settings, else
 * PUBLIC_URL). A code of http://localhost:3000 prints fine and scans fine, and then no phone can
 * open it: the QR page and Shop Settings warn before anyone prints a hundred table cards.
 */
export type AddressReach = 'this-computer' | 'local-network' | 'internet';

export function addressReach(url: string): AddressReach {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return 'internet';
  }
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127\./.test(host) ||
    host === '0.0.0.0' ||
    host === '::1' ||
    host === '::'
  ) {
    return 'this-computer';
  }
  const ipv4 = host.match(/^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/);
  if (ipv4) {
    const [a, b] = [Number(ipv4[1]), Number(ipv4[2])];
    const isPrivate =
      a === 10 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      // Carrier-grade NAT (100.64.0.0/10), e.g. a VPN between the shop's own devices.
      (a === 100 && b >= 64 && b <= 127);
    return isPrivate ? 'local-network' : 'internet';
  }
  if (/^f[cd][0-9a-f]{0,2}:/.test(host) || /^fe[89ab][0-9a-f]?:/.test(host)) {
    return 'local-network';
  }
  // Names only the shop's own network resolves: one label, or a local-only suffix.
  if (
    !host.includes(':') &&
    (!host.includes('.') || /\.(local|lan|home\.arpa|internal)$/.test(host))
  ) {
    return 'local-network';
  }
  return 'internet';
}
