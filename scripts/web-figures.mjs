// Start time, memory and sizes of the browser build (docs/browser.md), in Debian's headless
// Chromium: for each engine (single-threaded on a plain page, threaded under COOP/COEP) the time
// from navigation to the engine's `id name` line (page, worker and engine all loaded), and the
// memory of the whole browser (the sum of PSS over its processes, /proc/PID/smaps_rollup):
// with a blank page, with the board ready, and after analysing the start position to depth 10.
// Then the files' sizes, raw and gzipped. Medians of several runs.
// usage: node scripts/web-figures.mjs [build-web] [runs=5]   (after scripts/web)
import { spawn, execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '../web/package.json'));
const puppeteer = require('puppeteer-core');
const [root = 'build-web', runs = 5] = process.argv.slice(2);

function serve(isolated) {
  const server = spawn(process.execPath, [path.join(here, '../web/serve.mjs'), root, '0', ...(isolated ? ['--isolated'] : [])], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve) => {
    let text = '';
    server.stdout.on('data', (d) => { text += d; const m = /serving (\S+)/.exec(text); if (m) resolve({ server, url: m[1] }); });
  });
}

// PSS in MB over the browser's process tree.
function pssMb(pid) {
  const kids = (p) => { try { return fs.readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean); } catch { return []; } };
  let total = 0;
  const walk = (p) => {
    try { total += Number(/^Pss:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${p}/smaps_rollup`, 'utf8'))[1]); } catch { /* gone */ }
    kids(p).forEach(walk);
  };
  walk(pid);
  return total / 1024;
}

async function once(isolated) {
  const { server, url } = await serve(isolated);
  const browser = await puppeteer.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless=new', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    page.setDefaultTimeout(300000);
    await page.goto('about:blank');
    const blank = pssMb(browser.process().pid);
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => document.getElementById('engine-id').textContent.startsWith('Shishi'), { polling: 'mutation' });
    const ready = await page.evaluate(() => performance.now());
    const readyMb = pssMb(browser.process().pid);
    await page.click('#analyse');
    await page.waitForFunction(() => /depth (1\d|[2-9]\d)/.test(document.getElementById('lines').textContent), { polling: 'mutation' });
    const analysedMb = pssMb(browser.process().pid);
    return { ready, blank, readyMb, analysedMb };
  } finally {
    await browser.close();
    server.kill();
  }
}

const median = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor((s.length - 1) / 2)]; };
for (const isolated of [false, true]) {
  const all = [];
  for (let i = 0; i < Number(runs); i++) all.push(await once(isolated));
  const m = (k) => median(all.map((r) => r[k]));
  console.log(`${isolated ? 'shishi-mt (COOP/COEP)' : 'shishi (plain page)'}: engine ready ${m('ready').toFixed(0)} ms after navigation; ` +
    `browser PSS blank ${m('blank').toFixed(0)} MB, board ready ${m('readyMb').toFixed(0)} MB, after analysis to depth 10 ${m('analysedMb').toFixed(0)} MB ` +
    `(runs: ready ${all.map((r) => r.ready.toFixed(0)).join(' ')} ms)`);
}
for (const f of ['shishi.js', 'shishi.wasm', 'shishi-mt.js', 'shishi-mt.wasm', 'shishi-mt.worker.js', 'board.js', 'board.css', 'index.html', 'engine-worker.js']) {
  const data = fs.readFileSync(path.join(root, f));
  console.log(`${f.padEnd(20)} ${String(data.length).padStart(8)} bytes, gzip -9 ${String(zlib.gzipSync(data, { level: 9 }).length).padStart(8)}`);
}
console.log(`load average: ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}; chromium ${execSync('/usr/bin/chromium --version').toString().trim()}`);
