// Installing packed packages into a fresh project as a user would, for the install checks: the
// workspace packages come from their tarballs (npm `overrides`), so npm never asks the registry
// for `@apcore-mcp/*`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The manifest packed in `tarball`. */
export function readPackedManifest(tarball) {
  return JSON.parse(
    execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }),
  );
}

/**
 * Every installed package's name in an `npm ls --all --json` tree, sorted and unique; an
 * optional peer that is not installed appears there as `missing` and is left out.
 */
function collectNames(tree, names = new Set()) {
  for (const [name, child] of Object.entries(tree.dependencies ?? {})) {
    if (child.missing === true || child.version === undefined) continue;
    names.add(name);
    collectNames(child, names);
  }
  return [...names].sort();
}

/** `npm ls` exits non-zero on any tree problem, yet still prints the tree: keep the output. */
function listInstalled(cwd) {
  let output;
  try {
    output = execFileSync('npm', ['ls', '--all', '--json'], { cwd, encoding: 'utf8' });
  } catch (error) {
    output = error.stdout;
  }
  return collectNames(JSON.parse(output));
}

/**
 * Installs `name` from `tarballs` (package name -> packed file) into a temporary project and
 * hands `inspect` the project's directory and every package `npm ls --all` lists there; removes
 * the project afterwards and returns what `inspect` returns.
 */
export function withPackedInstall(tarballs, name, inspect) {
  const project = mkdtempSync(join(tmpdir(), 'apcore-mcp-install-'));
  const spec = (packageName) => `file:${tarballs[packageName]}`;
  try {
    const overrides = Object.fromEntries(Object.keys(tarballs).map((own) => [own, spec(own)]));
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({
        name: 'install-check',
        private: true,
        type: 'module',
        dependencies: { [name]: spec(name) },
        overrides,
      }),
    );
    const quiet = ['--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'];
    execFileSync('npm', ['install', ...quiet], { cwd: project, stdio: 'inherit' });
    const installed = listInstalled(project);
    console.log(`Installed with ${name}:\n${installed.map((entry) => `  ${entry}`).join('\n')}`);
    return inspect(project, installed);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}

/** Runs an ES module script in `cwd` (where the installed packages resolve); output shown. */
export function runScript(cwd, script) {
  execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd, stdio: 'inherit' });
}
