// The board's game records (web/src/records.js) on the project's fixtures: each file loads,
// and KIF and PGN written from it load back to the same moves. XBoard SAN PGN and illegal
// moves are refused with a message.
// usage: node records_test.mjs <tests/data/records>
import fs from 'node:fs';
import path from 'node:path';
import { parseRecord, exportKif, exportPgn } from '../../web/src/records.js';

const dir = process.argv[2];
let passed = 0, failed = 0;
const check = (ok, what) => { ok ? passed++ : failed++; console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`); };
const read = (f) => parseRecord(fs.readFileSync(path.join(dir, f), 'utf8'));

for (const [file, plies, first] of [['lishogi-game.kif', 14, ['7j7h', '6c6e']], ['shishi-match-2games.pgn', 363, ['5k4k', '6c7e']],
  ['setup-gote-to-move.kif', 5, ['8d8e', '7f8e7d']]]) {
  const r = read(file);
  check(!r.error && r.game.moves.length === plies && first.every((m, i) => r.game.moves[i] === m),
    `${file}: ${r.error || r.game.moves.length + ' moves'}`);
  if (r.error) continue;
  const kif = parseRecord(exportKif(r.game));
  check(!kif.error && kif.game.sfen === r.game.sfen && kif.game.moves.join() === r.game.moves.join(), `${file}: KIF round trip ${kif.error || ''}`);
  const pgn = exportPgn(r.game);
  if (pgn.text) {
    const back = parseRecord(pgn.text);
    check(!back.error && back.game.moves.join() === r.game.moves.join(), `${file}: PGN round trip ${back.error || ''}`);
  } else check(r.game.sfen !== parseRecord('startpos').game.sfen, `${file}: PGN refused for a set-up position: ${pgn.error}`);
}
const san = read('xboard-shishi-vs-hachu.pgn');
check(/not a coordinate move/.test(san.error || ''), `XBoard SAN PGN refused: ${san.error}`);
check(parseRecord('position startpos moves 7i7h 6d6e').game?.moves.length === 2, 'USI position command');
check(parseRecord('7i7h 6d6e').game?.moves.length === 2, 'USI move list');
check(/move 2 \(7i7h\) is not legal/.test(parseRecord('7i7h 7i7h').error || ''), 'an illegal USI move is named');
check(/not an SFEN/.test(parseRecord('hello there').error || ''), 'text that is no record is refused');
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
