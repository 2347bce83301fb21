// Game records in and out: SFEN, a USI move list, lishogi KIF (through shogiops) and XBoard
// PGN (its coordinate moves read and written here: shogiops has no PGN).
import { parseSfen, makeSfen, initialSfen } from 'shogiops/sfen';
import { parseUsi, makeUsi } from 'shogiops/util';
import { parseKifHeader, parseTags, normalizedKifLines, parseKifMoveOrDrop, makeKifPositionHeader, makeKifMoveOrDrop } from 'shogiops/notation/kif';

export const START_SFEN = initialSfen('chushogi');

// A game: its start position (SFEN) and USI moves; `tags` are kept for export.
export function newGame(sfen = START_SFEN, moves = [], tags = {}) {
  return { sfen, moves, tags };
}

// Plays the moves on the start position, checking each: the positions, or an error naming the
// first move that cannot be played.
export function replay(game) {
  const start = parseSfen('chushogi', game.sfen);
  if (start.isErr) return { error: `not a Chu Shogi SFEN: ${start.error.message}` };
  const positions = [start.value];
  for (let i = 0; i < game.moves.length; i++) {
    const pos = positions[i].clone();
    const md = parseUsi(game.moves[i]);
    if (!md || !pos.isLegal(md)) return { error: `move ${i + 1} (${game.moves[i]}) is not legal here` };
    pos.play(md);
    positions.push(pos);
  }
  return { positions };
}

// XBoard coordinates (files a-l from sente's left, ranks 1-12 from sente's side) <-> USI
// squares (files 12-1 from sente's left, ranks a-l from gote's side).
const xbSquare = (file, rank) => `${12 - (file.charCodeAt(0) - 97)}${String.fromCharCode(97 + 12 - rank)}`;
function usiSquareToXb(sq) {
  const m = /^(\d+)([a-l])$/.exec(sq);
  return `${String.fromCharCode(97 + 12 - Number(m[1]))}${12 - (m[2].charCodeAt(0) - 97)}`;
}
const xbSquares = (text) => [...text.matchAll(/([a-l])(1[0-2]|[1-9])/g)].map((m) => xbSquare(m[1], Number(m[2])));

// "h2i2", "c8c9+", "f5f6,f6f7" (Lion: two legs) -> USI "5k4k", "...+", three squares.
export function xboardMoveToUsi(text) {
  const promote = text.endsWith('+') ? '+' : '';
  const legs = text.replace(/[+=]$/, '').split(',');
  if (legs.length === 1) {
    const sq = xbSquares(legs[0]);
    return sq.length === 2 ? sq.join('') + promote : undefined;
  }
  const [a, b] = [xbSquares(legs[0]), xbSquares(legs[1])];
  if (a.length !== 2 || b.length !== 2 || a[1] !== b[0]) return undefined;
  return a[0] + a[1] + b[1] + promote;
}

export function usiMoveToXboard(usi) {
  const promote = usi.endsWith('+') ? '+' : '';
  const sq = [...usi.matchAll(/\d+[a-l]/g)].map((m) => usiSquareToXb(m[0]));
  if (sq.length === 3) return `${sq[0]}${sq[1]},${sq[1]}${sq[2]}${promote}`;
  return sq.join('') + promote;
}

// The first game of a PGN file, in XBoard coordinates ("h2i2", "f5f6,f6f7").
function parsePgn(all) {
  const second = all.search(/\n\s*\n\s*\[Event /);
  const text = second > 0 ? all.slice(0, second) : all;
  const tags = {};
  for (const m of text.matchAll(/^\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]/gm)) tags[m[1]] = m[2].replace(/\\(.)/g, '$1');
  if (tags.FEN) return { error: 'PGN with a FEN set-up is not read here: load its position as SFEN' };
  const body = text
    .replace(/^\s*\[.*\]\s*$/gm, '')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/;[^\n]*/g, ' ')
    .replace(/\([^)]*\)/g, ' ');
  const moves = [];
  for (const token of body.split(/\s+/)) {
    if (!token || /^\d+\.+$/.test(token) || /^(1-0|0-1|1\/2-1\/2|\*)$/.test(token)) continue;
    const t = token.replace(/^\d+\.+/, '');
    if (!t) continue;
    const usi = xboardMoveToUsi(t);
    if (!usi) return { error: `PGN: '${token}' is not a coordinate move (h2i2, f5f6,f6f7): XBoard SAN is not read here; convert it with shishi convert` };
    moves.push(usi);
  }
  return { game: newGame(START_SFEN, moves, tags) };
}

// lishogi's Chu Shogi KIF: a Lion's two steps are two lines, "5手目一歩目" and "5手目二歩目".
function parseKif(text) {
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
    const m = /^\s*(\d+)(?:手目)?(一歩目|二歩目)?\s+(\S+(?:\s*[（(][^）)]*[）)])?)/.exec(line);
    if (!m) continue;
    const step = parseKifMoveOrDrop(m[3].replace(/[（(]じっと[）)]/, ''), lastDest); // a pass: out and back
    if (!step) break; // 投了, 中断 and other endings
    let md = step;
    if (m[2] === '一歩目') { firstStep = step; lastDest = step.to; continue; }
    if (m[2] === '二歩目') {
      if (!firstStep) return { error: `KIF: move ${m[1]} has a second step without a first` };
      md = { from: firstStep.from, midStep: firstStep.to, to: step.to, promotion: step.promotion };
      firstStep = undefined;
    }
    if (!pos.isLegal(md)) return { error: `KIF: move ${m[1]} (${m[3]}) is not legal here` };
    moves.push(makeUsi(md));
    pos.play(md);
    lastDest = md.to;
  }
  return { game: newGame(makeSfen(header.value), moves, tags) };
}

// Reads any of the four forms; { game } or { error }. "position ..." (a USI command) is read too.
export function parseRecord(text) {
  const t = text.trim();
  if (!t) return { error: 'nothing to load' };
  if (/^\s*\[/.test(t) || /^1\.\s*[a-l]/.test(t)) return checked(parsePgn(t));
  if (/手合割|先手|後手|指手|^\s*\d+\s+[０-９一-龥]/m.test(t)) return checked(parseKif(t));
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

function checked(r) {
  if (r.error) return r;
  const played = replay(r.game);
  return played.error ? { error: played.error } : r;
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

export function exportPgn(game) {
  if (game.sfen !== START_SFEN) return { error: 'PGN export needs the start position (use KIF or SFEN)' };
  const tags = { Event: 'Shishi analysis board', Site: '?', Date: '????.??.??', Round: '-', White: '?', Black: '?', Result: '*', Variant: 'chu', ...game.tags };
  const head = Object.entries(tags).filter(([k]) => /^\w+$/.test(k)).map(([k, v]) => `[${k} "${String(v).replace(/[\\"]/g, '\\$&')}"]`);
  const body = [];
  game.moves.forEach((usi, i) => body.push((i % 2 === 0 ? `${i / 2 + 1}. ` : '') + usiMoveToXboard(usi)));
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
