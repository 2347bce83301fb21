// The JavaScript face of the browser builds, as in the stockfish.wasm and
// fairy-stockfish-nnue.wasm packages: Shishi() resolves to an engine with
// postMessage(line) and addMessageListener(fn). Works in a Web Worker, on a page and in node.
(function () {
  var listeners = [];
  Module["__shishiEmit"] = function (line) {
    if (listeners.length === 0) console.log(line);
    for (var i = 0; i < listeners.length; i++) listeners[i](line);
  };
  Module["addMessageListener"] = function (fn) { listeners.push(fn); };
  Module["removeMessageListener"] = function (fn) {
    var i = listeners.indexOf(fn);
    if (i >= 0) listeners.splice(i, 1);
  };

  // Lines wait here until the engine takes them: before it has started, while a command runs
  // (a single-threaded search takes them itself when it yields: __shishiTake), and after quit.
  var queue = [];
  var ready = false, busy = false, ended = false;
  function pump() {
    while (ready && !busy && !ended && queue.length) {
      var result = Module["ccall"]("shishi_command", "number", ["string"], [queue.shift()], { async: typeof Asyncify !== "undefined" });
      if (result && typeof result.then === "function") {
        busy = true;
        result.then(function (alive) { busy = false; if (!alive) ended = true; pump(); });
        return;
      }
      if (!result) ended = true;
    }
  }
  Module["postMessage"] = function (text) {
    String(text).split("\n").forEach(function (l) { queue.push(l); });
    pump();
  };
  Module["__shishiTake"] = function () {
    if (!queue.length) return 0;
    var text = queue.join("\n");
    queue = [];
    return allocateUTF8(text);
  };
  Module["__shishiYield"] = function (wakeUp) {
    if (typeof setImmediate === "function") return setImmediate(wakeUp);
    var channel = new MessageChannel();
    channel.port1.onmessage = function () { channel.port1.close(); wakeUp(); };
    channel.port2.postMessage(0);
  };
  // In node, read the .wasm beside this script: node 18+ has fetch, which the generated loader
  // then tries on a file path and fails.
  if (typeof process === "object" && process.versions && process.versions.node && !Module["wasmBinary"] &&
      typeof __filename === "string") {
    var wasmFile = __filename.replace(/\.js$/, ".wasm");
    if (Module["locateFile"]) wasmFile = Module["locateFile"](require("path").basename(wasmFile), __dirname + "/");
    Module["wasmBinary"] = require("fs").readFileSync(wasmFile);
  }
  var postRun = Module["postRun"] || [];
  if (typeof postRun === "function") postRun = [postRun];
  postRun.push(function () { ready = true; pump(); });
  Module["postRun"] = postRun;
})();
