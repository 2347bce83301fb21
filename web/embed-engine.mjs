// Writes build-web/shishi-file.js for pages opened as files (scripts/web, docs/browser.md): a
// classic script that sets self.shishiFileWorker to the text of a whole engine worker, the
// single-file engine (build-wasm/shishi-file.js, .wasm inside) followed by the relay
// (web/src/engine-worker-file.js). The page starts the worker from a Blob of that text.
// usage: node web/embed-engine.mjs <shishi-file.js> <engine-worker-file.js> <out.js>
import fs from 'node:fs';

const [engine, relay, out] = process.argv.slice(2);
if (!out) {
  console.error('usage: node web/embed-engine.mjs <shishi-file.js> <engine-worker-file.js> <out.js>');
  process.exit(2);
}
const text = fs.readFileSync(engine, 'utf8') + '\n' + fs.readFileSync(relay, 'utf8');
fs.writeFileSync(out, `// Shishi's engine worker as text, for pages opened as files (web/embed-engine.mjs).\n` +
  `self.shishiFileWorker = ${JSON.stringify(text)};\n`);
