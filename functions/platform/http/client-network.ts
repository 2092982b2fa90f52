/**
 * The unit a per-client limit counts: an IPv4 address, or the /64 network of
 * an IPv6 address (one household or phone gets a whole /64, so counting
 * single IPv6 addresses would give one client endless addresses).
 */
import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, `::` expanded; `undefined` for anything else. */
function ipv6Groups(address: string): string[] | undefined {
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0] ?? '';
  if (!isIPv6(bare)) return undefined;
  const withoutIpv4Tail = bare.replace(/(\d+\.\d+\.\d+\.\d+)$/, (ipv4) => {
    const [a, b, c, d] = ipv4.split('.').map(Number) as [number, number, number, number];
    return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  });
  const [head = '', tail] = withoutIpv4Tail.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailGroups].map((group) =>
    Number.parseInt(group, 16).toString(16),
  );
}

export function clientNetwork(address: string): string {
  if (isIPv4(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  // An IPv4 address written as IPv6 (::ffff:a.b.c.d) is that IPv4 address.
  if (groups.slice(0, 5).every((group) => group === '0') && groups[5] === 'ffff') {
    const high = Number.parseInt(groups[6] ?? '0', 16);
    const low = Number.parseInt(groups[7] ?? '0', 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}
