// Run by `npm pack` (and `npm publish`) before packing: copies both engine builds from
// build-wasm/ (bash scripts/wasm; or the folder SHISHI_WASM_DIR names) into dist/, and the
// licence beside them. Refuses to pack when a build is missing or when this package's version
// is not the project's (project(shishi VERSION ...) in CMakeLists.txt).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const fail = (why) => { console.error(`shishi-wasm prepack: ${why}`); process.exit(1); };

const cmake = fs.readFileSync(path.join(root, 'CMakeLists.txt'), 'utf8');
const version = /^project\(shishi VERSION ([0-9.]+)/m.exec(cmake)?.[1];
const pkg = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
if (pkg.version !== version) fail(`package.json says ${pkg.version}, CMakeLists.txt says ${version}`);

const from = path.resolve(process.env.SHISHI_WASM_DIR || path.join(root, 'build-wasm'));
const files = pkg.files.filter((f) => f.startsWith('dist/')).map((f) => path.basename(f));
const missing = files.filter((f) => !fs.existsSync(path.join(from, f)));
if (missing.length) fail(`${missing.join(', ')} not in ${from}: build them with bash scripts/wasm`);
fs.rmSync(path.join(here, 'dist'), { recursive: true, force: true });
fs.mkdirSync(path.join(here, 'dist'));
for (const f of files) fs.copyFileSync(path.join(from, f), path.join(here, 'dist', f));
fs.copyFileSync(path.join(root, 'LICENSE'), path.join(here, 'LICENSE'));
