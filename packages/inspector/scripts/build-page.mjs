// Bundles the browser page (src/page) into dist/assets: inspector.js,
// inspector.css and the HTML template `loadInspectorAssets()` fills in. Everything the page runs
// is in these files: the server's CSP allows no CDN, no inline script and no inline style.
import { copyFile, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${packageRoot}dist/assets`;

await mkdir(outdir, { recursive: true });
const result = await build({
  absWorkingDir: packageRoot,
  // main.tsx imports styles.css: esbuild writes it beside the script as inspector.css.
  entryPoints: { inspector: 'src/page/main.tsx' },
  outdir,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  // The SDK picks its browser shims (CORS handling, the cfworker validator) by this condition.
  conditions: ['browser'],
  target: ['es2022'],
  minify: true,
  // No source maps: they would triple what every install of the CLI downloads, for a page whose
  // sources are in this repository.
  sourcemap: false,
  legalComments: 'linked',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  tsconfig: 'tsconfig.page.json',
  metafile: true,
  logLevel: 'warning',
});
await copyFile(`${packageRoot}src/page/index.html`, `${outdir}/index.html`);

const sizes = Object.entries(result.metafile.outputs)
  .filter(([file]) => !file.endsWith('.map'))
  .map(([file, output]) => `${file.split('/').at(-1)} ${(output.bytes / 1024).toFixed(1)} KB`);
console.error(`inspector page: ${sizes.join(', ')}`);
