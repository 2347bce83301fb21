// What the board's browser tests share: the native engine as the reference (its reading of a
// record, its legal moves), the pass/fail tally, and a headless Chromium page whose console
// errors, page errors and failed requests are collected.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '../../web/package.json'));
const puppeteer = require('puppeteer-core');

// A page that waits longer than this has hung: the bound is for a hang, not a guess at speed.
export const HANG_GUARD_MS = 120000;

// Counts checks and prints each; finish() prints the totals and exits 1 on any failure.
export function checker() {
  let passed = 0, failed = 0;
  return {
    check: (ok, what) => { ok ? passed++ : failed++; console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`); },
    finish: () => { console.log(`${passed} passed, ${failed} failed`); process.exit(failed ? 1 : 0); },
  };
}

// The native engine's reading of a record: `shishi convert <file> x.usi` -> { sfen fields, moves }
// (sfen: the first three fields, or 'startpos').
export function nativeGame(shishi, work, file) {
  const out = path.join(work, 'native.usi');
  execFileSync(shishi, ['convert', file, out, '--game', '1'], { stdio: 'pipe' });
  const text = fs.readFileSync(out, 'utf8').split(/\nresult/)[0];
  const sfen = /^sfen (.+)$/m.exec(text)?.[1];
  return { sfen: sfen ? sfen.split(' ').slice(0, 3).join(' ') : 'startpos', moves: /^moves ([^]*)$/m.exec(text)?.[1].trim().split(/\s+/) ?? [] };
}

// The native engine's legal moves (perft 1) after `position <position>` under a rule set. Its
// perft runs on a thread that `quit` would stop, so quit is sent once the total has come.
export function nativeLegal(shishi, rules, position) {
  const child = spawn(shishi, [], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.write(`usi\nsetoption name Rules value ${rules}\nposition ${position}\nperft 1\n`);
  let out = '';
  return new Promise((resolve) => {
    child.stdout.on('data', (d) => {
      out += d;
      if (!/^nodes \d+$/m.test(out)) return;
      child.stdin.end('quit\n');
      resolve(new Set([...out.matchAll(/^(\S+): 1$/gm)].map((m) => m[1])));
    });
  });
}

// Debian's Chromium, headless, at the size the screenshots are checked at.
export function launchChromium() {
  return puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless=new', '--disable-gpu', '--window-size=1300,900'],
    defaultViewport: { width: 1300, height: 900 },
  });
}

// A new page whose errors of every kind go into `errors`.
export async function watchedPage(browser, errors) {
  const page = await browser.newPage();
  page.setDefaultTimeout(HANG_GUARD_MS);
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));
  return page;
}
