// What is legal in a position under the chosen rule set, in the shape the board needs: lishogi's
// rules are shogiops' own; for the book's the engine lists the legal moves (Referee) and a move
// is legal when it leads where a listed one does (the engine lists one pass, and one igui per
// victim, where several pieces could make it).
import { makeSfen } from 'shogiops/sfen';
import { parseUsi, makeSquareName, squareDist } from 'shogiops/util';
import { shogigroundMoveDests, shogigroundSecondLionStep } from 'shogiops/compat';

const opposite = (color) => (color === 'sente' ? 'gote' : 'sente');

export function shogiopsRules(pos) {
  return {
    ready: true,
    isLegal: (md) => pos.isLegal(md),
    dests: () => shogigroundMoveDests(pos),
    secondSteps: (orig, mid) => shogigroundSecondLionStep(pos, orig, mid),
    outcome: () => {
      const o = pos.isEnd() && pos.outcome();
      return o ? `${o.winner ? o.winner + ' wins' : 'draw'} (${o.result})` : undefined;
    },
  };
}

// Until the engine has answered: nothing can be played, nothing is over.
export const pendingRules = {
  ready: false,
  isLegal: () => false,
  dests: () => new Map(),
  secondSteps: () => new Map(),
  outcome: () => undefined,
};

// The position a move leads to (board, side, counter-strike square).
function leadsTo(pos, md) {
  const p = pos.clone();
  p.play(md);
  return makeSfen(p).split(' ').slice(0, 3).join(' ');
}

// `usiMoves`: the engine's legal moves in `pos`; `over`: the engine's verdict when the game is
// over by rule there ("sente wins: Black repeated the position a fourth time (White = sente,
// Black = gote)"), which the board cannot judge from one position.
export function listedRules(pos, usiMoves, over) {
  const moves = usiMoves.map((u) => parseUsi(u)).filter(Boolean);
  const results = new Set(moves.map((md) => leadsTo(pos, md)));
  const dests = new Map();
  const add = (from, to) => {
    const list = dests.get(makeSquareName(from)) || [];
    if (!list.includes(makeSquareName(to))) list.push(makeSquareName(to));
    dests.set(makeSquareName(from), list);
  };
  for (const md of moves) {
    if (md.midStep !== undefined) add(md.from, md.midStep); // a double move starts with a click there
    if (md.to !== md.from) add(md.from, md.to);
  }
  const royals = pos.board.pieces(pos.turn, 'king').union(pos.board.pieces(pos.turn, 'prince'));
  return {
    ready: true,
    isLegal: (md) => {
      if (over) return false; // the game ended by rule: nothing more is played
      const piece = pos.board.get(md.from);
      if (!piece || piece.color !== pos.turn || md.to === undefined) return false;
      // Out and back: a pass only by a piece that can pass (shogiops and the book agree on those).
      if (md.to === md.from && !pos.isLegal(md)) return false;
      return results.has(leadsTo(pos, md));
    },
    dests: () => (over ? new Map() : dests),
    secondSteps: (orig, mid) => {
      const finals = moves.filter((md) => makeSquareName(md.from) === orig && md.midStep !== undefined &&
        makeSquareName(md.midStep) === mid).map((md) => makeSquareName(md.to));
      return finals.length ? new Map([[mid, [...new Set(finals)]]]) : new Map();
    },
    outcome: () => royals.isEmpty() ? `${opposite(pos.turn)} wins (royal captured)`
      : over ? byRule(over)
        : moves.length === 0 ? `${opposite(pos.turn)} wins (no legal move)` : undefined,
  };
}

// "sente wins: Black repeated the position a fourth time (White = sente, Black = gote)" ->
// "sente wins (gote repeated the position a fourth time)": the board names sides sente and gote.
function byRule(verdict) {
  const [result, ...why] = verdict.replace(/ \(White = sente, Black = gote\)$/, '').split(': ');
  const reason = why.join(': ').replace(/\bBlack\b/g, 'gote').replace(/\bWhite\b/g, 'sente');
  return reason ? `${result} (${reason})` : result;
}

// What a record may hold under the book before the engine checks each move (the board reads
// records with shogiops): shogiops' moves, and the double moves only the book allows, a Lion
// taking a Lion that only its first victim protected.
const LIONS = ['lion', 'lionpromoted'];
export function bookCandidate(pos, md) {
  if (pos.isLegal(md)) return true;
  const piece = pos.board.get(md.from), target = md.to === undefined ? undefined : pos.board.get(md.to);
  return md.midStep !== undefined && !!piece && piece.color === pos.turn && LIONS.includes(piece.role) &&
    squareDist(md.from, md.midStep) === 1 && squareDist(md.midStep, md.to) === 1 &&
    !!target && target.color !== pos.turn && LIONS.includes(target.role);
}
