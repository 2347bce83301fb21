// A small static server for build-web/ (docs/browser.md): `node web/serve.mjs [folder] [port]
// [--isolated]`. With --isolated it sends the COOP/COEP headers that let the page use the
// threaded engine. Binds 127.0.0.1 only; prints "serving http://127.0.0.1:PORT/" when ready
// (port 0: any free port).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const isolated = args.includes('--isolated');
const [root = 'build-web', port = '8000'] = args.filter((a) => !a.startsWith('--'));
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.wasm': 'application/wasm', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json' };
const base = path.resolve(root);

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  const file = path.join(base, path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''));
  const target = file.endsWith(path.sep) ? path.join(file, 'index.html') : file;
  if (!target.startsWith(base)) { res.writeHead(403).end(); return; }
  fs.readFile(target, (err, data) => {
    if (err) { res.writeHead(404).end('not found'); return; }
    const headers = { 'Content-Type': TYPES[path.extname(target)] || 'application/octet-stream', 'Cache-Control': 'no-cache' };
    if (isolated) {
      headers['Cross-Origin-Opener-Policy'] = 'same-origin';
      headers['Cross-Origin-Embedder-Policy'] = 'require-corp';
    }
    res.writeHead(200, headers).end(data);
  });
});
server.listen(Number(port), '127.0.0.1', () => {
  console.log(`serving http://127.0.0.1:${server.address().port}/${isolated ? ' (COOP/COEP)' : ''}`);
});
