import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInsideAddress, outsideFetch } from './outsideFetch.js';

describe("a flow block's outside fetch", () => {
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/hop') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        res.end();
        return;
      }
      res.end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('knows the addresses inside a network', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.9', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1', 'not-an-ip']) expect(isInsideAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isInsideAddress(a), a).toBe(false);
  });

  it('sees an inside IPv4 address inside the IPv6 forms that carry one: mapped in hex, NAT64, 6to4, compatible, Teredo', () => {
    for (const a of ['::ffff:7f00:1', '::FFFF:a9fe:a9fe', '64:ff9b::7f00:1', '64:ff9b::10.0.0.1', '64:ff9b::a9fe:a9fe', '64:ff9b:1::808:808', '2002:7f00:1::', '2002:a9fe:a9fe::1', '2002:c0a8:101::1', '::127.0.0.1', '::a00:1', '2001:0:4136:e378:8000:63bf:3fff:fdd2']) {
      expect(isInsideAddress(a), a).toBe(true);
    }
    // A public IPv4 address through a well-known NAT64 or 6to4 prefix is as public as itself.
    for (const a of ['64:ff9b::808:808', '64:ff9b::8.8.8.8', '2002:808:808::1']) expect(isInsideAddress(a), a).toBe(false);
  });

  it('refuses the NAT64 and 6to4 forms of an inside address as a literal host', async () => {
    const guarded = outsideFetch({ allowPrivate: false });
    for (const host of ['[64:ff9b::7f00:1]', '[64:ff9b::a9fe:a9fe]', '[2002:7f00:1::1]', '[::ffff:7f00:1]']) await expect(guarded(`http://${host}/`), host).rejects.toThrow(/inside/);
  });

  it('connects to the address it checked: a name that answers an outside address, then an inside one, never reaches the inside one', async () => {
    // Two servers on one port: 127.0.0.2 stands for the outside, 127.0.0.1 (what the system says localhost is) for the inside.
    const reached: string[] = [];
    const inner = http.createServer((_req, res) => {
      reached.push('inside');
      res.end('inside');
    });
    await new Promise<void>((r) => inner.listen(0, '127.0.0.1', r));
    const port = (inner.address() as AddressInfo).port;
    const outer = http.createServer((_req, res) => res.end('outside'));
    await new Promise<void>((r) => outer.listen(port, '127.0.0.2', r));
    try {
      let asked = 0;
      const rebinding = async () => (asked++ === 0 ? [{ address: '127.0.0.2', family: 4 }] : [{ address: '127.0.0.1', family: 4 }]);
      const guarded = outsideFetch({ allowPrivate: false, refused: (a) => a !== '127.0.0.2', resolve: rebinding });
      const answer = await guarded(`http://localhost:${port}/`).then((r) => r.text(), (e: Error) => e.message);
      expect(reached).toEqual([]);
      expect(answer).toBe('outside');
    } finally {
      await Promise.all([new Promise((r) => inner.close(r)), new Promise((r) => outer.close(r))]);
    }
  });

  it('gives up on an answer larger than its limit, and on a server that never answers', async () => {
    const big = http.createServer((req, res) => {
      if (req.url === '/hang') return;
      res.write(Buffer.alloc(64 * 1024));
      res.end(Buffer.alloc(64 * 1024));
    });
    await new Promise<void>((r) => big.listen(0, '127.0.0.1', r));
    const at = `http://127.0.0.1:${(big.address() as AddressInfo).port}`;
    try {
      const guarded = outsideFetch({ allowPrivate: true, maxBytes: 100 * 1024, timeoutMs: 300 });
      await expect(guarded(`${at}/`).then((r) => r.arrayBuffer())).rejects.toThrow(/larger than/);
      await expect(guarded(`${at}/hang`)).rejects.toThrow(/timed out|timeout|aborted/i);
      expect((await (await outsideFetch({ allowPrivate: true, maxBytes: 200 * 1024 })(`${at}/`)).arrayBuffer()).byteLength).toBe(128 * 1024);
    } finally {
      big.closeAllConnections();
      await new Promise((r) => big.close(r));
    }
  });

  it('refuses loopback, private and metadata addresses, by name too, and a redirect to one', async () => {
    const guarded = outsideFetch({ allowPrivate: false });
    await expect(guarded(`${url}/`)).rejects.toThrow(/inside this installation's network/);
    await expect(guarded(`http://localhost:${new URL(url).port}/`)).rejects.toThrow(/inside/);
    await expect(guarded('http://[::1]/')).rejects.toThrow(/inside/);
    await expect(guarded('file:///etc/passwd')).rejects.toThrow(/not http or https/);
    // Allowed (development, tests), it reaches them, but still follows a redirect only after checking it.
    const open = outsideFetch({ allowPrivate: true });
    expect(await (await open(`${url}/`)).text()).toBe('ok');
  });

  it('checks every hop of a redirect', async () => {
    // From an address it may reach (here loopback is let through) to one it may not (the metadata service).
    const metadataOnly = outsideFetch({ allowPrivate: false, refused: (address) => address.startsWith('169.254.') });
    expect(await (await metadataOnly(`${url}/`)).text()).toBe('ok');
    await expect(metadataOnly(`${url}/hop`)).rejects.toThrow(/169\.254\.169\.254 is inside/);
  });
});
