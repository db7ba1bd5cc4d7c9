import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** The key of every address that is not an IP address (the gateway refuses them; a service counts them together). */
export const UNKNOWN_CLIENT = 'not-an-ip';

/**
 * The client a per-client limit counts an address against: an IPv4 address
 * is its own client (IPv4-mapped IPv6 `::ffff:a.b.c.d` included); an IPv6
 * address counts by its /64, the block a provider gives one subscriber
 * (RFC 6177), so a client cannot take a new address of its own block for each
 * request. The same rule as @fastify/rate-limit's `ipv6Subnet: 64`.
 */
export function clientKey(address: string): string {
  // node's parser is strict (no `0xc6.51.100.53`, `198.51.100`, or leading zeros), unlike ipaddr.js's IPv4 forms.
  if (isIP(address) === 0) return UNKNOWN_CLIENT;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...prefix, 0, 0, 0, 0]).toRFC5952String()}/64`;
}
