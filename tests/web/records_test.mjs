// The board's game records (web/src/records.js) on the project's fixtures: each file loads to
// the same start position and moves as the native reader (`shishi convert <file> x.usi`) reads
// it, and the KIF and PGN the board writes from it are read back to the same game both by the
// board and by the native reader. Bad records are refused with a message.
// usage: node records_test.mjs <tests/data/records> <shishi>
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { parseRecord, exportKif, exportPgn } from '../../web/src/records.js';

const [dir, shishi] = process.argv.slice(2);
let passed = 0, failed = 0;
const check = (ok, what) => { ok ? passed++ : failed++; console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`); };
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shishi-web-records-'));

// The native reader's game: `shishi convert` to a USI list ("sfen ...", "moves ...").
function nativeGame(file) {
  const out = path.join(work, 'native.usi');
  execFileSync(shishi, ['convert', file, out, '--game', '1'], { stdio: 'pipe' });
  const text = fs.readFileSync(out, 'utf8');
  const sfen = /^(?:position )?sfen (.+)$/m.exec(text)?.[1] ?? (/^(?:position )?startpos/m.test(text) ? parseRecord('startpos').game.sfen : undefined);
  const moves = /^moves ([^]*)$/m.exec(text.split(/\nresult/)[0])?.[1].trim().split(/\s+/) ?? [];
  return { sfen, moves };
}
// The same game: position fields (the move number aside: writers number gote's first move 1 or 2)
// and moves.
const fields = (sfen) => sfen.split(' ').slice(0, 3).join(' ');
const same = (a, b) => fields(a.sfen) === fields(b.sfen) && a.moves.join() === b.moves.join();

const fixtures = ['lishogi-game.kif', 'shogiops-lion-on-last-square.kif', 'lishogi-server-lion-on-last-square.kif', 'setup-gote-to-move.kif', 'shogiops-setup-gote.kif',
  'shishi-match-2games.pgn', 'xboard-shishi-vs-hachu.pgn', 'xboard-shishi-vs-shishi.pgn', 'xboard-setup-fen.pgn'];
for (const file of fixtures) {
  const r = parseRecord(fs.readFileSync(path.join(dir, file), 'utf8'));
  const native = nativeGame(path.join(dir, file));
  check(!r.error && same(r.game, native), `${file}: ${r.error || r.game.moves.length + ' moves'}, as the native reader reads it (${native.moves.length})`);
  if (r.error) continue;
  for (const [ext, text] of [['kif', exportKif(r.game)], ['pgn', exportPgn(r.game).text]]) {
    const back = parseRecord(text);
    const written = path.join(work, `board.${ext}`);
    fs.writeFileSync(written, text);
    check(!back.error && same(back.game, r.game), `${file}: ${ext.toUpperCase()} written and read back by the board ${back.error || ''}`);
    check(same(nativeGame(written), r.game), `${file}: ${ext.toUpperCase()} written by the board, read by the native reader`);
  }
}
const bad = (text, pattern, what) => { const e = parseRecord(text).error || ''; check(pattern.test(e), `${what}: ${e}`); };
bad('[Variant "chu"]\n\n1. Zf5 *', /move 1 \(Zf5\) is not read: .*no piece/, 'a SAN move with an unknown piece is named');
bad('[Variant "chu"]\n\n1. Nf9 *', /move 1 \(Nf9\) is not read: .*no legal move/, 'a SAN move no piece can make is named');
bad('[Variant "chu"]\n[FEN "12/12 x"]\n\n*', /FEN/, 'a bad FEN tag is refused');
bad('[Variant "shogi"]\n\n1. e4 *', /not Chu Shogi/, 'another variant is refused');
check(parseRecord('position startpos moves 7i7h 6d6e').game?.moves.length === 2, 'USI position command');
check(parseRecord('7i7h 6d6e').game?.moves.length === 2, 'USI move list');
bad('7i7h 7i7h', /move 2 \(7i7h\) is not legal/, 'an illegal USI move is named');
bad('hello there', /not an SFEN/, 'text that is no record is refused');
fs.rmSync(work, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
