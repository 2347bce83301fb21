// Drives a browser build of Shishi (build-wasm/shishi.js or shishi-mt.js) through a USI
// session in node, through the same interface a page uses: Shishi() -> engine with
// postMessage(line) and addMessageListener(fn). Every bestmove is checked legal by the native
// engine, and a fixed-depth search must visit as many nodes as the native one does.
// usage: node usi_session.mjs <shishi.js> <native shishi>
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import path from 'node:path';

const [engineJs, nativeExe] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const HANG_GUARD_MS = 120000; // only a hung engine ever reaches this
let passed = 0, failed = 0;
function check(ok, what) {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
}

// A line-by-line view of an engine's output: waitFor() resolves with the first line, after
// those already consumed, that matches.
class Lines {
  constructor() { this.lines = []; this.cursor = 0; this.waiters = []; }
  push(line) {
    this.lines.push(line);
    this.waiters = this.waiters.filter((w) => !w());
  }
  waitFor(test, what) {
    if (typeof test === 'string') { const prefix = test; test = (l) => l.startsWith(prefix); }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no line ${what || test} within ${HANG_GUARD_MS} ms`)), HANG_GUARD_MS);
      const attempt = () => {
        for (let i = this.cursor; i < this.lines.length; i++)
          if (test(this.lines[i])) {
            this.cursor = i + 1;
            clearTimeout(timer);
            resolve({ line: this.lines[i], before: this.lines.slice(0, i + 1) });
            return true;
          }
        return false;
      };
      if (!attempt()) this.waiters.push(attempt);
    });
  }
}

const lastNodes = (lines) => {
  let n = -1;
  for (const l of lines) { const m = / nodes (\d+)/.exec(l); if (l.startsWith('info ') && m) n = Number(m[1]); }
  return n;
};

// The native engine over a pipe, for node counts and legality.
function native() {
  const child = spawn(nativeExe, [], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = new Lines();
  let rest = '';
  child.stdout.on('data', (d) => {
    rest += d;
    const parts = rest.split('\n');
    rest = parts.pop();
    parts.forEach((l) => lines.push(l));
  });
  return { send: (l) => child.stdin.write(l + '\n'), lines, child };
}

// Is `move` legal after `position`? The native engine refuses an illegal move list with an
// info string, and then answers the next go with resign.
async function legal(nat, position, move) {
  if (!move || move === 'resign' || move === 'win') return false;
  nat.send(`position ${position}${position.includes(' moves ') ? '' : ' moves'} ${move}`);
  nat.send('go depth 1');
  const { line } = await nat.lines.waitFor('bestmove ');
  return line !== 'bestmove resign';
}

const threaded = path.basename(engineJs).includes('-mt');
const Shishi = require(path.resolve(engineJs));
const t0 = performance.now();
const engine = await Shishi();
const lines = new Lines();
engine.addMessageListener((l) => lines.push(l));
const send = (l) => engine.postMessage(l);
const nat = native();
nat.send('usi');
await nat.lines.waitFor('usiok');

try {
  send('usi');
  const { before } = await lines.waitFor('usiok');
  console.log(`ready in ${Math.round(performance.now() - t0)} ms (${threaded ? 'threads' : 'single-threaded'})`);
  check(before.some((l) => l.startsWith('id name Shishi')), 'usi: id name');
  check(before.some((l) => l.startsWith('option name USI_Hash type spin default 16 ')), 'usi: the browser default hash is 16 MB');
  const threadsLine = before.find((l) => l.startsWith('option name Threads ')) || '';
  const maxThreads = Number(/max (\d+)/.exec(threadsLine)?.[1]);
  check(threaded ? maxThreads >= 1 : maxThreads === 1, `usi: ${threadsLine}`);

  send('setoption name USI_Hash value 16');
  send('isready');
  await lines.waitFor('readyok');
  check(true, 'isready: readyok');

  // Same search, same nodes as native.
  const pos = 'startpos moves 7i7h 6d6e';
  for (const l of ['setoption name USI_Hash value 16', 'isready', `position ${pos}`, 'go depth 6']) { send(l); nat.send(l); }
  const wasm6 = await lines.waitFor('bestmove ');
  const nat6 = await nat.lines.waitFor('bestmove ');
  const wn = lastNodes(wasm6.before.slice(-40)), nn = lastNodes(nat6.before.slice(-40));
  check(wn > 0 && wn === nn, `go depth 6: ${wn} nodes, native ${nn}`);
  check(wasm6.line === nat6.line, `go depth 6: ${wasm6.line}, native ${nat6.line}`);
  check(await legal(nat, pos, wasm6.line.split(' ')[1]), `go depth 6: ${wasm6.line} is legal`);

  // The embedded net: the same static evaluations and the same search as native; EvalFile
  // finds no file in the browser's empty virtual file system, and the embedded net stays.
  for (const l of ['setoption name Use_NNUE value true', 'isready']) { send(l); nat.send(l); }
  await lines.waitFor('readyok');
  await nat.lines.waitFor('readyok');
  // (The two sfens are the start without a Lion and a Queen, and without a Pawn: the placeholder
  // net counts material only.)
  const uneven = ['sfen lfcsgekgscfl/a1b1txot1b1a/mvrhdq1dhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDN1DHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1',
    'sfen lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPP1PPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 1'];
  for (const p of ['startpos', pos, 'startpos moves 7i7h 6d6e 8i8h 5d5e 4i4h 7d7e 3l3k 8d8e', ...uneven]) {
    for (const l of [`position ${p}`, 'eval']) { send(l); nat.send(l); }
    const we = await lines.waitFor('info string evaluation ');
    const ne = await nat.lines.waitFor('info string evaluation ');
    check(we.line === ne.line && we.line.includes(' cp by nnue '), `eval with the net (${p}): ${we.line}, native ${ne.line}`);
  }
  // (usinewgame: the two tables have had different histories since the hash was set.)
  for (const l of ['usinewgame', `position ${pos}`, 'go depth 4']) { send(l); nat.send(l); }
  const wasmNet = await lines.waitFor('bestmove ');
  const natNet = await nat.lines.waitFor('bestmove ');
  const wnn = lastNodes(wasmNet.before.slice(-40)), nnn = lastNodes(natNet.before.slice(-40));
  check(wnn > 0 && wnn === nnn && wasmNet.line === natNet.line, `go depth 4 with the net: ${wnn} nodes ${wasmNet.line}, native ${nnn} ${natNet.line}`);
  send('setoption name EvalFile value /shishi.nnue');
  const refused = await lines.waitFor('info string ');
  check(refused.line.includes('cannot open'), `EvalFile in the browser: ${refused.line}`);
  for (const l of ['setoption name Use_NNUE value false', 'isready']) { send(l); nat.send(l); }
  await lines.waitFor('readyok');
  await nat.lines.waitFor('readyok');

  // A timed search.
  send('position startpos');
  send('go movetime 300');
  const timed = await lines.waitFor('bestmove ');
  check(await legal(nat, 'startpos', timed.line.split(' ')[1]), `go movetime 300: ${timed.line} is legal`);

  // MultiPV lines.
  send('setoption name MultiPV value 3');
  send('go depth 3');
  const multi = await lines.waitFor('bestmove ');
  check([1, 2, 3].every((k) => multi.before.some((l) => l.startsWith('info depth 3 ') && l.includes(` multipv ${k} `))), 'MultiPV 3: three lines at depth 3');
  send('setoption name MultiPV value 1');

  // go infinite ends on stop; isready is answered while it runs.
  send('position startpos moves 7i7h');
  send('go infinite');
  await lines.waitFor((l) => /^info depth [3-9]/.test(l), 'info depth >= 3');
  send('isready');
  const ready = await lines.waitFor((l) => l === 'readyok' || l.startsWith('bestmove '), 'readyok');
  check(ready.line === 'readyok', 'isready during go infinite: readyok before any bestmove');
  send('stop');
  const stopped = await lines.waitFor('bestmove ');
  check(await legal(nat, 'startpos moves 7i7h', stopped.line.split(' ')[1]), `stop after go infinite: ${stopped.line} is legal`);

  // go ponder holds its answer until ponderhit.
  send('position startpos');
  send('go ponder btime 1000 wtime 1000 byoyomi 200');
  await lines.waitFor((l) => /^info depth [2-9]/.test(l), 'info depth >= 2 while pondering');
  send('isready');
  const held = await lines.waitFor((l) => l === 'readyok' || l.startsWith('bestmove '), 'readyok while pondering');
  check(held.line === 'readyok', 'go ponder: no bestmove before ponderhit');
  send('ponderhit');
  const hit = await lines.waitFor('bestmove ');
  check(await legal(nat, 'startpos', hit.line.split(' ')[1]), `ponderhit: ${hit.line} is legal`);

  // perft 1 lists the legal moves as the native engine does (the single-threaded build counts
  // on its own thread: it aborted there before); a stop ends a deeper one.
  const perftPos = 'position startpos moves 7i7h 6d6e';
  for (const l of [perftPos, 'perft 1']) { send(l); nat.send(l); }
  const wasmPerft = await lines.waitFor((l) => /^nodes \d+$/.test(l), 'perft total');
  const natPerft = await nat.lines.waitFor((l) => /^nodes \d+$/.test(l), 'native perft total');
  const listed = (r) => r.before.filter((l) => /^\S+: 1$/.test(l)).sort().join();
  check(wasmPerft.line === natPerft.line && listed(wasmPerft) === listed(natPerft), `perft 1: ${wasmPerft.line}, the native engine's moves`);
  send('perft 4');
  await lines.waitFor((l) => /^\S+: \d+$/.test(l), 'a perft 4 line');
  send('stop');
  const perftEnd = await lines.waitFor((l) => l.startsWith('info string perft stopped') || /^nodes \d+$/.test(l), 'perft 4 ends');
  check(perftEnd.line.startsWith('info string perft stopped'), `perft 4 ended by stop: ${perftEnd.line}`);
  send('isready');
  await lines.waitFor('readyok');

  send('quit');
} catch (e) {
  check(false, e.message);
}
nat.send('quit');
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
