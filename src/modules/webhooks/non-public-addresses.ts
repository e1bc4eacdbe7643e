import { networkInterfaces } from 'node:os';
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * IPv6 ranges that carry an IPv4 address inside (IPv4-mapped, SIIT, NAT64 well-known prefix,
 * 6to4, Teredo): public only when every IPv4 address they reach is.
 */
const TRANSLATED_RANGES = new Set(['ipv4Mapped', 'rfc6145', 'rfc6052', '6to4', 'teredo']);

/** NAT64's local-use prefix (RFC 8215): its IPv4 part can sit anywhere, and it never leaves a site. */
const LOCAL_USE_NAT64 = ipaddr.parseCIDR('64:ff9b:1::/48') as [ipaddr.IPv6, number];

/** The deprecated IPv4-compatible form `::a.b.c.d` (RFC 4291 §2.5.5.1). */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96') as [ipaddr.IPv6, number];

const ipv4Of = (high: number, low: number) =>
  new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/** The IPv4 addresses a translated IPv6 address leads to. */
function embeddedIpv4(address: ipaddr.IPv6, range: string): ipaddr.IPv4[] {
  const parts = address.parts;
  switch (range) {
    case '6to4': // 2002:AABB:CCDD::/48
      return [ipv4Of(parts[1], parts[2])];
    case 'teredo': // 2001:0:server(32):flags:port:client(32, inverted)
      return [ipv4Of(parts[2], parts[3]), ipv4Of(~parts[6] & 0xffff, ~parts[7] & 0xffff)];
    default: // mapped, SIIT and the NAT64 well-known prefix keep it in the last 32 bits
      return [ipv4Of(parts[6], parts[7])];
  }
}

/** Whether an address, by the IANA special-purpose registries, may be reached from the internet. */
function isGlobalUnicast(address: Address): boolean {
  if (address.kind() === 'ipv4') return address.range() === 'unicast';
  const ipv6 = address as ipaddr.IPv6;
  if (ipv6.match(LOCAL_USE_NAT64) || ipv6.match(IPV4_COMPATIBLE)) return false;
  const range = ipv6.range();
  if (TRANSLATED_RANGES.has(range))
    return embeddedIpv4(ipv6, range).every((ipv4) => ipv4.range() === 'unicast');
  return range === 'unicast';
}

/** Every address of this machine's own interfaces, in canonical form. */
export function thisMachinesAddresses(): Set<string> {
  const own = new Set<string>();
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) {
      const address = entry.address.split('%')[0];
      if (ipaddr.isValid(address)) own.add(ipaddr.process(address).toNormalizedString());
    }
  }
  return own;
}

/**
 * True for any address a webhook must not reach outside development: anything the IANA IPv4 and
 * IPv6 special-purpose registries set apart (loopback, private, shared, link-local, documentation,
 * benchmarking, reserved, multicast…), IPv6 forms leading to such an IPv4 address, and every
 * address of this machine's own interfaces. Anything that is not an IP address counts too.
 */
export function isNonPublicAddress(
  text: string,
  ownAddresses: ReadonlySet<string> = thisMachinesAddresses(),
): boolean {
  const bare = text.replace(/^\[(.*)\]$/, '$1');
  if (!ipaddr.isValid(bare) || !/^[0-9a-fA-F:.]+$/.test(bare)) return true;
  const address = ipaddr.parse(bare);
  if (!isGlobalUnicast(address)) return true;
  return ownAddresses.has(ipaddr.process(bare).toNormalizedString());
}
