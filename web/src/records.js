// Game records in and out: SFEN, a USI move list, lishogi KIF (through shogiops) and XBoard
// PGN (its coordinate moves read and written here: shogiops has no PGN).
import { parseSfen, makeSfen, initialSfen } from 'shogiops/sfen';
import { parseUsi, makeUsi } from 'shogiops/util';
import { xboardFenToSfen, sfenToXboardFen, parseXboardMove, usiMoveToXboard } from './xboard.js';
import { parseKifHeader, parseTags, normalizedKifLines, parseKifMoveOrDrop, makeKifPositionHeader, makeKifMoveOrDrop } from 'shogiops/notation/kif';

export const START_SFEN = initialSfen('chushogi');

// A game: its start position (SFEN) and USI moves; `tags` are kept for export.
export function newGame(sfen = START_SFEN, moves = [], tags = {}) {
  return { sfen, moves, tags };
}

// Which moves a record may hold: shogiops' legality (lishogi's rules) unless the caller gives
// another test (the board under the book rules reads leniently, then asks the engine).
const shogiopsLegal = (pos, md) => pos.isLegal(md);

// Plays the moves on the start position, checking each: the positions, or an error naming the
// first move that cannot be played.
export function replay(game, legal = shogiopsLegal) {
  const start = parseSfen('chushogi', game.sfen);
  if (start.isErr) return { error: `not a Chu Shogi SFEN: ${start.error.message}` };
  const positions = [start.value];
  for (let i = 0; i < game.moves.length; i++) {
    const pos = positions[i].clone();
    const md = parseUsi(game.moves[i]);
    if (!md || !legal(pos, md)) return { error: `move ${i + 1} (${game.moves[i]}) is not legal here` };
    pos.play(md);
    positions.push(pos);
  }
  return { positions };
}

// The first game of a PGN file as XBoard writes it: SAN or coordinate moves, from the start
// position or from its FEN tag (with SetUp "1"); comments (XBoard's board diagram after a set-up
// among them), variations and NAGs are skipped.
function parsePgn(all, legal) {
  const second = all.search(/\n\s*\n\s*\[Event /);
  const text = second > 0 ? all.slice(0, second) : all;
  const tags = {};
  for (const m of text.matchAll(/^\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]/gm)) tags[m[1]] = m[2].replace(/\\(.)/g, '$1');
  if (tags.Variant && !/^chu/i.test(tags.Variant)) return { error: `PGN: variant "${tags.Variant}" is not Chu Shogi` };
  let sfen = START_SFEN;
  if (tags.FEN) {
    const f = xboardFenToSfen(tags.FEN);
    if (f.error) return { error: `PGN: ${f.error}` };
    sfen = f.sfen;
  }
  const start = parseSfen('chushogi', sfen);
  if (start.isErr) return { error: `PGN: the FEN tag is not a Chu Shogi position: ${start.error.message}` };
  const body = text
    .replace(/^\s*\[.*\]\s*$/gm, '')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/;[^\n]*/g, ' ')
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\$\d+/g, ' ');
  const pos = start.value;
  const moves = [];
  for (const token of body.split(/\s+/)) {
    if (!token || /^\d+\.+$/.test(token) || /^(1-0|0-1|1\/2-1\/2|\*)$/.test(token)) continue;
    const t = token.replace(/^\d+\.+/, '');
    if (!t) continue;
    const r = parseXboardMove(pos, t, legal);
    const md = r.usi && parseUsi(r.usi);
    if (!md || !legal(pos, md)) return { error: `PGN: move ${moves.length + 1} (${token}) ${r.error ? 'is not read: ' + r.error : 'is not legal here'}` };
    moves.push(r.usi);
    pos.play(md);
  }
  delete tags.FEN;
  delete tags.SetUp;
  return { game: newGame(sfen, moves, tags) };
}

// lishogi's Chu Shogi KIF: a Lion's two steps are two lines, "5手目一歩目" and "5手目二歩目".
function parseKif(original, legal) {
  // scalashogi (lishogi's server) draws a promoted Pawn 杏 in the diagram, which shogiops does not
  // know (it would leave the square empty): give it shogiops' 成歩 in the same cell width.
  const text = original.replace(/^\|.*$/gm, (row) => row.replace(/ (v?)杏/g, (_, v) => (v ? 'v成歩' : ' 成歩')));
  // shogiops knows a Chu KIF by its 12-line board diagram; without one (lishogi writes none
  // for the start position) the game starts from Chu Shogi's initial position.
  const hasBoard = normalizedKifLines(text).some((l) => l.startsWith('|'));
  const header = hasBoard ? parseKifHeader(text) : parseSfen('chushogi', START_SFEN);
  if (header.isErr) return { error: `KIF: ${header.error.message}` };
  if (header.value.rules !== 'chushogi') return { error: 'KIF: not a Chu Shogi game' };
  const tags = Object.fromEntries(parseTags(text));
  const pos = header.value.clone();
  const moves = [];
  let lastDest, firstStep;
  for (const line of normalizedKifLines(text)) {
    if (/^\s*変化/.test(line)) break; // the main line ends where the variations begin
    // "5手目一歩目 ...", "  5 手目 ..." (shogiops spaces the number from 手目), "5 ...".
    const m = /^\s*(\d+)\s*(?:手目)?(一歩目|二歩目)?\s+(\S+(?:\s*[（(][^）)]*[）)])?)/.exec(line);
    if (!m) continue;
    const step = parseKifMoveOrDrop(m[3].replace(/[（(]じっと[）)]/, ''), lastDest); // a pass: out and back
    if (!step) break; // 投了, 中断 and other endings
    let md = step;
    // Both lines of a double move read 仝 as the last move's square (shogiops writes 仝 on the
    // first line too when the move ends there): the first step's square is the second line's
    // origin, the first line gives only where the piece started.
    if (m[2] === '一歩目') { firstStep = step; continue; }
    if (m[2] === '二歩目') {
      if (!firstStep) return { error: `KIF: move ${m[1]} has a second step without a first` };
      md = { from: firstStep.from, midStep: step.from, to: step.to, promotion: step.promotion };
      firstStep = undefined;
    }
    if (!legal(pos, md)) return { error: `KIF: move ${m[1]} (${m[3]}) is not legal here` };
    moves.push(makeUsi(md));
    pos.play(md);
    lastDest = md.to;
  }
  return { game: newGame(makeSfen(header.value), moves, tags) };
}

// Reads any of the four forms; { game } or { error }. "position ..." (a USI command) is read too.
// `legal(pos, md)` decides which moves it takes (shogiops' by default).
export function parseRecord(text, legal = shogiopsLegal) {
  const checked = (r) => {
    if (r.error) return r;
    const played = replay(r.game, legal);
    return played.error ? { error: played.error } : r;
  };
  const t = text.trim();
  if (!t) return { error: 'nothing to load' };
  if (/^\s*\[/.test(t) || /^1\.\s*[a-l]/.test(t)) return checked(parsePgn(t, legal));
  if (/手合割|先手|後手|指手|^\s*\d+\s+[０-９一-龥]/m.test(t)) return checked(parseKif(t, legal));
  const pc = /^(?:position\s+)?(startpos|sfen\s+(.+?))(?:\s+moves\s+(.*))?$/s.exec(t);
  if (pc) {
    const sfen = pc[1] === 'startpos' ? START_SFEN : pc[2];
    return checked({ game: newGame(sfen, pc[3] ? pc[3].trim().split(/\s+/) : []) });
  }
  const words = t.split(/\s+/);
  if (words.every((w) => parseUsi(w))) return checked({ game: newGame(START_SFEN, words) });
  const sfenMoves = /^(.+?\s+[bw]\s+\S+(?:\s+\d+)?)(?:\s+moves\s+(.*))?$/s.exec(t);
  if (sfenMoves) return checked({ game: newGame(sfenMoves[1], sfenMoves[2] ? sfenMoves[2].split(/\s+/) : []) });
  return { error: 'not an SFEN, USI moves, KIF or PGN' };
}

export function exportKif(game) {
  const { positions } = replay(game);
  // The board diagram is always written: it is how a reader (shogiops too) knows Chu Shogi.
  const lines = [makeKifPositionHeader(positions[0]), '手数----指手---------消費時間--'];
  let lastDest;
  game.moves.forEach((usi, i) => {
    const md = parseUsi(usi);
    // A Lion's two steps come as two lines, 一歩目 and 二歩目, each numbered as lishogi does.
    const num = `${String(i + 1).padStart(4)}手目`;
    for (const step of makeKifMoveOrDrop(positions[i], md, lastDest).split('\n'))
      lines.push(/^[一二]歩目/.test(step) ? `${num}${step}` : `${num}   ${step}`);
    lastDest = md.to;
  });
  return lines.join('\n') + '\n';
}

// XBoard's coordinate moves (every PGN reader of Chu Shogi takes them); a set-up position goes
// in SetUp and FEN tags as XBoard writes them.
export function exportPgn(game) {
  const setup = game.sfen === START_SFEN ? {} : { SetUp: '1', FEN: sfenToXboardFen(game.sfen) };
  const tags = { Event: 'Shishi analysis board', Site: '?', Date: '????.??.??', Round: '-', White: '?', Black: '?', Result: '*', Variant: 'chu', ...game.tags, ...setup };
  // The SFEN's move number counts plies (sente's odd); some writers number gote's first move 1.
  const [, side, , number = '1'] = game.sfen.split(' ');
  const firstPly = Number(number) + ((Number(number) % 2 === 1) === (side === 'w') ? 1 : 0);
  const head = Object.entries(tags).filter(([k]) => /^\w+$/.test(k)).map(([k, v]) => `[${k} "${String(v).replace(/[\\"]/g, '\\$&')}"]`);
  const body = [];
  // Move numbers as XBoard writes them: "1. a b 2. ...", or "1... b" when gote moves first.
  game.moves.forEach((usi, i) => {
    const ply = firstPly + i;
    const number = ply % 2 === 1 ? `${(ply + 1) / 2}. ` : i === 0 ? `${ply / 2}... ` : '';
    body.push(number + usiMoveToXboard(usi));
  });
  body.push(tags.Result);
  const lines = [];
  let line = '';
  for (const w of body.join(' ').split(' ')) {
    if (line && line.length + w.length + 1 > 79) { lines.push(line); line = w; }
    else line = line ? `${line} ${w}` : w;
  }
  lines.push(line);
  return { text: `${head.join('\n')}\n\n${lines.join('\n')}\n` };
}
