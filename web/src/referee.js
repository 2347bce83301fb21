// The legal moves of a position under a rule set shogiops does not know (the book's), from the
// engine itself: a second, single-threaded Shishi worker (a search of depth 1 at most, so no
// hash set) is told the rules and answers `perft 1`, one line per legal move, then `go depth 1`,
// which says first whether the game is over by rule in that position (the fourth repetition
// under the rule set's repetition rule, a bare King where that rule is on). Requests are
// answered in order. (`go` is sent only after perft's total: the single-threaded engine would
// take a `go` that came during perft as the end of it.) One request at a time: the next one's
// `position` is sent only after the last one's `bestmove`, since a `position` sent while one was
// in flight was taken by its `go`, and its own `perft` lines then went to the wrong request.
import { EngineWorker } from './engine-start.js';

export class Referee {
  constructor() {
    this.worker = new EngineWorker('shishi');
    this.worker.onerror = (e) => console.error('referee worker:', e.message);
    this.pending = []; // { resolve, moves: [], refused }
    this.worker.onmessage = (e) => this.onLine(String(e.data));
    this.worker.postMessage('usi');
  }

  setRules(name) { this.worker.postMessage(`setoption name Rules value ${name}`); }

  // After `position sfen <sfen> moves <moves>`: a Promise of { moves: the legal USI moves,
  // over: the engine's verdict if the game is over by rule there ("sente wins: ...") }, or of
  // undefined if the engine refuses the position.
  legalMoves(sfen, moves) {
    return new Promise((resolve) => {
      const position = `position sfen ${sfen}${moves.length ? ' moves ' + moves.join(' ') : ''}`;
      this.pending.push({ resolve, position, moves: [], refused: false, over: undefined, counted: false });
      if (this.pending.length === 1) this.send(this.pending[0]);
    });
  }

  send(req) {
    this.worker.postMessage(req.position);
    this.worker.postMessage('perft 1');
  }

  onLine(line) {
    const req = this.pending[0];
    if (!req) return;
    const m = /^(\S+): 1$/.exec(line);
    const over = /^info string game over by rule, (.*)$/.exec(line);
    if (m && !req.counted) req.moves.push(m[1]);
    else if (line.startsWith('info string') && line.includes('next go answers')) req.refused = true;
    else if (over) req.over = over[1];
    else if (/^nodes \d+$/.test(line) && !req.counted) {
      req.counted = true;
      this.worker.postMessage('go depth 1');
    } else if (line.startsWith('bestmove') && req.counted) {
      this.pending.shift();
      if (this.pending.length) this.send(this.pending[0]);
      req.resolve(req.refused ? undefined : { moves: req.moves, over: req.over });
    }
  }
}
