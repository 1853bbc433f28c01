// For working on the client: a proxy in front of `hupai serve` that answers the client's own
// files from the disk (web/) and passes everything else (the API, the WebSocket) to the
// server, so a change to a file needs no rebuild of the binary that embeds them. The browser
// tests use it when HUPAI_WEB_LIVE=1; CI tests the files the binary serves.

import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import { readFile } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES = { html: 'text/html; charset=utf-8', css: 'text/css; charset=utf-8', js: 'text/javascript; charset=utf-8', svg: 'image/svg+xml' };

/** Starts the proxy on `port`; `upstream` is the server's `host:port`, `web` the client's
 * folder. Resolves to a function that stops it. */
export function liveAssets({ port, upstream, web }) {
  const [host, upPort] = upstream.split(':');
  const server = createServer(async (req, res) => {
    const path = new URL(req.url, 'http://x').pathname;
    const page = path === '/' || path === '/replay' || /^\/t\/[^/]+$/.test(path);
    if (page || path.startsWith('/assets/')) {
      const rel = page ? 'index.html' : normalize(path.slice('/assets/'.length));
      if (rel.startsWith('..')) return res.writeHead(404).end();
      try {
        const body = await readFile(join(web, rel));
        const headers = { 'content-type': TYPES[rel.split('.').pop()] || 'application/octet-stream', 'cache-control': 'no-store' };
        // Compressed as the server sends them, so the first-load figure means the same.
        if (/\bgzip\b/.test(req.headers['accept-encoding'] || '')) {
          res.writeHead(200, { ...headers, 'content-encoding': 'gzip' });
          return res.end(gzipSync(body, { level: 9 }));
        }
        res.writeHead(200, headers);
        return res.end(body);
      } catch {
        return res.writeHead(404).end(`no asset '${rel}'`);
      }
    }
    const up = request({ host, port: upPort, method: req.method, path: req.url, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode, r.headers);
      r.pipe(res);
    });
    up.on('error', () => res.writeHead(502).end());
    req.pipe(up);
  });
  server.on('upgrade', (req, socket, head) => {
    const up = connect(Number(upPort), host, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      up.write(lines.join('\r\n') + '\r\n\r\n');
      if (head.length) up.write(head);
      up.pipe(socket);
      socket.pipe(up);
    });
    const drop = () => {
      up.destroy();
      socket.destroy();
    };
    up.on('error', drop);
    socket.on('error', drop);
  });
  return new Promise((res) => server.listen(port, '127.0.0.1', () => res(() => new Promise((r) => {
    server.closeAllConnections?.();
    server.close(() => r());
  }))));
}
