// Bundles a package's compiled JavaScript (tsc's output in dist/) into one file per entry of
// its `exports`, with the code only some paths load (features, transports, commands behind a
// dynamic `import()`) split into chunks of their own. Node's ES module loader pays for every
// file it resolves, reads and compiles: a stdio server once loaded about 500 files of ours
// before its first answer, which was most of its start (bench/README.md, "CLI start").
// Dependencies stay imports, so every package still shares one copy of each (module files and
// the CLI must see the same `@apcore-mcp/core`). Run from a package's directory, after tsc:
// `node ../../scripts/bundle-package.mjs`. The declaration files tsc wrote stay as they are.
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { build } from 'esbuild';

const packageDir = process.cwd();
const dist = join(packageDir, 'dist');
const staging = join(packageDir, 'dist-bundle');

/** `dist/x.js` of every `exports` entry whose import condition names a built file. */
function entryPoints(manifest) {
  const entries = {};
  for (const target of Object.values(manifest.exports ?? {})) {
    const file = typeof target === 'object' ? target.import : undefined;
    if (typeof file !== 'string' || !file.startsWith('./dist/') || !file.endsWith('.js')) continue;
    entries[file.slice('./dist/'.length, -'.js'.length)] = join(packageDir, file);
  }
  return entries;
}

/** Every file under `dir`, as paths relative to it. */
async function filesUnder(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

const manifest = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8'));
const entries = entryPoints(manifest);
if (Object.keys(entries).length === 0) {
  throw new Error(`${manifest.name}: no "exports" entry imports a file under ./dist/`);
}
await rm(staging, { recursive: true, force: true });
// Rejects, having printed each error, when the bundle cannot be built.
await build({
  entryPoints: entries,
  outdir: staging,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: true,
  // No `keepNames`: it names each function again as it is created, a call per closure made
  // per request (about 2% of a 2026-07-28 HTTP call's time in the bench); nothing reads those
  // names, errors set their own, and the source maps give stack traces the source's names.
  keepNames: false,
  logLevel: 'warning',
});

// tsc's modules are replaced by the bundle; everything else it or the build wrote stays.
for (const file of await filesUnder(dist)) {
  if (file.endsWith('.js') || file.endsWith('.js.map')) await rm(join(dist, file));
}
for (const file of await filesUnder(staging)) {
  const target = join(dist, file);
  await mkdir(dirname(target), { recursive: true });
  await rename(join(staging, file), target);
}
await rm(staging, { recursive: true, force: true });
