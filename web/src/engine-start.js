// Starts an engine Web Worker. Served over http(s) it is engine-worker.js (the threaded build
// on a cross-origin isolated page). Opened as a file (file://) a page may fetch nothing and
// start no worker from a file, so the page loads shishi-file.js with a classic <script> (the
// single-threaded engine with its .wasm inside, as the text of a worker) and starts the worker
// from a Blob of that text. Lines posted before the worker exists wait in order.
let fileWorkerUrl; // Promise of the Blob URL, made once for every worker of the page

function fileEngineUrl() {
  fileWorkerUrl ||= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'shishi-file.js'; // sets self.shishiFileWorker, the worker's source text
    script.onload = () => resolve(URL.createObjectURL(new Blob([self.shishiFileWorker], { type: 'text/javascript' })));
    script.onerror = () => reject(new Error('shishi-file.js did not load (build-web/ incomplete?)'));
    document.head.append(script);
  });
  return fileWorkerUrl;
}

export class EngineWorker {
  // build: 'shishi' for the single-threaded engine whatever the page (the referee), or undefined
  constructor(build) {
    this.onmessage = () => {};
    this.onerror = () => {};
    const wire = (worker) => {
      worker.onmessage = (e) => this.onmessage(e);
      worker.onerror = (e) => this.onerror(e);
      return worker;
    };
    if (location.protocol !== 'file:') {
      this.worker = wire(new Worker(build ? `engine-worker.js?build=${build}` : 'engine-worker.js'));
      return;
    }
    this.early = [];
    fileEngineUrl().then((url) => {
      this.worker = wire(new Worker(url));
      this.early.forEach((line) => this.worker.postMessage(line));
      this.early = undefined;
    }, (e) => this.onerror({ message: e.message }));
  }

  postMessage(line) {
    if (this.worker) this.worker.postMessage(line);
    else this.early.push(line);
  }
}
