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
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) {
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  }
  if (METADATA_ADDRESSES.has(ip.toString())) return true;
  return ip.range() !== 'unicast';
}

export class ForbiddenDestinationError extends Error {}

/**
 * Resolves a hostname and returns every address it maps to, refusing the lot if any is
 * forbidden (so a DNS answer that mixes a public and a private address cannot be used to
 * reach the private one).
 */
export async function resolvePublicAddresses(
  hostname: string,
  allowPrivateNetworks: boolean,
): Promise<{ address: string; family: number }[]> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const addresses = ipaddr.isValid(host)
    ? [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }]
    : await lookup(host, { all: true, verbatim: true });
  if (addresses.length === 0) throw new ForbiddenDestinationError(`${hostname} does not resolve`);
  if (!allowPrivateNetworks) {
    const bad = addresses.find((a) => isForbiddenAddress(a.address));
    if (bad)
      throw new ForbiddenDestinationError(`${hostname} resolves to a non-public address (${bad.address})`);
  }
  return addresses;
}
