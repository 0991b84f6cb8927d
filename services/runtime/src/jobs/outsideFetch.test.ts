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
