// XBoard's Chu Shogi notation, read and written for the board's PGN (shogiops has no PGN):
// squares a1..l12 (files a-l from sente's left, ranks 1-12 from sente's side), coordinate moves
// ("h2i2", "f5f6,f6f7"), SAN as XBoard writes it ("Ne10", "j9+", "+Re7", "H7xf8", "Nxe9-d8")
// and its FEN (the SFEN board field, "w" for the first player, then "- halfmove fullmove").
import { parseSquareName, makeSquareName, makeUsi, squareDist } from 'shogiops/util';
import { forsythToRole } from 'shogiops/sfen';

const FILES = 'abcdefghijkl';
const roleOf = forsythToRole('chushogi');

// XBoard square <-> USI square ("e8" <-> "8e"): USI files run 12..1 from sente's left, ranks
// a..l from gote's side.
const xbToUsiSquare = (file, rank) => `${12 - FILES.indexOf(file)}${String.fromCharCode(97 + 12 - rank)}`;
function usiToXbSquare(sq) {
  const m = /^(\d+)([a-l])$/.exec(sq);
  return `${FILES[12 - Number(m[1])]}${12 - (m[2].charCodeAt(0) - 97)}`;
}
const SQUARE = /([a-l])(1[0-2]|[1-9])/g;
const xbSquares = (text) => [...text.matchAll(SQUARE)].map((m) => xbToUsiSquare(m[1], Number(m[2])));

// "h2i2", "c8c9+", "f5f6,f6f7" (a double move: two legs) -> USI, or undefined if not that form.
export function xboardCoordinateToUsi(text) {
  if (!/^[a-l]\d\d?[a-l]\d\d?(,[a-l]\d\d?[a-l]\d\d?)?[+=]?$/.test(text)) return undefined;
  const promote = text.endsWith('+') ? '+' : '';
  const legs = text.replace(/[+=]$/, '').split(',');
  const a = xbSquares(legs[0]);
  if (a.length !== 2) return undefined;
  if (legs.length === 1) return a.join('') + promote;
  const b = xbSquares(legs[1]);
  if (b.length !== 2 || a[1] !== b[0]) return undefined;
  return a[0] + a[1] + b[1] + promote;
}

export function usiMoveToXboard(usi) {
  const promote = usi.endsWith('+') ? '+' : '';
  const sq = [...usi.matchAll(/\d+[a-l]/g)].map((m) => usiToXbSquare(m[0]));
  if (sq.length === 3) return `${sq[0]}${sq[1]},${sq[1]}${sq[2]}${promote}`;
  return sq.join('') + promote;
}

// XBoard FEN -> SFEN. XBoard calls the first player White ("w"); its fields after the side are
// castling ("-"), optionally the counter-strike square, the halfmove clock and the move number.
export function xboardFenToSfen(fen) {
  const w = fen.trim().split(/\s+/);
  if (w.length < 2 || !['w', 'b'].includes(w[1])) return { error: `FEN "${fen}": no side to move (w or b)` };
  const marks = w.slice(2).filter((f) => !/^\d+$/.test(f));
  const numbers = w.slice(2).filter((f) => /^\d+$/.test(f)).map(Number);
  let strike = '-';
  if (marks.length > 2) return { error: `FEN "${fen}": unexpected field '${marks[2]}'` };
  if (marks.length === 2 && marks[1] !== '-') {
    const sq = xbSquares(marks[1]);
    if (sq.length !== 1) return { error: `FEN "${fen}": bad counter-strike square '${marks[1]}'` };
    strike = sq[0];
  }
  const fullmove = Math.max(1, numbers.length >= 2 ? numbers[1] : 1);
  const ply = 2 * fullmove - 1 + (w[1] === 'b' ? 1 : 0);
  return { sfen: `${w[0]} ${w[1] === 'w' ? 'b' : 'w'} ${strike} ${ply}` };
}

export function sfenToXboardFen(sfen) {
  const [board, side, strike = '-', ply = '1'] = sfen.split(' ');
  const cs = strike === '-' ? '' : ` ${usiToXbSquare(strike)}`;
  return `${board} ${side === 'b' ? 'w' : 'b'} -${cs} 0 ${Math.ceil(Number(ply) / 2)}`;
}

// One square of a SAN move, possibly partial ("b" or "7" when it tells two pieces apart).
function parseCoords(text) {
  const odd = /[^a-l0-9x\-:]/.exec(text);
  if (odd) return { error: `unexpected '${odd[0]}'` };
  const coords = [];
  for (const m of text.matchAll(/([a-l]?)(\d{0,2})|([x\-:])/g)) {
    if (m[0] === '') continue;
    if (m[3]) continue;
    const rank = m[2] ? Number(m[2]) : undefined;
    if (rank !== undefined && (rank < 1 || rank > 12)) return { error: `rank ${m[2]} is off the board` };
    coords.push({ file: m[1] || undefined, rank });
  }
  return { coords };
}
const ALL_SQUARES = [...FILES].flatMap((f) => Array.from({ length: 12 }, (_, r) => parseSquareName(xbToUsiSquare(f, r + 1))));
const full = (c) => c.file !== undefined && c.rank !== undefined;
const usiOf = (c) => parseSquareName(xbToUsiSquare(c.file, c.rank));
function matches(c, square) {
  const xb = usiToXbSquare(makeSquareName(square));
  return (c.file === undefined || xb[0] === c.file) && (c.rank === undefined || Number(xb.slice(1)) === c.rank);
}

// A SAN move (XBoard's): { md } (a shogiops move) or { error }.
export function parseXboardSan(pos, token, legal = (p, md) => p.isLegal(md)) {
  let t = token.replace(/[#!?]+$/, '');
  const passes = () => {
    for (const from of pos.board.color(pos.turn))
      for (const mid of ALL_SQUARES)
        if (squareDist(from, mid) === 1 && !pos.board.has(mid) && legal(pos, { from, midStep: mid, to: from }))
          return { md: { from, midStep: mid, to: from } };
    return { error: 'no pass is possible here' };
  };
  if (t === '@@@@' || t === '--') return passes();
  const head = /^(\+?)([A-Z]?)/.exec(t);
  if (head[1] && !head[2]) return { error: `'${token}': '+' without a piece letter` };
  const role = roleOf(`${head[1]}${(head[2] || 'P').toLowerCase()}`);
  if (!role) return { error: `'${token}': no piece is written '${head[1]}${head[2]}'` };
  t = t.slice(head[0].length);
  let promotion = false;
  if (/[+=]$/.test(t)) { promotion = t.endsWith('+'); t = t.slice(0, -1); }
  const parsed = parseCoords(t);
  if (parsed.error) return { error: `'${token}': ${parsed.error}` };
  const coords = parsed.coords;
  if (!coords.length || !full(coords[coords.length - 1])) return { error: `'${token}': no destination square` };
  if (coords.length > 3) return { error: `'${token}': too many squares` };
  const dest = usiOf(coords.pop());
  const found = new Map(); // USI -> move
  const consider = (origin, leg) => {
    for (const from of pos.board.pieces(pos.turn, role)) {
      if (origin && !matches(origin, from)) continue;
      let md;
      if (!leg) md = { from, to: dest, promotion };
      else {
        const mid = usiOf(leg);
        if (squareDist(from, mid) !== 1 || squareDist(mid, dest) !== 1) continue;
        // Two steps through an empty square are the leap (a pass comes back to its start).
        md = pos.board.has(mid) || from === dest ? { from, midStep: mid, to: dest, promotion } : { from, to: dest, promotion };
      }
      if (legal(pos, md)) found.set(makeUsi(md), md);
    }
  };
  // The squares before the destination are the origin, or the origin and the first leg.
  if (coords.length <= 1) consider(coords[0], undefined);
  if (coords.length && full(coords[coords.length - 1])) consider(coords.length === 2 ? coords[0] : undefined, coords[coords.length - 1]);
  if (!found.size) return { error: `'${token}': no legal move matches` };
  if (found.size > 1) return { error: `'${token}': ambiguous, ${found.size} legal moves match` };
  return { md: [...found.values()][0] };
}

// A PGN move token in any form XBoard writes or reads: coordinates, long algebraic with
// separators ("e7-f6", "e7xf6-f7"), or SAN. Returns { usi } or { error }.
export function parseXboardMove(pos, token, legal) {
  const coord = xboardCoordinateToUsi(token);
  if (coord) return { usi: coord };
  const long = /^([a-l]\d\d?)[-x]?([a-l]\d\d?)(?:[-x]([a-l]\d\d?))?([+=]?)$/.exec(token);
  if (long) {
    const c = long[3] ? `${long[1]}${long[2]},${long[2]}${long[3]}${long[4]}` : `${long[1]}${long[2]}${long[4]}`;
    const usi = xboardCoordinateToUsi(c);
    if (usi) return { usi };
  }
  const san = parseXboardSan(pos, token, legal);
  return san.error ? san : { usi: makeUsi(san.md) };
}
