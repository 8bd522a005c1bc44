// Packs every published package as `pnpm publish` would (publishConfig applied, workspace ranges
// resolved) and checks what a user would install: publint for the manifest and the files,
// arethetypeswrong for the types under every ESM resolution mode, that installing a converter
// (OpenAI, Gemini) brings no third-party package, and that installing the server brings none of the
// optional features' libraries. Run after `pnpm run build`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { checkConverterInstall } from './check-converter-install.mjs';
import { checkServerInstall } from './check-server-install.mjs';

const root = resolve(import.meta.dirname, '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const destination = mkdtempSync(join(tmpdir(), 'apcore-mcp-packs-'));
// Run as `pnpm run check:packages`: the pnpm running us, wherever it lives (npx installs it).
const [pnpm, ...pnpmArgs] = process.env.npm_execpath?.endsWith('.cjs')
  ? [process.execPath, process.env.npm_execpath]
  : ['pnpm'];

/** Runs a command, its output shown; returns whether it succeeded. */
function check(command, args, cwd) {
  try {
    execFileSync(command, args, { cwd, stdio: 'inherit' });
    return true;
  } catch {
    return false;
  }
}

const failures = [];
/** Package name -> its packed tarball, for the install check. */
const tarballs = {};
try {
  for (const name of readdirSync(join(root, 'packages')).sort()) {
    const directory = join(root, 'packages', name);
    const manifest = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8'));
    if (manifest.private === true) continue;
    console.log(`\n== ${manifest.name}`);
    const before = new Set(readdirSync(destination));
    execFileSync(pnpm, [...pnpmArgs, 'pack', '--pack-destination', destination], {
      cwd: directory,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const tarball = readdirSync(destination).find((file) => !before.has(file));
    if (tarball === undefined) throw new Error(`pnpm pack wrote nothing for ${manifest.name}`);
    const packed = join(destination, tarball);
    tarballs[manifest.name] = packed;
    if (!check(bin('publint'), ['run', packed, '--strict'], directory)) {
      failures.push(`${manifest.name}: publint`);
    }
    // ESM only by design: CommonJS `require` of these packages is not offered.
    if (!check(bin('attw'), [packed, '--profile', 'esm-only'], directory)) {
      failures.push(`${manifest.name}: attw`);
    }
  }
  console.log('\n== install check');
  failures.push(...checkConverterInstall(tarballs));
  failures.push(...checkServerInstall(tarballs));
} finally {
  rmSync(destination, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.error(`\nPackaging problems:\n${failures.map((line) => `- ${line}`).join('\n')}`);
  process.exit(1);
}
console.log(
  "\nEvery published package passes publint and arethetypeswrong; the OpenAI converter installs nothing third-party; the server installs no optional feature's library.",
);
