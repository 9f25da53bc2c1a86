import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { bareHost, refusedRange, type Cidr } from '../domain/webhook-destination';

/** Every address a name resolves to, as the system resolver gives them (hosts file included). */
export type Resolve = (host: string) => Promise<string[]>;

export const systemResolve: Resolve = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

export type Destination = { address: string } | { refused: string };

/**
 * Resolves the URL's host and checks every address it gives: one refused address refuses the host, so a name cannot
 * smuggle an internal address in beside a public one. The caller connects to the returned address and nowhere else.
 */
export async function checkDestination(url: URL, allowed: Cidr[], resolve: Resolve = systemResolve): Promise<Destination> {
  const host = bareHost(url);
  const addresses = isIP(host) ? [host] : await resolve(host);
  if (addresses.length === 0) return { refused: `${host} resolves to no address` };
  for (const address of addresses) {
    const range = refusedRange(address, allowed);
    if (range) return { refused: `${host} resolves to ${address} (${range})` };
  }
  return { address: addresses[0]! };
}
