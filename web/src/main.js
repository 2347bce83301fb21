// Shishi's analysis board: a Chu Shogi game on shogiground, its rules from shogiops, and the
// Shishi engine in a Web Worker for analysis and play.
import { Shogiground } from 'shogiground';
import { makeSfen } from 'shogiops/sfen';
import { parseUsi, makeUsi, parseSquareName, makeSquareName, squareDist } from 'shogiops/util';
import { checksSquareNames, usiToSquareNames } from 'shogiops/compat';
import { lionAttacks, eagleLionAttacks, falconLionAttacks } from 'shogiops/attacks';
import { makeJapaneseMoveOrDrop } from 'shogiops/notation/japanese';
import { makeWesternMoveOrDrop } from 'shogiops/notation/western';
import { roleToForsyth, forsythToRole } from 'shogiops/sfen';
import { promote, unpromote } from 'shogiops/variant/util';
import { Engine, parseInfo } from './engine.js';
import { newGame, replay, parseRecord, exportKif, exportPgn } from './records.js';
import { drawGraph, scoreBarShare } from './graph.js';
import { shogiopsRules, pendingRules, listedRules, bookCandidate } from './legality.js';
import { Referee } from './referee.js';

const $ = (id) => document.getElementById(id);
const MATE = 10000; // a mate score on the graph and bar
const GRAPH_DEPTH = 6; // each ply's search when the whole game is graphed

const state = {
  game: newGame(),
  positions: [],
  ply: 0,
  evals: [], // per ply: score in cp from sente's view, or undefined
  analysing: false,
  lines: new Map(), // multipv -> info of the current search
  staleAnswers: 0, // bestmoves still to come from stopped searches
  searching: false,
  lionFirst: undefined, // { from, to } after a Lion's first step, waiting for the second
  play: undefined, // { human: 'sente'|'gote', clock: {sente, gote}, inc, last, timer, over }
  rules: 'lishogi', // the rule set: the engine's and the board's legality
  legal: pendingRules, // what is legal at the current ply (legality.js)
  legalKey: '', // the position `legal` is for, or is awaited for
  whenLegal: [], // what waits for the book's legal moves of the current position
  graphing: undefined, // { ply, score } while every ply of the game is searched for the graph
};
let referee; // the book's legal moves come from a second engine, started when first needed

// --- the engine ------------------------------------------------------------------------------
const engine = new Engine(onEngineLine);
['usi', 'setoption name USI_Hash value 32', `setoption name MultiPV value ${$('multipv').value}`, 'isready'].forEach((l) => engine.send(l));

function onEngineLine(line) {
  if (line.startsWith('info string engine ')) $('engine-name').textContent = line.slice(19);
  if (line.startsWith('id name ')) $('engine-id').textContent = line.slice(8);
  if (state.graphing && state.staleAnswers === 0) return graphLine(line);
  if (line.startsWith('info ') && line.includes(' pv ')) {
    if (state.staleAnswers > 0 || !state.searching) return;
    const info = parseInfo(line);
    state.lines.set(info.multipv || 1, info);
    if ((info.multipv || 1) === 1) recordEval(info);
    renderLines();
  } else if (line.startsWith('bestmove ')) {
    if (state.staleAnswers > 0) { state.staleAnswers--; return; }
    state.searching = false;
    if (state.play && !state.play.over && turn() !== state.play.human) enginePlays(line.split(' ')[1]);
  }
}

function search(goArgs) {
  if (state.searching) { engine.send('stop'); state.staleAnswers++; }
  state.lines.clear();
  renderLines();
  const pos = state.game.moves.slice(0, state.ply);
  engine.send(`position sfen ${state.game.sfen}${pos.length ? ' moves ' + pos.join(' ') : ''}`);
  engine.send(`go ${goArgs}`);
  state.searching = true;
}

function stopSearch() {
  if (!state.searching) return;
  engine.send('stop');
  state.staleAnswers++;
  state.searching = false;
}

// A score (side to move's view) as sente's, in cp; a mate as MATE.
function senteCp(info, side) {
  const cp = info.scoreKind === 'mate' ? Math.sign(info.score || 1) * MATE : info.score;
  return side === 'gote' ? -cp : cp;
}

function recordEval(info) {
  if (info.score === undefined || state.play) return;
  state.evals[state.ply] = senteCp(info, turn());
  renderEval();
}

// The graph over the whole game: each ply searched in turn at GRAPH_DEPTH.
function graphGame() {
  stopPlay();
  state.analysing = false;
  $('analyse').checked = false;
  stopSearch();
  state.graphing = { ply: 0 };
  graphNext();
}

function graphNext() {
  const g = state.graphing;
  if (g.ply > state.game.moves.length) {
    state.graphing = undefined;
    $('graph-status').textContent = `graph: ${state.game.moves.length + 1} positions at depth ${GRAPH_DEPTH}`;
    return;
  }
  $('graph-status').textContent = `graph: position ${g.ply + 1} of ${state.game.moves.length + 1}`;
  const moves = state.game.moves.slice(0, g.ply);
  engine.send(`position sfen ${state.game.sfen}${moves.length ? ' moves ' + moves.join(' ') : ''}`);
  engine.send(`go depth ${GRAPH_DEPTH}`);
  state.searching = true;
}

function graphLine(line) {
  const g = state.graphing;
  if (line.startsWith('info ') && / score /.test(line)) {
    const info = parseInfo(line);
    if ((info.multipv || 1) === 1) g.info = info;
  } else if (line.startsWith('bestmove ')) {
    state.searching = false;
    if (g.info) state.evals[g.ply] = senteCp(g.info, state.positions[g.ply].turn);
    renderEval();
    g.ply++;
    g.info = undefined;
    graphNext();
  }
}

function cancelGraph() {
  if (!state.graphing) return;
  state.graphing = undefined;
  stopSearch();
  $('graph-status').textContent = '';
}

function refreshAnalysis() {
  if (state.analysing && !state.play && !gameOver()) search('infinite');
  else stopSearch();
}

// --- the game --------------------------------------------------------------------------------
const position = () => state.positions[state.ply];
const turn = () => position().turn;
const gameOver = () => state.legal.outcome() !== undefined;

// The legal moves of the current position under the chosen rules: shogiops' at once (lishogi),
// or the engine's list (book), after which the board is drawn again and what waited runs.
function updateLegality() {
  const moves = state.game.moves.slice(0, state.ply);
  const key = `${state.rules} ${state.game.sfen} ${moves.join(' ')}`;
  if (key === state.legalKey) return;
  state.legalKey = key;
  state.whenLegal = [];
  if (state.rules !== 'book') { state.legal = shogiopsRules(position()); return; }
  state.legal = pendingRules;
  const pos = position();
  referee.legalMoves(state.game.sfen, moves).then((listed) => {
    if (state.legalKey !== key) return;
    state.legal = listed ? listedRules(pos, listed.moves, listed.over) : listedRules(pos, []);
    if (!listed) console.warn(`the engine refuses the position ${key}`);
    renderBoard();
    refreshAnalysis();
    const waiting = state.whenLegal;
    state.whenLegal = [];
    waiting.forEach((fn) => fn());
  });
}

function whenLegal(fn) {
  if (state.legal.ready) fn();
  else state.whenLegal.push(fn);
}

function setRules(name) {
  state.rules = name;
  engine.send(`setoption name Rules value ${name}`);
  if (name === 'book') {
    referee = referee || new Referee();
    referee.setRules(name);
  }
  goTo(state.ply);
}

// Which moves a record may hold: shogiops' under lishogi; under the book also the book's own,
// each then checked by the engine (refusedByBook).
const recordLegal = () => (state.rules === 'book' ? bookCandidate : undefined);

function loadGame(game) {
  const r = replay(game, recordLegal());
  if (r.error) return r.error;
  cancelGraph();
  stopPlay();
  state.game = game;
  state.positions = r.positions;
  state.evals = [];
  goTo(game.moves.length);
  return undefined;
}

function goTo(ply) {
  state.ply = Math.max(0, Math.min(ply, state.game.moves.length));
  state.lionFirst = undefined;
  const before = state.legalKey;
  updateLegality();
  if (state.legalKey !== before) { state.lines.clear(); renderLines(); } // lines of another position go
  renderBoard();
  renderMoves();
  renderEval();
  refreshAnalysis();
}

// Plays a move at the current ply: the game's later moves are dropped if it differs from them.
function playMove(usi) {
  const pos = position().clone();
  const md = parseUsi(usi);
  if (!md || !state.legal.isLegal(md)) return false;
  if (state.play) chargeClock(); // the mover's time, to the moment of the move
  if (state.game.moves[state.ply] !== usi) {
    state.game.moves = state.game.moves.slice(0, state.ply).concat([usi]);
    state.positions = state.positions.slice(0, state.ply + 1);
    state.evals = state.evals.slice(0, state.ply + 1);
    pos.play(md);
    state.positions.push(pos);
  }
  goTo(state.ply + 1);
  return true;
}

// --- the board -------------------------------------------------------------------------------
const lionLike = (piece, from, to) =>
  ['lion', 'lionpromoted'].includes(piece.role) ? lionAttacks(from).has(to)
    : piece.role === 'eagle' ? eagleLionAttacks(from, piece.color).has(to)
    : piece.role === 'falcon' ? falconLionAttacks(from, piece.color).has(to) : false;

const ground = Shogiground({
  orientation: 'sente',
  scaleDownPieces: false, // the pieces fill their squares (board.css sizes them)
  coordinates: { enabled: true },
  hands: { roles: [] },
  drawable: { enabled: true, visible: true },
  animation: { enabled: true, duration: 150 },
  forsyth: { toForsyth: roleToForsyth('chushogi'), fromForsyth: forsythToRole('chushogi') },
  promotion: {
    promotesTo: (role) => promote('chushogi')(role),
    unpromotesTo: (role) => unpromote('chushogi')(role),
    movePromotionDialog: (orig, dest) => canPromote(orig, dest, false),
    forceMovePromotion: (orig, dest) => canPromote(orig, dest, true),
  },
  movable: { free: false, showDests: true, events: { after: onBoardMove } },
  events: { unselect: onUnselect },
}, { board: $('board') });

// Promotion choice: offered when both the plain and the promoting move are legal, forced when
// only the promoting one is.
function canPromote(orig, dest, forced) {
  const from = state.lionFirst ? state.lionFirst.from : parseSquareName(orig);
  const mid = state.lionFirst && makeSquareName(state.lionFirst.to) !== dest ? state.lionFirst.to : undefined;
  const base = { from, to: parseSquareName(dest), midStep: mid };
  const plain = state.legal.isLegal({ ...base, promotion: false });
  const promoting = state.legal.isLegal({ ...base, promotion: true });
  return forced ? promoting && !plain : promoting && plain;
}

function onBoardMove(orig, dest, prom) {
  if (state.play && (state.play.over || turn() !== state.play.human)) return renderBoard();
  const pos = position();
  const from = parseSquareName(orig), to = parseSquareName(dest);
  const piece = pos.board.get(from);
  if (!state.lionFirst && piece && squareDist(from, to) === 1 && lionLike(piece, from, to)) {
    const second = state.legal.secondSteps(orig, dest);
    if (second.size) {
      // The first step of a Lion move: the piece waits on `dest` for its second step.
      state.lionFirst = { from, to, before: pos };
      ground.set({ turnColor: pos.turn, activeColor: pos.turn, movable: { dests: second } });
      ground.selectSquare(dest, false, true);
      return;
    }
  }
  const first = state.lionFirst;
  state.lionFirst = undefined;
  const md = first
    ? makeSquareName(first.to) === dest
      ? { from: first.from, to: first.to, promotion: prom }
      : { from: first.from, to, midStep: first.to, promotion: prom }
    : { from, to, promotion: prom };
  if (!userMove(makeUsi(md))) renderBoard();
}

// Deselecting the Lion after its first step ends the move there.
function onUnselect() {
  const first = state.lionFirst;
  if (!first) return;
  state.lionFirst = undefined;
  if (!userMove(makeUsi({ from: first.from, to: first.to }))) renderBoard();
}

function userMove(usi) {
  if (!playMove(usi)) return false;
  if (state.play) afterPlayMove();
  return true;
}

function renderBoard() {
  const pos = position();
  const last = state.ply > 0 ? usiToSquareNames(state.game.moves[state.ply - 1]) : [];
  const canMove = !state.play || (!state.play.over && pos.turn === state.play.human);
  ground.set({
    sfen: { board: makeSfen(pos).split(' ')[0] },
    turnColor: pos.turn,
    activeColor: canMove ? pos.turn : undefined,
    lastDests: last,
    checks: checksSquareNames(pos),
    movable: { dests: canMove ? state.legal.dests() : new Map() },
    drawable: { autoShapes: bestArrow() },
  });
  $('turn').textContent = gameOver() ? `game over: ${state.legal.outcome()}` : `${pos.turn} to move`;
}

function bestArrow() {
  const best = state.lines.get(1);
  if (!best || !best.pv || !best.pv.length) return [];
  const sq = usiToSquareNames(best.pv[0]);
  return sq.length >= 2 ? [{ orig: sq[0], dest: sq[sq.length - 1], brush: 'engine' }] : [];
}

// --- panels ----------------------------------------------------------------------------------
function moveTexts(pos, usi) {
  const md = parseUsi(usi);
  return { usi, western: makeWesternMoveOrDrop(pos, md) || usi, japanese: makeJapaneseMoveOrDrop(pos, md) || usi };
}

function renderMoves() {
  const list = $('moves');
  list.textContent = '';
  state.game.moves.forEach((usi, i) => {
    const t = moveTexts(state.positions[i], usi);
    const el = document.createElement('span');
    el.className = 'move' + (i + 1 === state.ply ? ' current' : '');
    el.textContent = `${i + 1}. ${t.western}`;
    el.title = `${t.japanese}  (${usi})`;
    el.dataset.usi = usi;
    el.onclick = () => goTo(i + 1);
    list.appendChild(el);
  });
  $('ply').textContent = `${state.ply} / ${state.game.moves.length}`;
}

function pvText(pv) {
  const pos = position().clone();
  const western = [], usi = [];
  for (const m of pv.slice(0, 12)) {
    const md = parseUsi(m);
    if (!md || !pos.isLegal(md)) break;
    western.push(makeWesternMoveOrDrop(pos, md) || m);
    usi.push(m);
    pos.play(md);
  }
  return { western: western.join(' '), usi: usi.join(' ') };
}

function scoreText(info) {
  if (info.score === undefined) return '';
  const s = turn() === 'gote' ? -info.score : info.score; // from sente's view
  return info.scoreKind === 'mate' ? `#${s}` : (s >= 0 ? '+' : '') + (s / 100).toFixed(2);
}

function renderLines() {
  const box = $('lines');
  box.textContent = '';
  for (const k of [...state.lines.keys()].sort((a, b) => a - b)) {
    const info = state.lines.get(k);
    const t = pvText(info.pv || []);
    const el = document.createElement('div');
    el.className = 'pv';
    el.innerHTML = '<b></b> <span class="depth"></span><div class="western"></div><div class="usi"></div>';
    el.querySelector('b').textContent = scoreText(info);
    el.querySelector('.depth').textContent = `depth ${info.depth} · ${info.nodes} nodes`;
    el.querySelector('.western').textContent = t.western;
    el.querySelector('.usi').textContent = t.usi;
    box.appendChild(el);
  }
  ground.set({ drawable: { autoShapes: bestArrow() } });
}

function renderEval() {
  const cp = state.evals[state.ply];
  $('bar-fill').style.height = `${(cp === undefined ? 0.5 : scoreBarShare(cp)) * 100}%`;
  drawGraph($('graph'), state.evals, state.game.moves.length, state.ply, goTo);
}

// --- play against Shishi ---------------------------------------------------------------------
function startPlay() {
  cancelGraph();
  stopSearch();
  const human = $('play-side').value;
  const minutes = Number($('play-minutes').value), inc = Number($('play-inc').value) * 1000;
  engine.send(`setoption name Skill Level value ${$('play-skill').value}`);
  engine.send('usinewgame');
  state.play = { human, clock: { sente: minutes * 60000, gote: minutes * 60000 }, inc, last: performance.now(), over: false };
  state.play.timer = setInterval(tickClock, 100);
  $('play-status').textContent = `you play ${human}`;
  renderBoard();
  if (turn() !== human) engineTurn();
}

function stopPlay() {
  if (!state.play) return;
  clearInterval(state.play.timer);
  stopSearch();
  engine.send('setoption name Skill Level value 20');
  state.play = undefined;
  $('play-status').textContent = '';
}

// Charges the time since the last charge to the side to move.
function chargeClock() {
  const p = state.play;
  const now = performance.now();
  if (!p.over) p.clock[turn()] -= now - p.last;
  p.last = now;
}

function tickClock() {
  const p = state.play;
  chargeClock();
  if (!p.over && p.clock[turn()] <= 0) {
    p.clock[turn()] = 0;
    endPlay(`${turn()} lost on time`);
  }
  const fmt = (ms) => `${Math.floor(ms / 60000)}:${String(Math.floor(ms / 1000) % 60).padStart(2, '0')}`;
  $('clock-sente').textContent = `☗ ${fmt(p.clock.sente)}`;
  $('clock-gote').textContent = `☖ ${fmt(p.clock.gote)}`;
}

function endPlay(text) {
  state.play.over = true;
  stopSearch();
  $('play-status').textContent = text;
  renderBoard();
}

function afterPlayMove() {
  const p = state.play;
  const mover = turn() === 'sente' ? 'gote' : 'sente';
  p.clock[mover] += p.inc;
  whenLegal(() => {
    if (gameOver()) return endPlay(`game over: ${state.legal.outcome()}`);
    if (turn() !== p.human) engineTurn();
  });
}

function engineTurn() {
  const c = state.play.clock;
  search(`btime ${Math.round(c.sente)} wtime ${Math.round(c.gote)} binc ${state.play.inc} winc ${state.play.inc}`);
}

function enginePlays(usi) {
  if (!usi || usi === 'resign' || usi === 'win') return endPlay(`Shishi ${usi || 'has no move'}`);
  whenLegal(() => {
    if (playMove(usi)) afterPlayMove();
    else endPlay(`Shishi's move ${usi} is not legal here`);
  });
}

// --- loading and export ----------------------------------------------------------------------
// Under the book a record is read leniently and then every move is checked against the
// engine's list: a record with a move the book refuses is refused.
let loadCount = 0;
function load(text) {
  const r = parseRecord(text, recordLegal());
  const show = (error) => {
    $('load-status').textContent = error || `loaded: ${r.game.moves.length} moves`;
    $('load-status').className = error ? 'error' : '';
  };
  if (r.error || state.rules !== 'book') return show(r.error || loadGame(r.game));
  const mine = ++loadCount;
  $('load-status').textContent = 'checking the moves under the book rules…';
  refusedByBook(r.game).then((error) => { if (mine === loadCount) show(error || loadGame(r.game)); });
}

async function refusedByBook(game) {
  const { positions } = replay(game, bookCandidate);
  for (let i = 0; i < game.moves.length; i++) {
    const listed = await referee.legalMoves(game.sfen, game.moves.slice(0, i));
    if (!listed || !listedRules(positions[i], listed.moves, listed.over).isLegal(parseUsi(game.moves[i])))
      return `move ${i + 1} (${game.moves[i]}) is not legal under the book rules`;
  }
  return undefined;
}

function download(name, text) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  a.download = name;
  a.click();
  URL.revokeObjectURL(a.href);
}

$('load').onclick = () => load($('record').value);
$('file').onchange = async (e) => { const f = e.target.files[0]; if (f) load(await f.text()); };
$('first').onclick = () => goTo(0);
$('prev').onclick = () => goTo(state.ply - 1);
$('next').onclick = () => goTo(state.ply + 1);
$('last').onclick = () => goTo(state.game.moves.length);
document.addEventListener('keydown', (e) => {
  if (e.target.tagName === 'TEXTAREA' || e.target.tagName === 'INPUT') return;
  if (e.key === 'ArrowLeft') goTo(state.ply - 1);
  if (e.key === 'ArrowRight') goTo(state.ply + 1);
});
$('analyse').onchange = (e) => { cancelGraph(); state.analysing = e.target.checked; refreshAnalysis(); };
$('graph-game').onclick = graphGame;
$('multipv').onchange = (e) => {
  const running = state.searching;
  stopSearch();
  engine.send(`setoption name MultiPV value ${e.target.value}`);
  if (running) refreshAnalysis();
};
$('rules').onchange = (e) => { stopSearch(); setRules(e.target.value); };
$('play-start').onclick = startPlay;
$('play-stop').onclick = () => { stopPlay(); renderBoard(); };
$('export-kif').onclick = () => { $('record').value = exportKif(state.game); download('shishi.kif', $('record').value); };
$('export-pgn').onclick = () => {
  const r = exportPgn(state.game);
  $('load-status').textContent = r.error || '';
  if (r.text) { $('record').value = r.text; download('shishi.pgn', r.text); }
};
$('export-sfen').onclick = () => { $('record').value = `sfen ${makeSfen(position())}`; };

loadGame(newGame());
// For the browser test and the console: tryMove plays a USI move as a click would.
window.shishiBoard = { state, load, goTo, ground, tryMove: (usi) => userMove(usi) };
