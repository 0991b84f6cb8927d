import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * What the console may load, for every answer (the console's pages, the API's JSON): its own built scripts, its own
 * styles and inline ones (typebot-js, the queue's Typebot preview, adds a <style> element), its own API and feed (`connect-src 'self'` takes the socket's
 * ws:/wss: on the same host), images and media from itself and from data: and blob: URLs (stored files are fetched
 * with the token and shown as blob: URLs; Blueprint's icons are data: SVGs), help videos' stills from YouTube, and
 * frames from the web (YouTube's player, a queue's Typebot preview, whose server the company chooses). Nothing may
 * frame the console. A stored file served at /public keeps its own stricter policy (a sandbox).
 */
const directives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https://img.youtube.com'],
  mediaSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  // A Typebot server may be plain HTTP where the console is (a local one); on an HTTPS console the browser blocks
  // such a frame as mixed content anyway.
  frameSrc: ["'self'", 'https:', 'http:'],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** A year; sent only over TLS (a browser ignores it over plain HTTP, and it would bind a local http://host for good). */
const HSTS = 'max-age=31536000';

/** The security headers of every answer: helmet's, with the console's policy, and HSTS once the request came over TLS. */
export function securityHeaders(): RequestHandler[] {
  return [
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives },
      strictTransportSecurity: false,
      xFrameOptions: { action: 'deny' },
      // The origin alone to other sites (YouTube's player asks for it); never a path, which may hold a signed URL.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    }),
    (req, res, next) => {
      // `secure` reads X-Forwarded-Proto from the proxies TRUST_PROXY names.
      if (req.secure) res.setHeader('strict-transport-security', HSTS);
      next();
    },
  ];
}
