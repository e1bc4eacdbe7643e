import { networkInterfaces } from 'node:os';
import {
  isNonPublicAddress,
  thisMachinesAddresses,
} from '../../src/modules/webhooks/non-public-addresses.js';

describe('isNonPublicAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local (metadata service)'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['fe80::1', 'IPv6 link-local'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex form'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped link-local'],
    ['::127.0.0.1', 'IPv4-compatible (deprecated)'],
    ['::ffff:0:7f00:1', 'SIIT (RFC 6145) loopback'],
    ['64:ff9b::7f00:1', 'NAT64 well-known prefix, loopback'],
    ['64:ff9b::a00:1', 'NAT64 well-known prefix, private'],
    ['64:ff9b:1::808:808', 'NAT64 local-use prefix'],
    ['2002:7f00:1::1', '6to4 of loopback'],
    ['2002:a9fe:a9fe::1', '6to4 of the metadata service'],
    ['2001:0:7f00:1::', 'Teredo with a loopback server'],
    ['2001:0:808:808:0:0:f5ff:fffe', 'Teredo with a loopback client (inverted 10.0.0.1)'],
    ['100::1', 'discard-only (RFC 6666)'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['2001:2::1', 'IPv6 benchmarking'],
    ['3fff::1', 'IPv6 documentation (RFC 9637)'],
    ['fec0::1', 'deprecated site-local'],
    ['192.0.2.1', 'TEST-NET-1'],
    ['198.51.100.7', 'TEST-NET-2'],
    ['203.0.113.10', 'TEST-NET-3'],
    ['192.88.99.1', '6to4 relay anycast'],
    ['198.18.0.1', 'benchmarking'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['240.0.0.1', 'reserved'],
    ['127.1', 'loopback, shorthand form'],
    ['[::1]', 'bracketed IPv6 loopback'],
    ['localhost', 'not an address'],
    ['', 'empty'],
  ])('%s is not public (%s)', (address) => {
    expect(isNonPublicAddress(address)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '172.15.255.255',
    '100.128.0.1',
    '11.0.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '2001:0:808:808:0:0:f7f7:f7f7',
  ])('%s is public', (address) => {
    expect(isNonPublicAddress(address)).toBe(false);
  });
});

describe('isNonPublicAddress and this machine', () => {
  it('knows every address of its own interfaces', () => {
    const own = thisMachinesAddresses();
    const listed = Object.values(networkInterfaces())
      .flatMap((entries) => entries ?? [])
      .map((entry) => entry.address.split('%')[0]);
    expect(listed.length).toBeGreaterThan(0);
    for (const address of listed) expect(isNonPublicAddress(address, own)).toBe(true);
  });

  it('refuses a public address once it is one of its own, in any spelling', () => {
    const own = new Set(['8.8.8.8', '2606:4700:4700:0:0:0:0:1111']);
    expect(isNonPublicAddress('8.8.8.8', own)).toBe(true);
    expect(isNonPublicAddress('::ffff:8.8.8.8', own)).toBe(true);
    expect(isNonPublicAddress('2606:4700:4700::1111', own)).toBe(true);
    expect(isNonPublicAddress('8.8.4.4', own)).toBe(false);
  });
});
