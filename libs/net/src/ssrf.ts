import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** Cloud metadata endpoints that are not covered by the private/link-local ranges. */
const METADATA_ADDRESSES = new Set(['fd00:ec2::254', '100.100.100.200']);

/**
 * True when an address is something a webhook must never reach unless private networks are
 * allowed: loopback, RFC 1918/4193 private, link-local (incl. 169.254.169.254), carrier-grade
 * NAT, multicast, unspecified, reserved, or a known metadata address.
 */
export function isForbiddenAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  const ip = embeddedIPv4(ipaddr.parse(address));
  if (METADATA_ADDRESSES.has(ip.toString())) return true;
  return ip.range() !== 'unicast';
}

/**
 * The IPv4 address inside an IPv4-mapped (`::ffff:a.b.c.d`) or IPv4-compatible (`::a.b.c.d`,
 * deprecated but still routed to the IPv4 host by some stacks) IPv6 address, so both are
 * judged like the IPv4 address they reach. Other addresses come back unchanged.
 */
function embeddedIPv4(ip: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  if (ip.kind() !== 'ipv6') return ip;
  const v6 = ip as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address();
  const [a, b, c, d, e, f, g, h] = v6.parts;
  const compatible = a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0;
  // `::` and `::1` are the unspecified and loopback addresses, not IPv4-compatible ones.
  if (!compatible || (g === 0 && (h === 0 || h === 1))) return ip;
  return ipaddr.fromByteArray([g! >> 8, g! & 0xff, h! >> 8, h! & 0xff]);
}

export class ForbiddenDestinationError extends Error {}

/**
 * Resolves a hostname and returns every address it maps to, refusing the lot if any is
 * forbidden (so a DNS answer that mixes a public and a private address cannot be used to
 * reach the private one). Throws ForbiddenDestinationError for a forbidden address, and the
 * resolver's own error for a name that does not resolve.
 */
export async function resolvePublicAddresses(
  hostname: string,
  allowPrivateNetworks: boolean,
): Promise<{ address: string; family: number }[]> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const addresses = ipaddr.isValid(host)
    ? [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }]
    : await lookup(host, { all: true, verbatim: true });
  if (addresses.length === 0) throw new Error(`${hostname} does not resolve`);
  if (!allowPrivateNetworks) {
    const bad = addresses.find((a) => isForbiddenAddress(a.address));
    if (bad)
      throw new ForbiddenDestinationError(`${hostname} resolves to a non-public address (${bad.address})`);
  }
  return addresses;
}
