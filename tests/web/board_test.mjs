// The analysis board in headless Chromium (Debian's, driven by puppeteer-core): it loads from
// a local server, its engine starts (the threaded one when the server sends COOP/COEP), a Lion
// double move is played by three clicks, the analysis shows engine lines, a screenshot shows
// the move on the board, and the page logs no error.
// usage: node board_test.mjs <build-web> <screenshot.png> [--isolated]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '../../web/package.json'));
const puppeteer = require('puppeteer-core');
const [root, shot] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const isolated = process.argv.includes('--isolated');
const HANG_GUARD_MS = 120000;
let passed = 0, failed = 0;
const check = (ok, what) => { ok ? passed++ : failed++; console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`); };

// The server prints its address once it listens.
const server = spawn(process.execPath, [path.join(here, '../../web/serve.mjs'), root, '0', ...(isolated ? ['--isolated'] : [])],
  { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((resolve, reject) => {
  let text = '';
  server.stdout.on('data', (d) => { text += d; const m = /serving (\S+)/.exec(text); if (m) resolve(m[1]); });
  server.on('exit', (code) => reject(new Error(`server exited ${code}`)));
});

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless=new', '--disable-gpu', '--window-size=1300,900'],
  defaultViewport: { width: 1300, height: 900 },
});
const errors = [];
try {
  const page = await browser.newPage();
  page.setDefaultTimeout(HANG_GUARD_MS);
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));
  await page.goto(url, { waitUntil: 'load' });

  await page.waitForFunction(() => document.getElementById('engine-id').textContent.startsWith('Shishi'));
  const engineName = await page.$eval('#engine-name', (e) => e.textContent);
  check(engineName === (isolated ? 'shishi-mt loaded' : 'shishi loaded'), `engine: ${engineName}`);

  // A Lion on 6g with a gote pawn on 6f: capture it and go on to 6e in one move (gote keeps a
  // gold, so the game goes on: no bare king).
  await page.$eval('#record', (e) => { e.value = 'sfen k10g/12/12/12/12/6p5/6N5/12/12/12/12/11K b - 1'; });
  await page.click('#load');
  const status = await page.$eval('#load-status', (e) => e.textContent);
  check(status === 'loaded: 0 moves', `load SFEN: ${status}`);
  const box = await page.$eval('#board', (e) => { const r = e.getBoundingClientRect(); return { x: r.left, y: r.top, w: r.width, h: r.height }; });
  const center = (sq) => {
    const file = Number(sq.slice(0, -1)), rank = sq.charCodeAt(sq.length - 1) - 97;
    return [box.x + ((12 - file) + 0.5) * box.w / 12, box.y + (rank + 0.5) * box.h / 12];
  };
  // Each click is answered before the next (the board animates and re-renders in between).
  await page.mouse.click(...center('6g'));
  await page.waitForFunction(() => window.shishiBoard.ground.state.selected === '6g');
  await page.mouse.click(...center('6f'));
  await page.waitForFunction(() => window.shishiBoard.state.lionFirst !== undefined);
  await page.mouse.click(...center('6e'));
  await page.waitForFunction(() => window.shishiBoard.state.game.moves.length > 0);
  const moves = await page.evaluate(() => window.shishiBoard.state.game.moves);
  check(moves.length === 1 && moves[0] === '6g6f6e', `Lion double move by clicks: ${JSON.stringify(moves)}`);
  const shown = await page.$eval('#moves', (e) => e.textContent);
  check(shown.startsWith('1. '), `move list: ${shown}`);

  // Live analysis of the position after it (gote to move): MultiPV lines in both notations.
  await page.click('#analyse');
  await page.waitForFunction(() => document.querySelectorAll('#lines .pv').length >= 2 &&
    /depth ([4-9]|\d\d)/.test(document.getElementById('lines').textContent));
  const lines = await page.$$eval('#lines .pv', (els) => els.map((e) => ({ w: e.querySelector('.western').textContent, u: e.querySelector('.usi').textContent })));
  check(lines.every((l) => l.w.length > 0 && /^\d+[a-l]/.test(l.u)), `analysis lines: ${JSON.stringify(lines.slice(0, 2))}`);
  const bar = await page.$eval('#bar-fill', (e) => parseFloat(e.style.height));
  check(bar > 50, `score bar favours sente after winning a pawn: ${bar}%`);
  await page.click('#analyse');

  // Step back and forth.
  await page.click('#prev');
  check((await page.$eval('#ply', (e) => e.textContent)) === '0 / 1', 'step back');
  await page.click('#next');
  check((await page.$eval('#ply', (e) => e.textContent)) === '1 / 1', 'step forward');

  // The screenshot: the Lion's kanji is now drawn on 6e, and 6g and 6f are empty board.
  await page.waitForFunction(() => !window.shishiBoard.ground.state.animation.current); // stepping animates
  await page.screenshot({ path: shot });
  const png = fs.readFileSync(shot).toString('base64');
  const cells = await page.evaluate(async (data, squares) => {
    const img = new Image();
    img.src = `data:image/png;base64,${data}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width; c.height = img.height;
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0);
    // Share of dark (ink) pixels in the middle half of each square.
    return squares.map(([x, y, s]) => {
      const d = g.getImageData(Math.round(x - s / 4), Math.round(y - s / 4), Math.round(s / 2), Math.round(s / 2)).data;
      let dark = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i] + d[i + 1] + d[i + 2] < 200) dark++;
      return dark / (d.length / 4);
    });
  }, png, ['6e', '6f', '6g'].map((sq) => [...center(sq), box.w / 12]));
  check(cells[0] > 0.05, `screenshot: ink on 6e (${cells[0].toFixed(3)})`);
  check(cells[1] < 0.01 && cells[2] < 0.01, `screenshot: 6f and 6g empty (${cells[1].toFixed(3)}, ${cells[2].toFixed(3)})`);

  // Export.
  await page.click('#export-kif');
  const kif = await page.$eval('#record', (e) => e.value);
  check(/^\s*1手目/m.test(kif), 'KIF export has the move');
} catch (e) {
  check(false, e.message);
} finally {
  check(errors.length === 0, `no console errors${errors.length ? ': ' + errors.join(' | ') : ''}`);
  await browser.close();
  server.kill();
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
