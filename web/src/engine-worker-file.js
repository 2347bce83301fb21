// The end of the file:// engine worker (web/embed-engine.mjs appends it to shishi-file.js, the
// single-threaded engine with its .wasm inside): relays USI lines as engine-worker.js does.
const early = [];
self.onmessage = (e) => early.push(e.data);
self.Shishi().then((engine) => {
  engine.addMessageListener((line) => self.postMessage(line));
  self.onmessage = (e) => engine.postMessage(e.data);
  self.postMessage('info string engine shishi-file loaded');
  early.forEach((l) => engine.postMessage(l));
});
