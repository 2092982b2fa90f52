import { describe, expect, it } from 'vitest';
import { clientNetwork } from './client-network';

describe('clientNetwork', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one client, however it is written', () => {
    const network = clientNetwork('2001:db8:1:2::1');
    expect(network).toBe('2001:db8:1:2::/64');
    for (const other of [
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:0:0:0:9',
      '[2001:db8:1:2::abcd]',
      '2001:db8:1:2::1%eth0',
    ]) {
      expect(clientNetwork(other)).toBe(network);
    }
    expect(clientNetwork('2001:db8:1:3::1')).not.toBe(network);
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientNetwork('::ffff:198.51.100.4')).toBe('198.51.100.4');
    expect(clientNetwork('::ffff:c633:6404')).toBe('198.51.100.4');
  });

  it('leaves anything else alone (it is only a counting key)', () => {
    expect(clientNetwork('not an address')).toBe('not an address');
  });
});
