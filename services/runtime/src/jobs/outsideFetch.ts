import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Addresses inside an installation's own network: loopback, private, link-local (cloud metadata), and the like. */
const inside = new BlockList();
for (const [net, bits] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) {
  inside.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) inside.addSubnet(net, bits, 'ipv6');

/** Whether an address is inside the network (an IPv4 address written as IPv6, `::ffff:10.0.0.1`, counts as IPv4). */
export function isInsideAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return inside.check(mapped, 'ipv4');
  const family = isIP(address);
  return family === 4 ? inside.check(address, 'ipv4') : family === 6 ? inside.check(address, 'ipv6') : true;
}

const MAX_REDIRECTS = 5;

/**
 * The fetch a flow block's outside call gets (issue 13): a tenant writes the address (a Typebot server, an HTTP
 * request block's URL), so unless `allowPrivate`, an address that is or resolves to one inside the installation's
 * network (the database, a cloud's metadata service) is refused, redirects included. Only http and https.
 * What it cannot see: a name whose address changes between this lookup and the connection (DNS rebinding).
 */
export function outsideFetch({ allowPrivate, refused = isInsideAddress }: { allowPrivate: boolean; /** Which addresses are refused (tests narrow it). */ refused?: (address: string) => boolean }): typeof fetch {
  const check = async (target: URL) => {
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error(`refused: ${target.protocol} is not http or https`);
    if (allowPrivate) return;
    const host = target.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
    if (addresses.length === 0 || addresses.some(refused)) throw new Error(`refused: ${target.hostname} is inside this installation's network`);
  };
  return (async (input: string | URL | Request, init?: RequestInit) => {
    let url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    let request = init;
    for (let hop = 0; ; hop++) {
      await check(url);
      const response = await fetch(url, { ...request, redirect: 'manual' });
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return response;
      if (hop >= MAX_REDIRECTS) throw new Error(`refused: more than ${MAX_REDIRECTS} redirects`);
      url = new URL(location, url);
      // A 303 (and, as browsers do, a 301 or 302 after a POST) goes on as a GET without a body.
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && request?.method && request.method !== 'GET')) request = { ...request, method: 'GET', body: undefined };
    }
  }) as typeof fetch;
}
