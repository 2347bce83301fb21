// The engine's Web Worker: loads the build this page can run (threads need a cross-origin
// isolated page, which COOP/COEP headers give) and relays USI lines both ways.
// `engine-worker.js?build=shishi` always takes the single-threaded build (the board's referee).
const threads = self.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function';
const asked = new URL(self.location.href).searchParams.get('build');
const name = asked === 'shishi' ? 'shishi' : threads ? 'shishi-mt' : 'shishi';
const base = new URL('./', self.location.href).href;
importScripts(base + name + '.js');
const early = [];
self.onmessage = (e) => early.push(e.data);
self.Shishi({
  locateFile: (file) => base + file,
  mainScriptUrlOrBlob: base + name + '.js', // pthread workers load the engine from here
}).then((engine) => {
  engine.addMessageListener((line) => self.postMessage(line));
  self.onmessage = (e) => engine.postMessage(e.data);
  self.postMessage(`info string engine ${name} loaded`);
  early.forEach((l) => engine.postMessage(l));
});
