import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Agent } from 'undici';

/** Addresses inside an installation's own network: loopback, private, link-local (cloud metadata), and the like. */
const inside = new BlockList();
for (const [net, bits] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) {
  inside.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) inside.addSubnet(net, bits, 'ipv6');

/** The 16 bytes of an IPv6 address, whose last 32 bits may be written as IPv4 (`::ffff:10.0.0.1`). */
function ipv6Bytes(address: string): number[] {
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const groups = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const [head = '', tail] = text.split('::');
  const words = tail === undefined ? groups(head) : [...groups(head), ...Array<number>(8 - groups(head).length - groups(tail).length).fill(0), ...groups(tail)];
  return words.flatMap((w) => [w >> 8, w & 0xff]);
}

const startsWith = (bytes: number[], prefix: number[]) => prefix.every((b, i) => bytes[i] === b);
const ZEROS_10 = Array<number>(10).fill(0);

/**
 * The IPv4 address an IPv6 one carries, where the network would deliver it to that IPv4 address: mapped (::ffff:0:0/96),
 * compatible (::/96), NAT64's well-known prefix (64:ff9b::/96) and 6to4 (2002::/16). `refuse` for forms whose IPv4
 * address cannot be read back for sure (NAT64's local-use prefix 64:ff9b:1::/48, where it sits depends on the
 * operator's prefix length; Teredo 2001::/32), null for none.
 */
function embeddedIpv4(bytes: number[]): string | 'refuse' | null {
  const v4 = (at: number) => bytes.slice(at, at + 4).join('.');
  if (startsWith(bytes, [...ZEROS_10, 0xff, 0xff])) return v4(12);
  if (startsWith(bytes, [...ZEROS_10, 0, 0])) return v4(12);
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, ...Array<number>(8).fill(0)])) return v4(12);
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, 0, 1])) return 'refuse';
  if (startsWith(bytes, [0x20, 0x02])) return v4(2);
  if (startsWith(bytes, [0x20, 0x01, 0, 0])) return 'refuse';
  return null;
}

/** Whether an address is inside the network, the IPv4 address an IPv6 form carries included (issue 32). */
export function isInsideAddress(address: string): boolean {
  const family = isIP(address.replace(/%.*$/, ''));
  if (family === 4) return inside.check(address, 'ipv4');
  if (family !== 6) return true;
  if (inside.check(address.replace(/%.*$/, ''), 'ipv6')) return true;
  const carried = embeddedIpv4(ipv6Bytes(address));
  return carried === 'refuse' || (carried !== null && inside.check(carried, 'ipv4'));
}

const MAX_REDIRECTS = 5;
/** The largest answer read: the largest media file a message may carry (a document, 64 MiB). */
export const OUTSIDE_MAX_BYTES = 64 * 1024 * 1024;
/** A backstop beyond the runner's own deadline for an outside call (EFFECT_TIMEOUT_MS): no call outlives it. */
export const OUTSIDE_TIMEOUT_MS = 60_000;

type Resolve = (host: string) => Promise<Array<{ address: string; family: number }>>;
const resolveAll: Resolve = (host) => lookup(host, { all: true });

class Refused extends Error {}

/** An answer's body that errors once it has passed `maxBytes`, whatever its headers said. */
function capped(response: Response, maxBytes: number): Response {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    void response.body?.cancel().catch(() => undefined);
    throw new Refused(`refused: the answer is larger than ${maxBytes} bytes`);
  }
  if (!response.body) return response;
  let size = 0;
  const counted = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > maxBytes) controller.error(new Refused(`refused: the answer is larger than ${maxBytes} bytes`));
        else controller.enqueue(chunk);
      },
    }),
  );
  return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * The fetch a flow block's outside call gets (issue 13): a tenant writes the address (a Typebot server, an HTTP
 * request block's URL), so unless `allowPrivate`, an address that is or resolves to one inside the installation's
 * network (the database, a cloud's metadata service) is refused, redirects included. Only http and https.
 *
 * The check is the connection's own lookup (issue 32): the socket goes to the addresses that were checked, so a name
 * that answers differently the second time (DNS rebinding) has no second time. TLS still verifies the name.
 */
export function outsideFetch({
  allowPrivate,
  refused = isInsideAddress,
  resolve = resolveAll,
  maxBytes = OUTSIDE_MAX_BYTES,
  timeoutMs = OUTSIDE_TIMEOUT_MS,
}: {
  allowPrivate: boolean;
  /** Which addresses are refused (tests narrow it). */
  refused?: (address: string) => boolean;
  /** The name lookup (tests answer for it). */
  resolve?: Resolve;
  maxBytes?: number;
  timeoutMs?: number;
}): typeof fetch {
  const insideRefused = (host: string) => new Refused(`refused: ${host} is inside this installation's network`);
  const pinned: LookupFunction = (hostname, options, callback) => {
    resolve(hostname)
      .then((found) => {
        if (found.length === 0) throw new Error(`${hostname} has no address`);
        if (!allowPrivate && found.some((a) => refused(a.address))) throw insideRefused(hostname);
        if (options.all) callback(null, found);
        else callback(null, found[0]!.address, found[0]!.family);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, '', 0));
  };
  const agent = new Agent({ connect: { lookup: pinned } });
  // A literal address is connected to without a lookup, so it is checked here.
  const check = (target: URL) => {
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Refused(`refused: ${target.protocol} is not http or https`);
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (!allowPrivate && isIP(host) && refused(host)) throw insideRefused(target.hostname);
  };
  const send = async (url: URL, init: RequestInit | undefined, signal: AbortSignal) => {
    try {
      // Node's fetch takes a dispatcher; its types know the undici Node bundles, not this (compatible) newer one.
      return await fetch(url, { ...init, redirect: 'manual', signal, dispatcher: agent } as unknown as RequestInit);
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause;
      throw cause instanceof Refused ? cause : error;
    }
  };
  return (async (input: string | URL | Request, init?: RequestInit) => {
    let url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    let request = init;
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    for (let hop = 0; ; hop++) {
      check(url);
      const response = await send(url, request, signal);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return capped(response, maxBytes);
      if (hop >= MAX_REDIRECTS) throw new Refused(`refused: more than ${MAX_REDIRECTS} redirects`);
      await response.body?.cancel().catch(() => undefined);
      url = new URL(location, url);
      // A 303 (and, as browsers do, a 301 or 302 after a POST) goes on as a GET without a body.
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && request?.method && request.method !== 'GET')) request = { ...request, method: 'GET', body: undefined };
    }
  }) as typeof fetch;
}
