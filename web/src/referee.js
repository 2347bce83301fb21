// The legal moves of a position under a rule set shogiops does not know (the book's), from the
// engine itself: a second, single-threaded Shishi worker (no search, so no hash) is told the
// rules and answers `perft 1`, one line per legal move. Requests are answered in order.
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

  // The USI moves legal after `position sfen <sfen> moves <moves>`: a Promise of an array, or of
  // undefined if the engine refuses the position.
  legalMoves(sfen, moves) {
    return new Promise((resolve) => {
      this.pending.push({ resolve, moves: [], refused: false });
      this.worker.postMessage(`position sfen ${sfen}${moves.length ? ' moves ' + moves.join(' ') : ''}`);
      this.worker.postMessage('perft 1');
    });
  }

  onLine(line) {
    const req = this.pending[0];
    if (!req) return;
    const m = /^(\S+): 1$/.exec(line);
    if (m) req.moves.push(m[1]);
    else if (line.startsWith('info string') && line.includes('next go answers')) req.refused = true;
    else if (/^nodes \d+$/.test(line)) {
      this.pending.shift();
      req.resolve(req.refused ? undefined : req.moves);
    }
  }
}
