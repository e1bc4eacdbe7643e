import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook must not reach outside development: the service's own host and networks
 * (loopback, private, unique-local, link-local, shared), "this host" (unspecified), multicast and
 * reserved space. IPv4 rules also catch IPv4-mapped IPv6 addresses (`::ffff:127.0.0.1`).
 */
const NON_PUBLIC = new BlockList();
const IPV4_RANGES: Array<[string, number]> = [
  ['0.0.0.0', 8], // unspecified, "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const IPV6_RANGES: Array<[string, number]> = [
  ['::', 96], // unspecified, loopback, deprecated IPv4-compatible
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];
for (const [network, prefix] of IPV4_RANGES) NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of IPV6_RANGES) NON_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** True for any address that is not public unicast; anything that is not an IP address counts. */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return NON_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
