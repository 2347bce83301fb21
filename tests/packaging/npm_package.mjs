// The npm package of the WebAssembly engine as a web host uses it: a new npm project installs
// the tarball (web/engine-package, `npm pack`), then
//  - node: require('shishi-wasm') and require('shishi-wasm/threaded') each answer `usi` with the
//    package's version and search `go depth 5` to the native engine's bestmove and node count;
//  - headless Chromium: the project's script bundled by esbuild runs a search on a page, the
//    single-threaded build on a plain server, the threaded one (its own .js beside the bundle,
//    for the pthread workers) on a server with COOP/COEP.
// usage: node npm_package.mjs <shishi-wasm-VERSION.tgz> <native shishi> <work folder>
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { checker, launchChromium, watchedPage, HANG_GUARD_MS } from '../web/web_test_support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const [tgz, nativeExe, work] = process.argv.slice(2);
const webRequire = createRequire(path.join(here, '../../web/package.json'));
const esbuild = webRequire('esbuild');
const { check, finish } = checker();
const DEPTH = 5;

const version = /shishi-wasm-(\d+\.\d+\.\d+)\.tgz$/.exec(tgz)?.[1];
if (!version) throw new Error(`${tgz}: not a shishi-wasm-VERSION.tgz`);

// The native engine's search: its bestmove and the nodes of its last info line. Its input stays
// open until the bestmove (the end of input stops a search).
function nativeSearch() {
  const child = spawn(nativeExe, [], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.write(`usi\nposition startpos\ngo depth ${DEPTH}\n`);
  let out = '';
  return new Promise((resolve) => {
    child.stdout.on('data', (d) => {
      out += d;
      if (!/^bestmove/m.test(out)) return;
      child.stdin.end('quit\n');
      resolve(summary(out.split('\n')));
    });
  });
}
function summary(lines) {
  const nodes = lines.filter((l) => / nodes \d+/.test(l)).map((l) => / nodes (\d+)/.exec(l)[1]).pop();
  const best = lines.find((l) => l.startsWith('bestmove'))?.split(' ')[1];
  return { nodes, best, id: lines.find((l) => l.startsWith('id name')) };
}
const native = await nativeSearch();

// A new project with the package installed from the tarball alone (no registry).
const project = path.join(work, 'host');
fs.rmSync(project, { recursive: true, force: true });
fs.mkdirSync(project, { recursive: true });
fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'host', private: true, version: '1.0.0' }));
execFileSync('npm', ['install', '--no-audit', '--no-fund', '--offline', path.resolve(tgz)], { cwd: project, stdio: 'inherit' });
const installed = JSON.parse(fs.readFileSync(path.join(project, 'node_modules/shishi-wasm/package.json'), 'utf8'));
check(installed.version === version, `installed package.json says ${installed.version}`);

// The search every host runs, written once: in node and (bundled) on a page.
fs.writeFileSync(path.join(project, 'search.js'), `
module.exports = function search(Shishi, options) {
  return Shishi(options).then((engine) => new Promise((resolve) => {
    const lines = [];
    engine.addMessageListener((line) => {
      lines.push(line);
      if (line.startsWith('bestmove')) resolve(lines);
    });
    engine.postMessage('usi');
    engine.postMessage('position startpos');
    engine.postMessage('go depth ${DEPTH}');
  }));
};
`);
fs.writeFileSync(path.join(project, 'node-search.js'), `
const search = require('./search.js');
search(require(process.argv[2])).then((lines) => { console.log(JSON.stringify(lines)); process.exit(0); });
`);
for (const entry of ['shishi-wasm', 'shishi-wasm/threaded']) {
  const out = execFileSync(process.execPath, ['node-search.js', entry], { cwd: project, encoding: 'utf8', timeout: HANG_GUARD_MS });
  const got = summary(JSON.parse(out.trim().split('\n').pop()));
  check(got.id === `id name Shishi ${version}`, `node ${entry}: ${got.id}`);
  check(got.best === native.best && got.nodes === native.nodes,
    `node ${entry}: bestmove ${got.best}, ${got.nodes} nodes (native ${native.best}, ${native.nodes})`);
}

// The browser: the project's page script bundled by esbuild, the engine files beside it.
const site = path.join(work, 'site');
fs.rmSync(site, { recursive: true, force: true });
fs.mkdirSync(site);
const dist = path.join(project, 'node_modules/shishi-wasm/dist');
for (const f of fs.readdirSync(dist)) if (f !== 'shishi.js') fs.copyFileSync(path.join(dist, f), path.join(site, f));
for (const [name, entry, extra] of [['single', 'shishi-wasm', ''], ['threaded', 'shishi-wasm/threaded', "mainScriptUrlOrBlob: new URL('shishi-mt.js', location.href).href, "]]) {
  fs.writeFileSync(path.join(project, `page-${name}.js`), `
import Shishi from '${entry}';
import search from './search.js';
search(Shishi, { ${extra}locateFile: (file) => new URL(file, location.href).href })
  .then((lines) => { window.shishiLines = lines; }, (e) => { window.shishiError = String(e); });
`);
  await esbuild.build({ entryPoints: [path.join(project, `page-${name}.js`)], bundle: true, format: 'iife',
    platform: 'browser', outfile: path.join(site, `page-${name}.js`), logLevel: 'warning' });
  fs.writeFileSync(path.join(site, `${name}.html`), `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script src="page-${name}.js"></script>\n`);
}

async function serve(isolated) {
  const server = spawn(process.execPath, [path.join(here, '../../web/serve.mjs'), site, '0', ...(isolated ? ['--isolated'] : [])],
    { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    let text = '';
    server.stdout.on('data', (d) => { text += d; const m = /serving (\S+)/.exec(text); if (m) resolve(m[1]); });
    server.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  return { server, url };
}

const browser = await launchChromium();
try {
  for (const [name, isolated] of [['single', false], ['threaded', true]]) {
    const { server, url } = await serve(isolated);
    const errors = [];
    const page = await watchedPage(browser, errors);
    await page.goto(`${url}${name}.html`);
    await page.waitForFunction(() => window.shishiLines || window.shishiError, { timeout: HANG_GUARD_MS });
    const { lines, error, isolatedPage } = await page.evaluate(() =>
      ({ lines: window.shishiLines, error: window.shishiError, isolatedPage: self.crossOriginIsolated }));
    check(!error, `Chromium ${name}: started${error ? ': ' + error : ''}`);
    check(isolatedPage === isolated, `Chromium ${name}: crossOriginIsolated ${isolatedPage}`);
    const got = summary(lines || []);
    check(got.id === `id name Shishi ${version}`, `Chromium ${name}: ${got.id}`);
    check(got.best === native.best && got.nodes === native.nodes,
      `Chromium ${name}: bestmove ${got.best}, ${got.nodes} nodes (native ${native.best}, ${native.nodes})`);
    check(errors.length === 0, `Chromium ${name}: no page errors ${errors.join('; ')}`);
    await page.close();
    server.kill();
  }
} finally {
  await browser.close();
}
finish();
