import type { ClientRequest } from 'node:http';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { ForbiddenDestinationError, isForbiddenAddress } from './ssrf';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/**
 * A socket `lookup` that answers with the given addresses only, the ones that already passed
 * the SSRF check: a DNS answer that changes between the check and the connect cannot steer the
 * request elsewhere, while TLS still verifies the certificate against the URL's hostname. With
 * several (IPv4 and IPv6), Node tries them in turn as it would after its own lookup.
 */
export function lookupOnly(addresses: ResolvedAddress[]): LookupFunction {
  const first = addresses[0]!;
  return (_host, options, callback) => {
    if (options.all) callback(null, addresses);
    else callback(null, first.address, first.family);
  };
}

/**
 * Belt and braces over `lookupOnly`: once the socket connects, its peer must be one of the
 * checked addresses (and not a forbidden one unless private networks are allowed), else the
 * request is destroyed with a ForbiddenDestinationError. `onConnect` learns the peer address.
 */
export function guardPeer(
  req: ClientRequest,
  addresses: ResolvedAddress[],
  allowPrivateNetworks: boolean,
  onConnect?: (peer: string) => void,
): void {
  req.on('socket', (socket) => {
    socket.once('connect', () => {
      const peer = socket.remoteAddress ?? '';
      onConnect?.(peer);
      const checked = addresses.some((a) => sameAddress(peer, a.address));
      if (!checked || (!allowPrivateNetworks && isForbiddenAddress(peer))) {
        req.destroy(new ForbiddenDestinationError(`connected to an unexpected address (${peer})`));
      }
    });
  });
}

export function sameAddress(a: string, b: string): boolean {
  if (!ipaddr.isValid(a) || !ipaddr.isValid(b)) return false;
  return ipaddr.process(a).toString() === ipaddr.process(b).toString();
}
