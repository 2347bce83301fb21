// The analysis board opened as a file (file://, no server) in headless Chromium (Debian's, driven
// by puppeteer-core): the single-threaded engine starts from shishi-file.js (a Blob worker, the
// .wasm inside), a lishogi KIF is pasted and loads as the native reader reads it, the engine's
// analysis lines come, a move is made on the board and Shishi answers it with a legal move, a
// screenshot is taken, and the page logs no error and fetches nothing that fails. Every wait is
// for an event on the page, never for a guessed time.
// usage: node file_test.mjs <build-web> <screenshot.png> <native shishi> <records dir>
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as web from './web_test_support.mjs';

const [root, shot, shishi, records] = process.argv.slice(2);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shishi-web-file-'));
const nativeGame = (file) => web.nativeGame(shishi, work, file);
const nativeLegal = (position) => web.nativeLegal(shishi, 'lishogi', position);
const { check, finish } = web.checker();

const browser = await web.launchChromium();
const errors = [];
try {
  const page = await web.watchedPage(browser, errors);
  const url = pathToFileURL(path.resolve(root, 'index.html')).href;
  const started = Date.now();
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => document.getElementById('engine-id').textContent.startsWith('Shishi'));
  console.log(`engine ready ${Date.now() - started} ms after navigation to ${url}`);
  const engineName = await page.$eval('#engine-name', (e) => e.textContent);
  check(engineName === 'shishi-file loaded', `engine from file://: ${engineName}`);

  // A KIF from lishogi's site (double moves, 仝, comments), pasted.
  const kifFile = path.join(records, 'lishogi-game.kif');
  const native = nativeGame(kifFile);
  await page.$eval('#record', (e, t) => { e.value = t; }, fs.readFileSync(kifFile, 'utf8'));
  await page.click('#load');
  const status = await page.$eval('#load-status', (e) => e.textContent);
  const boardMoves = await page.evaluate(() => window.shishiBoard.state.game.moves);
  check(native.moves.length > 0 && status === `loaded: ${native.moves.length} moves` && boardMoves.join() === native.moves.join(),
    `paste KIF: ${status}, the moves the native reader reads`);
  await page.evaluate(() => window.shishiBoard.goTo(window.shishiBoard.state.game.moves.length));

  // The engine's analysis of the game's last position: three MultiPV lines in both notations.
  await page.click('#analyse');
  await page.waitForFunction(() => document.querySelectorAll('#lines .pv').length >= 3 &&
    /depth ([4-9]|\d\d)/.test(document.getElementById('lines').textContent));
  const lines = await page.$$eval('#lines .pv', (els) => els.map((e) => ({ w: e.querySelector('.western').textContent, u: e.querySelector('.usi').textContent })));
  const afterKif = await nativeLegal(`startpos moves ${native.moves.join(' ')}`);
  check(lines.every((l) => l.w.length > 0 && afterKif.has(l.u.split(/\s+/)[0])),
    `analysis lines, each first move legal: ${JSON.stringify(lines.map((l) => l.u.split(/\s+/)[0]))}`);
  await page.click('#analyse');

  // A move on the board by two clicks: the first of the engine's lines (else any legal move)
  // that is one step and can ask no promotion question (from and to outside the mover's zone).
  const box = await page.$eval('#board', (e) => { const r = e.getBoundingClientRect(); return { x: r.left, y: r.top, w: r.width, h: r.height }; });
  const center = (sq) => {
    const file = Number(sq.slice(0, -1)), rank = sq.charCodeAt(sq.length - 1) - 97;
    return [box.x + ((12 - file) + 0.5) * box.w / 12, box.y + (rank + 0.5) * box.h / 12];
  };
  const plies = native.moves.length;
  const zone = plies % 2 === 0 ? /[a-d]$/ : /[i-l]$/; // sente promotes on ranks a-d, gote on i-l
  const plain = (u) => !u.includes('+') && u.match(/\d+[a-l]/g).length === 2 && u.match(/\d+[a-l]/g).every((sq) => !zone.test(sq));
  const move = [...lines.map((l) => l.u.split(/\s+/)[0]), ...afterKif].find(plain);
  const [from, to] = move.match(/\d+[a-l]/g);
  await page.mouse.click(...center(from));
  await page.waitForFunction((s) => window.shishiBoard.ground.state.selected === s, {}, from);
  await page.mouse.click(...center(to));
  await page.waitForFunction((n) => window.shishiBoard.state.game.moves.length > n, {}, plies);
  const made = await page.evaluate(() => window.shishiBoard.state.game.moves);
  check(made.length === plies + 1 && made[plies] === move, `a move on the board by clicks: ${made[plies]}`);

  // Play on against Shishi: it takes the side to move and answers with a legal move.
  await page.select('#play-side', made.length % 2 === 0 ? 'gote' : 'sente');
  await page.$eval('#play-skill', (e) => { e.value = '3'; });
  await page.$eval('#play-minutes', (e) => { e.value = '1'; });
  await page.$eval('#play-inc', (e) => { e.value = '0'; });
  await page.click('#play-start');
  await page.waitForFunction((n) => window.shishiBoard.state.game.moves.length === n + 2, {}, plies);
  const reply = await page.evaluate(() => window.shishiBoard.state.game.moves);
  const legalReply = await nativeLegal(`startpos moves ${reply.slice(0, plies + 1).join(' ')}`);
  check(legalReply.has(reply[plies + 1]), `Shishi answers with the legal ${reply[plies + 1]}`);
  await page.click('#play-stop');
  await page.waitForFunction(() => !window.shishiBoard.ground.state.animation.current);
  await page.screenshot({ path: shot });
} catch (e) {
  check(false, e.message);
} finally {
  check(errors.length === 0, `no console errors${errors.length ? ': ' + errors.join(' | ') : ''}`);
  await browser.close();
  fs.rmSync(work, { recursive: true, force: true });
}
finish();
