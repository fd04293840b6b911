import { describe, expect, it } from 'vitest';
import { ForbiddenDestinationError, isForbiddenAddress, resolvePublicAddresses } from './ssrf';

describe('isForbiddenAddress', () => {
  it.each([
    ['IPv4 loopback', '127.0.0.1'],
    ['IPv4 loopback, elsewhere in 127/8', '127.255.0.9'],
    ['IPv6 loopback', '::1'],
    ['unspecified IPv4', '0.0.0.0'],
    ['unspecified IPv6', '::'],
    ['10/8', '10.0.0.1'],
    ['10/8 upper end', '10.255.255.254'],
    ['172.16/12 lower end', '172.16.0.1'],
    ['172.16/12 upper end', '172.31.255.254'],
    ['192.168/16', '192.168.1.10'],
    ['cloud metadata (link-local)', '169.254.169.254'],
    ['link-local', '169.254.0.1'],
    ['carrier-grade NAT 100.64/10', '100.64.0.1'],
    ['carrier-grade NAT upper end', '100.127.255.254'],
    ['Alibaba metadata', '100.100.100.200'],
    ['IPv6 unique local fc00::/7 (fc)', 'fc00::1'],
    ['IPv6 unique local fc00::/7 (fd)', 'fd12:3456:789a::1'],
    ['AWS IPv6 metadata', 'fd00:ec2::254'],
    ['IPv6 link-local fe80::/10', 'fe80::1'],
    ['IPv6 link-local fe80::/10 upper part', 'febf::1'],
    ['IPv4 multicast', '224.0.0.1'],
    ['IPv4 multicast upper end', '239.255.255.250'],
    ['IPv6 multicast', 'ff02::1'],
    ['broadcast', '255.255.255.255'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped private', '::ffff:10.0.0.1'],
    ['IPv4-mapped metadata', '::ffff:169.254.169.254'],
    ['IPv4-mapped loopback in hex', '::ffff:7f00:1'],
    ['IPv4-compatible loopback', '::7f00:1'],
    ['IPv4-compatible loopback, dotted', '::127.0.0.1'],
    ['IPv4-compatible metadata', '::a9fe:a9fe'],
    ['IPv4-compatible private', '::a00:1'],
    ['NAT64 loopback', '64:ff9b::7f00:1'],
    ['6to4 loopback', '2002:7f00:1::'],
    ['documentation range (reserved)', '192.0.2.1'],
    ['not an address', 'example.com'],
    ['empty', ''],
  ])('forbids %s (%s)', (_label, address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each([
    ['a public IPv4 address', '93.184.216.34'],
    ['another public IPv4 address', '8.8.8.8'],
    ['just outside 172.16/12', '172.32.0.1'],
    ['just outside 100.64/10', '100.128.0.1'],
    ['just outside 192.168/16', '192.169.0.1'],
    ['a public IPv6 address', '2606:4700:4700::1111'],
    ['another public IPv6 address', '2001:4860:4860::8888'],
    ['an IPv4-mapped public address', '::ffff:93.184.216.34'],
    ['an IPv4-compatible public address', '::5db8:d822'],
  ])('allows %s (%s)', (_label, address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });
});

describe('resolvePublicAddresses', () => {
  it('returns an IP-literal host without a DNS lookup', async () => {
    await expect(resolvePublicAddresses('93.184.216.34', false)).resolves.toEqual([
      { address: '93.184.216.34', family: 4 },
    ]);
    await expect(resolvePublicAddresses('[2606:4700:4700::1111]', false)).resolves.toEqual([
      { address: '2606:4700:4700::1111', family: 6 },
    ]);
  });

  it('refuses IP literals in forbidden ranges', async () => {
    for (const host of ['127.0.0.1', '[::1]', '169.254.169.254', '10.0.0.1']) {
      await expect(resolvePublicAddresses(host, false)).rejects.toBeInstanceOf(ForbiddenDestinationError);
    }
  });

  it('refuses a name that resolves to loopback', async () => {
    await expect(resolvePublicAddresses('localhost', false)).rejects.toThrow(/non-public address/);
  });

  it('lets private destinations through when private networks are allowed', async () => {
    await expect(resolvePublicAddresses('127.0.0.1', true)).resolves.toEqual([
      { address: '127.0.0.1', family: 4 },
    ]);
    const local = await resolvePublicAddresses('localhost', true);
    expect(local.length).toBeGreaterThan(0);
    expect(local.every((a) => isForbiddenAddress(a.address))).toBe(true);
  });
});
