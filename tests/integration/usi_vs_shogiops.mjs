// A whole game through Shishi's USI loop, every move checked against lishogi's own Chu Shogi
// rules (the npm package shogiops, which lishogi and shoginet use). Sente is Shishi at full
// strength, Gote Shishi at Skill Level 0, each its own process, so the game ends. At every
// ply: the move played must be legal for shogiops; a few moves shogiops calls legal must be
// accepted by Shishi's `position`, and one it calls illegal refused; where shogiops ends the
// game by a royal capture, Shishi must answer `info depth 0 score mate 0` and `bestmove resign`.
// Usage: node usi_vs_shogiops.mjs <shishi> <node_modules folder holding shogiops>
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [exe, modules] = process.argv.slice(2);
if (!exe || !modules) {
  console.error('usage: node usi_vs_shogiops.mjs <shishi> <node_modules>');
  process.exit(2);
}
const load = (p) => import(pathToFileURL(path.join(modules, 'shogiops', 'dist', p)).href);
const { parseSfen, initialSfen } = await load('sfen.js');
const { parseUsi, makeUsi } = await load('util.js');

const MAX_PLIES = 600;
const CANDIDATES = 4; // shogiops-legal moves offered to Shishi's `position` per ply

class Engine {
  constructor(name, options) {
    this.name = name;
    this.lines = [];
    this.waiters = [];
    this.proc = spawn(exe, [], { stdio: ['pipe', 'pipe', 'inherit'] });
    createInterface({ input: this.proc.stdout }).on('line', (l) => {
      this.lines.push(l);
      this.waiters = this.waiters.filter((w) => !w(l));
    });
    this.options = options;
  }
  send(l) {
    this.proc.stdin.write(`${l}\n`);
  }
  // Sends the commands, then resolves with every line up to the first starting with `prefix`.
  until(prefix, ...commands) {
    const from = this.lines.length;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.name}: no '${prefix}' in 120 s`)), 120000);
      this.waiters.push((l) => {
        if (!l.startsWith(prefix)) return false;
        clearTimeout(timer);
        resolve(this.lines.slice(from));
        return true;
      });
      for (const c of commands) this.send(c);
    });
  }
  async start() {
    await this.until('usiok', 'usi');
    for (const [k, v] of Object.entries(this.options)) this.send(`setoption name ${k} value ${v}`);
    const out = await this.until('readyok', 'isready');
    const bad = out.filter((l) => l.startsWith('info string'));
    if (bad.length) throw new Error(`${this.name}: ${bad.join(' | ')}`);
  }
  quit() {
    this.send('quit');
  }
}

function fail(msg) {
  console.error(`FAIL: ${msg}`);
  process.exitCode = 1;
  throw new Error(msg);
}

// A deterministic choice, so a failure replays.
let seed = 12345;
const pick = (n) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};

// Legal moves shogiops lists (normal moves; Lion double moves are exercised by the game itself).
function legalMoves(pos) {
  const list = [];
  for (const [from, dests] of pos.allMoveDests()) {
    for (const to of dests) {
      for (const promotion of [false, true]) {
        const md = promotion ? { from, to, promotion } : { from, to };
        if (pos.isLegal(md)) list.push(md);
      }
    }
  }
  return list;
}

const sente = new Engine('sente', { USI_Variant: 'chushogi', USI_Hash: 16 });
const gote = new Engine('gote', { USI_Variant: 'chushogi', USI_Hash: 16, Skill_Level: 0 });
const checker = new Engine('checker', { USI_Variant: 'chushogi', USI_Hash: 1 });
const moves = [];  // the game so far, printed with a failure so that it can be replayed
try {
  await Promise.all([sente.start(), gote.start(), checker.start()]);
  const pos = parseSfen('chushogi', initialSfen('chushogi')).unwrap();
  let accepted = 0;
  let refused = 0;
  for (let ply = 0; ply < MAX_PLIES; ply++) {
    const engine = pos.turn === 'sente' ? sente : gote;
    const position = `position startpos moves ${moves.join(' ')}`;
    const out = await engine.until('bestmove', position, 'go nodes 3000');
    const best = out[out.length - 1].split(/\s+/)[1];
    const scored = out.some((l) => l.startsWith('info ') && l.includes(' score '));
    if (!scored) fail(`ply ${ply}: no score before ${out[out.length - 1]}`);
    if (pos.isEnd()) {
      const outcome = pos.outcome();
      // Any end shogiops calls is an end for Shishi too, with the same winner, answered as
      // Fairy-Stockfish answers it (a royal taken or a bare king alike): the depth-0 score
      // `mate 0` (`cp 0` for a draw) and `bestmove resign`.
      const said = `info string game over by rule, ${outcome?.winner ? `${outcome.winner} wins` : 'draw'}`;
      if (!out.some((l) => l.startsWith(said)))
        fail(`ply ${ply}: shogiops ends the game by ${outcome?.result}; Shishi does not say '${said}'`);
      if (best !== 'resign') fail(`ply ${ply}: the game is over (${outcome?.result}), Shishi plays ${best}`);
      const depth0 = `info depth 0 score ${outcome?.winner ? 'mate 0' : 'cp 0'}`;
      if (!out.includes(depth0)) fail(`ply ${ply}: no '${depth0}'`);
      console.log(`game over after ${ply} plies (${outcome.result}, ${outcome.winner} wins); ` +
                  `${accepted} shogiops-legal moves accepted, ${refused} illegal ones refused`);
      console.log(moves.join(' '));
      break;
    }
    if (ply + 1 === MAX_PLIES) fail(`no end after ${MAX_PLIES} plies`);
    const md = parseUsi(best);
    if (!md || !pos.isLegal(md)) fail(`ply ${ply}: Shishi played '${best}', illegal for shogiops`);
    // Moves shogiops calls legal here are accepted by Shishi, and one it calls illegal is not.
    const legal = legalMoves(pos);
    for (let i = 0; i < CANDIDATES && legal.length; i++) {
      const usi = makeUsi(legal[pick(legal.length)]);
      const check = await checker.until('readyok', `${position} ${usi}`, 'isready');
      if (check.some((l) => l.startsWith('info string'))) fail(`ply ${ply}: Shishi refuses '${usi}': ${check}`);
      accepted++;
    }
    const [from] = [...pos.allMoveDests().keys()];
    if (from !== undefined) {
      const dests = pos.allMoveDests().get(from);
      for (let to = 0; to < 144; to++) {
        if (dests.has(to) || to === from) continue;
        const md2 = { from, to };
        if (pos.isLegal(md2) || pos.isLegal({ from, to, promotion: true })) continue;
        const usi = makeUsi(md2);
        const check = await checker.until('readyok', `${position} ${usi}`, 'isready');
        if (!check.some((l) => l.startsWith('info string position'))) fail(`ply ${ply}: Shishi accepts '${usi}'`);
        refused++;
        break;
      }
    }
    pos.play(md);
    moves.push(best);
  }
} catch (e) {
  if (!process.exitCode) {
    console.error(`FAIL: ${e.message}`);
    process.exitCode = 1;
  }
  console.error(`moves: ${moves.join(' ')}`);
} finally {
  sente.quit();
  gote.quit();
  checker.quit();
}
