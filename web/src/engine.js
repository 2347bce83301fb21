// The page's side of the engine worker: USI lines out, parsed `info` and `bestmove` in.
import { EngineWorker } from './engine-start.js';

export class Engine {
  constructor(onLine) {
    this.worker = new EngineWorker();
    this.worker.onmessage = (e) => onLine(String(e.data));
    this.worker.onerror = (e) => console.error('engine worker:', e.message);
  }
  send(line) { this.worker.postMessage(line); }
}

// "info depth 5 seldepth 7 multipv 2 score cp 34 nodes ... pv 7i7h 6d6e" -> fields.
export function parseInfo(line) {
  const w = line.split(' ');
  const info = {};
  for (let i = 1; i < w.length; i++) {
    const k = w[i];
    if (k === 'pv') { info.pv = w.slice(i + 1); break; }
    if (k === 'score') { info.scoreKind = w[i + 1]; info.score = Number(w[i + 2]); i += 2; continue; }
    if (['depth', 'seldepth', 'multipv', 'nodes', 'nps', 'time', 'hashfull'].includes(k)) { info[k] = Number(w[i + 1]); i++; }
    if (k === 'string') break;
  }
  return info;
}
