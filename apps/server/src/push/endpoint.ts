import dns from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { AppError } from '../http/errors.ts';

/**
 * Push endpoints are addresses a browser hands us, and the server POSTs to
 * them: they must be public HTTPS hosts, never this machine, its network or a
 * cloud's metadata service. Loopback is allowed only when a test asks for it.
 */
const internal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  internal.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  internal.addSubnet(network, prefix, 'ipv6');
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** An IPv4 address written as IPv6 (::ffff:127.0.0.1, ::ffff:7f00:1) is judged as IPv4. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const lower = address.toLowerCase();
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return { address: dotted[1]!, family: 'ipv4' };
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const high = parseInt(hex[1]!, 16);
    const low = parseInt(hex[2]!, 16);
    return { address: [high >> 8, high & 255, low >> 8, low & 255].join('.'), family: 'ipv4' };
  }
  return { address: lower, family: isIP(lower) === 4 ? 'ipv4' : 'ipv6' };
}

export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  const { address: plain, family } = unmapped(address);
  if (allowLoopback && loopback.check(plain, family)) return true;
  return !internal.check(plain, family);
}

const refused = () => new AppError(400, 'INVALID_PUSH_ENDPOINT', 'Push endpoints must be public HTTPS addresses', 'endpoint');

/** The host of a URL as a bare address or name ([::1] → ::1). */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Checks an endpoint when a browser subscribes. A name that does not resolve now
 * is kept: every delivery checks the address it actually connects to.
 */
export async function assertPublicEndpoint(endpoint: string, allowLoopback: boolean): Promise<void> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw refused();
  }
  const host = hostOf(url);
  const addresses = isIP(host)
    ? [host]
    : await dns.promises.lookup(host, { all: true, verbatim: true }).then(
        (found) => found.map((a) => a.address),
        () => [],
      );
  const local = addresses.length > 0 && addresses.every((a) => loopback.check(unmapped(a).address, unmapped(a).family));
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowLoopback && local)) throw refused();
  if (!addresses.every((a) => isAllowedAddress(a, allowLoopback))) throw refused();
}

/**
 * A DNS lookup for deliveries that refuses internal addresses, so a name that
 * now points inside (DNS rebinding) is not reached either.
 */
export function publicOnlyLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, '', 0);
      const addresses = found as dns.LookupAddress[];
      const blocked = addresses.find((a) => !isAllowedAddress(a.address, allowLoopback));
      if (blocked) return callback(Object.assign(new Error(`push endpoint ${hostname} resolves to an internal address`), { code: 'EINTERNAL' }), '', 0);
      if (options.all) return (callback as unknown as (e: null, all: dns.LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** A delivery's target, checked before anything is sent: literal addresses skip DNS, so they are checked here. */
export function deliverable(endpoint: string, allowLoopback: boolean): boolean {
  const url = new URL(endpoint);
  const host = hostOf(url);
  if (url.protocol === 'http:' && !allowLoopback) return false;
  return !isIP(host) || isAllowedAddress(host, allowLoopback);
}
