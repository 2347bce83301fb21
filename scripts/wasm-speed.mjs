// Speed of the browser engines against the native one, in the same run (docs/browser.md):
// each round starts every engine afresh, searches `go depth D` from the start position twice
// (cold: the first search of the process, the code not yet optimised by the JIT; warm: the same
// search again after usinewgame, which clears the hash) and records nodes per second from the
// engine's own last info line (wall time) and from the process's CPU time over the search
// (native: /proc/PID/stat; wasm in node: process.cpuUsage, which also counts V8's compiler
// threads). CPU time is what to compare on a loaded machine: the wall time there measures the
// load. Rounds alternate the engines so the load hits all alike; medians and ratios at the end.
// usage: node scripts/wasm-speed.mjs [rounds=5] [depth=8]   (after scripts/wasm and a native build)
import { spawn, execSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const [rounds = 5, depth = 8] = process.argv.slice(2).map(Number);
const SEARCH = ['usinewgame', 'position startpos', `go depth ${depth}`];

// Sends the search, resolves with { line: the last info line with nps, cpu: CPU seconds }.
function searchOnce(send, onLine, cpuSeconds) {
  return new Promise((resolve) => {
    let last;
    const start = cpuSeconds();
    onLine((l) => {
      if (/^info .*\bnps \d+/.test(l)) last = l;
      if (l.startsWith('bestmove')) resolve({ line: last, cpu: cpuSeconds() - start });
    });
    SEARCH.forEach(send);
  });
}
const procCpu = (pid) => () => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / TICKS;
};
const TICKS = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;
const nodeCpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
const field = (line, name) => Number(new RegExp(`\\b${name} (\\d+)`).exec(line)[1]);

async function native() {
  const p = spawn(path.join(root, 'build/shishi'), [], { stdio: ['pipe', 'pipe', 'inherit'] });
  let listener = () => {};
  let buf = '';
  p.stdout.on('data', (d) => { buf += d; let i; while ((i = buf.indexOf('\n')) >= 0) { listener(buf.slice(0, i)); buf = buf.slice(i + 1); } });
  const send = (l) => p.stdin.write(l + '\n');
  send('usi');
  send('setoption name USI_Hash value 16');
  send('isready'); // the hash is allocated here, not inside the first search
  const cpu = procCpu(p.pid);
  const r = [await searchOnce(send, (f) => (listener = f), cpu), await searchOnce(send, (f) => (listener = f), cpu)];
  send('quit');
  return r;
}

async function wasm(name) {
  const file = path.join(root, 'build-wasm', name + '.js');
  delete require.cache[file];
  const engine = await require(file)();
  let listener = () => {};
  engine.addMessageListener((l) => listener(l));
  const send = (l) => engine.postMessage(l);
  send('setoption name USI_Hash value 16');
  send('setoption name Threads value 1');
  send('isready');
  const r = [await searchOnce(send, (f) => (listener = f), nodeCpu), await searchOnce(send, (f) => (listener = f), nodeCpu)];
  send('quit');
  return r;
}

const engines = { native, shishi: () => wasm('shishi'), 'shishi-mt': () => wasm('shishi-mt') };
const KINDS = ['cold wall', 'warm wall', 'cold cpu', 'warm cpu'];
const results = Object.fromEntries(Object.keys(engines).map((k) => [k, { ...Object.fromEntries(KINDS.map((x) => [x, []])), nodes: new Set() }]));
for (let r = 0; r < rounds; r++) {
  for (const [name, run] of Object.entries(engines)) {
    const [cold, warm] = await run();
    const res = results[name];
    const nodes = field(cold.line, 'nodes');
    res['cold wall'].push(field(cold.line, 'nps'));
    res['warm wall'].push(field(warm.line, 'nps'));
    res['cold cpu'].push(Math.round(nodes / cold.cpu));
    res['warm cpu'].push(Math.round(field(warm.line, 'nodes') / warm.cpu));
    res.nodes.add(nodes).add(field(warm.line, 'nodes'));
    console.log(`round ${r + 1} ${name}: ${KINDS.map((k) => `${k} ${res[k][r]}`).join(', ')} nps (${nodes} nodes)`);
  }
}
const median = (a) => { const s = [...a].sort((x, y) => x - y); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
console.log(`\ngo depth ${depth} from the start position, 16 MB hash, 1 thread, ${rounds} rounds, median nps (ratio to native):`);
console.log(`${''.padEnd(10)} ${KINDS.map((k) => k.padStart(18)).join(' ')}   nodes`);
for (const [name, r] of Object.entries(results)) {
  const cells = KINDS.map((k) => `${String(median(r[k])).padStart(8)} (${(median(r[k]) / median(results.native[k])).toFixed(2)})`.padStart(18));
  console.log(`${name.padEnd(10)} ${cells.join(' ')}   ${[...r.nodes].join('/')}`);
}
console.log(`load average: ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
process.exit(0);
