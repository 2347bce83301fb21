// Types of the shishi-wasm package: the Shishi() factory of both engine builds
// ("shishi-wasm": single-threaded; "shishi-wasm/threaded": threads, on cross-origin isolated
// pages). The engine speaks USI: one command per postMessage, one output line per listener call.

declare namespace Shishi {
  /** Receives each line the engine prints (`id ...`, `info ...`, `bestmove ...`), without its newline. */
  type MessageListener = (line: string) => void;

  /** One USI session. */
  interface Engine {
    /** Sends a USI command (`usi`, `position ...`, `go ...`, `stop`, ...); text with newlines is
     * several commands. Commands sent while a search runs are read during it (`stop`,
     * `ponderhit`, `isready`) or after its bestmove. After `quit` commands are ignored. */
    postMessage(command: string): void;
    /** Subscribes to the output lines. Without any listener lines go to console.log. */
    addMessageListener(listener: MessageListener): void;
    /** Unsubscribes a listener given to addMessageListener. */
    removeMessageListener(listener: MessageListener): void;
  }

  /** Emscripten module settings a host may give; others are passed on to the module as is. */
  interface Options {
    /** Where the engine's files are: called with a file name (`shishi.wasm`, `shishi-mt.wasm`,
     * `shishi-mt.worker.js`) and the folder of the loading script; returns its URL or path. */
    locateFile?: (file: string, scriptDirectory: string) => string;
    /** Threaded build: the URL of shishi-mt.js (or a Blob of it), which each pthread worker
     * loads. Needed when shishi-mt.js is bundled into another script. */
    mainScriptUrlOrBlob?: string | Blob;
    /** The .wasm file's bytes, when the host has fetched them itself. */
    wasmBinary?: ArrayBuffer | Uint8Array;
    [setting: string]: unknown;
  }
}

/** Starts an engine; resolves once it is ready to read commands. */
declare function Shishi(options?: Shishi.Options): Promise<Shishi.Engine>;

export = Shishi;
