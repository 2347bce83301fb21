// The analysis board in headless Chromium (Debian's, driven by puppeteer-core): it loads from
// a local server, its engine starts (the threaded one when the server sends COOP/COEP), a Lion
// double move is played by three clicks, the analysis shows MultiPV lines in both notations, a
// screenshot shows the move on the board; a lishogi KIF is pasted and stepped through, the game
// graphed, exported as KIF and PGN (read back by the native engine); an XBoard PGN is opened as
// a file; the book rule set changes what the board accepts as the engine does; a game is played
// against Shishi on the clock to its result; and the page logs no error. Every wait is for an
// event on the page, never for a guessed time.
// usage: node board_test.mjs <build-web> <screenshot.png> <native shishi> <records dir> [--isolated]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as web from './web_test_support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const [root, shot, shishi, records] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shishi-web-board-'));
const nativeGame = (file) => web.nativeGame(shishi, work, file);
const nativeLegal = (rules, position) => web.nativeLegal(shishi, rules, position);
const isolated = process.argv.includes('--isolated');
const { check, finish } = web.checker();

// The server prints its address once it listens.
const server = spawn(process.execPath, [path.join(here, '../../web/serve.mjs'), root, '0', ...(isolated ? ['--isolated'] : [])],
  { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((resolve, reject) => {
  let text = '';
  server.stdout.on('data', (d) => { text += d; const m = /serving (\S+)/.exec(text); if (m) resolve(m[1]); });
  server.on('exit', (code) => reject(new Error(`server exited ${code}`)));
});

const browser = await web.launchChromium();
const errors = [];
try {
  const page = await web.watchedPage(browser, errors);
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

  // A lishogi KIF written by shogiops (double moves, 仝 on both steps, a pass, igui), pasted.
  const kifFile = path.join(records, 'shogiops-lion-on-last-square.kif');
  const kifNative = nativeGame(kifFile);
  await page.$eval('#record', (e, t) => { e.value = t; }, fs.readFileSync(kifFile, 'utf8'));
  await page.click('#load');
  const kifStatus = await page.$eval('#load-status', (e) => e.textContent);
  const boardMoves = await page.evaluate(() => window.shishiBoard.state.game.moves);
  check(kifStatus === `loaded: ${kifNative.moves.length} moves` && boardMoves.join() === kifNative.moves.join(),
    `paste KIF: ${kifStatus}, the moves the native reader reads`);
  check(await page.$eval('#lines', (e) => e.textContent === ''), 'the analysis lines of the earlier position are gone');
  // Step from the start to the end with the button; the board shows each position.
  await page.click('#first');
  let stepsOk = true;
  for (let i = 1; i <= kifNative.moves.length; i++) {
    await page.click('#next');
    stepsOk &&= await page.evaluate((n) => {
      const b = window.shishiBoard;
      return document.getElementById('ply').textContent === `${n} / ${b.state.game.moves.length}` &&
        b.ground.state.pieces.size === b.state.positions[n].board.occupied.size();
    }, i);
  }
  check(stepsOk, `stepped through ${kifNative.moves.length} plies to the end, each position drawn`);

  // The evaluation graph over the game: one point per position.
  await page.click('#graph-game');
  await page.waitForFunction(() => /^graph: \d+ positions/.test(document.getElementById('graph-status').textContent));
  const points = await page.$eval('#graph polyline', (e) => e.getAttribute('points').trim().split(/\s+/).length);
  check(points === kifNative.moves.length + 1, `graph: ${points} points for ${kifNative.moves.length + 1} positions`);
  await page.screenshot({ path: shot.replace(/\.png$/, '-graph.png') }); // the game, the graph and its lines, to look at

  // Records, exports and rule sets do not depend on the engine build: only the first run
  // (single-threaded) checks them, to keep the CI time small.
  if (!isolated) {
    // KIF and PGN export, read back by the native engine.
    for (const [button, ext] of [['#export-kif', 'kif'], ['#export-pgn', 'pgn']]) {
      await page.click(button);
      const file = path.join(work, `board.${ext}`);
      fs.writeFileSync(file, await page.$eval('#record', (e) => e.value));
      const back = nativeGame(file);
      check(back.moves.join() === kifNative.moves.join(), `${ext.toUpperCase()} export read back by the native engine: ${back.moves.length} moves`);
    }

    // XBoard's own PGN (SAN, FEN set-up) opened through the file input.
    const pgnFile = path.join(records, 'xboard-setup-fen.pgn');
    const pgnNative = nativeGame(pgnFile);
    const input = await page.$('#file');
    await input.uploadFile(pgnFile);
    await page.waitForFunction(() => document.getElementById('load-status').textContent !== '' &&
      window.shishiBoard.state.game.sfen.startsWith('5k6'));
    const pgnGame = await page.evaluate(() => window.shishiBoard.state.game);
    check(pgnGame.moves.join() === pgnNative.moves.join() && pgnGame.sfen.split(' ').slice(0, 3).join(' ') === pgnNative.sfen,
      `open XBoard PGN file: ${await page.$eval('#load-status', (e) => e.textContent)}, as the native reader reads it`);

    // Rule sets: a Lance promoting on the last rank (lishogi only) and a Lion taking a Lion that
    // only its first victim protected (the book only). The native engine says which is which.
    const rulesSfen = 'k11/g10L/12/7N4/7p4/7n4/12/12/12/12/12/11K b - 1';
    const lishogiLegal = await nativeLegal('lishogi', `sfen ${rulesSfen}`), bookLegal = await nativeLegal('book', `sfen ${rulesSfen}`);
    check(lishogiLegal.has('1b1a+') && !bookLegal.has('1b1a+') && bookLegal.has('5d5e5f') && !lishogiLegal.has('5d5e5f'),
      'the native engine: 1b1a+ only under lishogi, 5d5e5f only under the book');
    const tryUnder = async (rules, usi) => {
      await page.$eval('#record', (e, t) => { e.value = t; }, `sfen ${rulesSfen}`);
      await page.click('#load');
      if (await page.$eval('#rules', (e) => e.value) !== rules) await page.select('#rules', rules);
      await page.waitForFunction(() => window.shishiBoard.state.legal.ready);
      return page.evaluate((u) => window.shishiBoard.tryMove(u), usi);
    };
    check(await tryUnder('lishogi', '1b1a+') && !(await tryUnder('lishogi', '5d5e5f')), 'lishogi: the board takes 1b1a+, refuses 5d5e5f');
    check(!(await tryUnder('book', '1b1a+')) && await tryUnder('book', '5d5e5f'), 'book: the board refuses 1b1a+, takes 5d5e5f');
    // Three positions asked of the referee at once (back, forward, back in one go): each request
    // gets its own answer. (The referee once sent a position while another was in flight; the
    // later requests then never got their perft lines, and the board waited for ever: seen as a
    // timeout in a loaded CI run.)
    await page.evaluate(() => { window.shishiBoard.goTo(0); window.shishiBoard.goTo(1); window.shishiBoard.goTo(0); });
    await page.waitForFunction(() => window.shishiBoard.state.legal.ready);
    const lionDests = await page.evaluate(() => window.shishiBoard.ground.state.movable.dests.get('5d') || []);
    const lionSecond = await page.evaluate(() => [...window.shishiBoard.state.legal.secondSteps('5d', '5e').values()].flat());
    check(lionDests.includes('5e') && lionSecond.includes('5f'), `book: the board offers the engine's moves: 5d to ${lionDests.join(' ')}, then 5e to ${lionSecond.join(' ')}`);
    // A record with a move the book refuses is refused under the book, loaded under lishogi.
    const loadUnder = async (rules, move = '1b1a+') => {
      if (await page.$eval('#rules', (e) => e.value) !== rules) await page.select('#rules', rules);
      await page.$eval('#record', (e, t) => { e.value = t; }, `sfen ${rulesSfen} moves ${move}`);
      await page.click('#load');
      await page.waitForFunction(() => !document.getElementById('load-status').textContent.startsWith('checking'));
      return page.$eval('#load-status', (e) => e.textContent);
    };
    const bookLoad = await loadUnder('book');
    check(bookLoad === 'move 1 (1b1a+) is not legal under the book rules', `book: a record with 1b1a+ is refused: ${bookLoad}`);
    const bookLion = await loadUnder('book', '5d5e5f');
    check(bookLion === 'loaded: 1 moves', `book: a record with 5d5e5f loads: ${bookLion}`);
    const lishogiLoad = await loadUnder('lishogi');
    check(lishogiLoad === 'loaded: 1 moves', `lishogi: the same record loads: ${lishogiLoad}`);
    const lishogiLion = await loadUnder('lishogi', '5d5e5f');
    check(lishogiLion === 'move 1 (5d5e5f) is not legal here', `lishogi: a record with 5d5e5f is refused: ${lishogiLion}`);
    // The fourth repetition under the book (XBoard's rule: the side whose move made it loses):
    // the Kings and Golds shuffle back and forth three times; the engine's verdict ends the game.
    const shuffle = '1l2l 12a11a 2l1l 11a12a';
    const repSfen = 'k10g/12/12/12/12/12/12/12/12/12/12/G10K b - 1';
    if (await page.$eval('#rules', (e) => e.value) !== 'book') await page.select('#rules', 'book');
    await page.$eval('#record', (e, t) => { e.value = t; }, `sfen ${repSfen} moves ${shuffle} ${shuffle} ${shuffle}`);
    await page.click('#load');
    await page.waitForFunction(() => !document.getElementById('load-status').textContent.startsWith('checking'));
    const verdictFor = async (ply) => {
      await page.evaluate((n) => window.shishiBoard.goTo(n), ply);
      await page.waitForFunction(() => window.shishiBoard.state.legal.ready);
      return { turn: await page.$eval('#turn', (e) => e.textContent),
        dests: await page.evaluate(() => window.shishiBoard.ground.state.movable.dests?.size ?? 0) };
    };
    const [before, fourth] = [await verdictFor(11), await verdictFor(12)];
    check(before.turn === 'gote to move' && before.dests > 0 &&
      fourth.turn === 'game over: sente wins (gote repeated the position a fourth time)' && fourth.dests === 0,
      `book: the fourth repetition ends the game: "${before.turn}" after 11 plies, "${fourth.turn}" after 12`);
    check(await tryUnder('lishogi', '1b1a+'), 'back to lishogi: 1b1a+ is taken again');
  }

  // Play against Shishi at Skill Level 3 on a 1-minute clock: it moves first (the human is
  // gote), its move is legal and on the board, the clocks run, it answers the human's move.
  await page.$eval('#record', (e) => { e.value = 'startpos'; });
  await page.click('#load');
  await page.select('#play-side', 'gote');
  await page.$eval('#play-skill', (e) => { e.value = '3'; });
  await page.$eval('#play-minutes', (e) => { e.value = '1'; });
  await page.$eval('#play-inc', (e) => { e.value = '0'; });
  await page.click('#play-start');
  await page.waitForFunction(() => window.shishiBoard.state.game.moves.length === 1);
  const first = await page.evaluate(() => window.shishiBoard.state.game.moves[0]);
  const startSfen = await page.evaluate(() => window.shishiBoard.state.game.sfen);
  const startLegal = await nativeLegal('lishogi', `sfen ${startSfen}`);
  const dest = first.match(/\d+[a-l]/g).pop();
  check(startLegal.has(first) && await page.evaluate((d) => window.shishiBoard.ground.state.pieces.get(d)?.color === 'sente', dest),
    `play: Shishi's first move ${first} is legal and on the board`);
  await page.waitForFunction(() => document.getElementById('clock-gote').textContent !== '☖ 1:00'); // the human's clock runs
  const senteClock = await page.$eval('#clock-sente', (e) => e.textContent);
  check(senteClock !== '☗ 1:00' && /^☗ 0:\d\d$/.test(senteClock), `play: Shishi's clock ran while it thought: ${senteClock}`);
  check(await page.evaluate(() => window.shishiBoard.tryMove('8d8e')), 'play: the human moves 8d8e');
  await page.waitForFunction(() => window.shishiBoard.state.game.moves.length === 3);
  const reply = await page.evaluate(() => window.shishiBoard.state.game.moves);
  const afterTwo = await nativeLegal('lishogi', `sfen ${startSfen} moves ${reply.slice(0, 2).join(' ')}`);
  check(afterTwo.has(reply[2]), `play: Shishi answers with the legal ${reply[2]}`);
  await page.click('#play-stop');

  // A game to its end: Shishi (gote, Skill Level 20) can take the King; the result shows.
  await page.$eval('#record', (e) => { e.value = 'sfen k11/12/12/12/12/12/12/12/12/12/10n1/10GK w - 1'; });
  await page.click('#load');
  await page.select('#play-side', 'sente');
  await page.$eval('#play-skill', (e) => { e.value = '20'; });
  await page.click('#play-start');
  await page.waitForFunction(() => /game over/.test(document.getElementById('play-status').textContent));
  const result = await page.$eval('#play-status', (e) => e.textContent);
  check(/gote wins/.test(result), `play to the end: ${result}`);
} catch (e) {
  check(false, e.message);
} finally {
  check(errors.length === 0, `no console errors${errors.length ? ': ' + errors.join(' | ') : ''}`);
  await browser.close();
  server.kill();
  fs.rmSync(work, { recursive: true, force: true });
}
finish();
