// Installs the packed `@apcore-mcp/openai` into a fresh project, as a user would, and checks that
// it brings nothing third-party: the converters depend on the apcore contract and each other only.
// The workspace packages come from their tarballs (npm `overrides`), so npm never asks the
// registry for `@apcore-mcp/*`; a third-party dependency anywhere would make it fetch one.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PACKAGE = '@apcore-mcp/openai';
const OWN_SCOPE = '@apcore-mcp/';

/** Proves the installed package works: one module becomes one OpenAI tool. */
const SMOKE_SCRIPT = `
import { toOpenaiTools } from '${PACKAGE}';
const descriptor = {
  moduleId: 'image.resize', name: null, description: 'Resize an image', documentation: null,
  inputSchema: { type: 'object', properties: { width: { type: 'integer' } } }, outputSchema: {},
  version: '1.0.0', tags: [], annotations: null, examples: [], metadata: {},
};
const registry = { list: () => ['image.resize'], getDefinition: () => descriptor, on() {} };
const [tool] = toOpenaiTools(registry);
if (tool?.function?.name !== 'image-resize') throw new Error('unexpected tools: ' + JSON.stringify(tool));
console.log('toOpenaiTools works from the installed package: ' + tool.function.name);
`;

/** The manifest packed in `tarball`. */
function readPackedManifest(tarball) {
  return JSON.parse(
    execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }),
  );
}

/**
 * The third-party packages `@apcore-mcp/openai` and its workspace dependencies declare, read
 * from the tarballs: named even when npm could not reach the registry to fetch them.
 */
function declaredForeignDependencies(tarballs) {
  const foreign = new Set();
  const pending = [PACKAGE];
  const seen = new Set();
  while (pending.length > 0) {
    const name = pending.pop();
    if (seen.has(name)) continue;
    seen.add(name);
    const { dependencies = {}, peerDependencies = {} } = readPackedManifest(tarballs[name]);
    for (const dependency of Object.keys({ ...dependencies, ...peerDependencies })) {
      if (dependency in tarballs) pending.push(dependency);
      else foreign.add(`${dependency} (declared by ${name})`);
    }
  }
  return [...foreign].sort();
}

/** Every package name in an `npm ls --all --json` tree, sorted and unique. */
function collectNames(tree, names = new Set()) {
  for (const [name, child] of Object.entries(tree.dependencies ?? {})) {
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
 * Installs `@apcore-mcp/openai` from `tarballs` (package name -> packed file) into a temporary
 * project; returns the problems found, none when only `@apcore-mcp/*` got installed and the
 * package works.
 */
export function checkConverterInstall(tarballs) {
  const project = mkdtempSync(join(tmpdir(), 'apcore-mcp-install-'));
  const spec = (name) => `file:${tarballs[name]}`;
  const declared = declaredForeignDependencies(tarballs);
  if (declared.length > 0) {
    return [`${PACKAGE} would install third-party packages: ${declared.join(', ')}`];
  }
  try {
    const overrides = Object.fromEntries(Object.keys(tarballs).map((name) => [name, spec(name)]));
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({
        name: 'converter-install-check',
        private: true,
        type: 'module',
        dependencies: { [PACKAGE]: spec(PACKAGE) },
        overrides,
      }),
    );
    const quiet = ['--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'];
    execFileSync('npm', ['install', ...quiet], { cwd: project, stdio: 'inherit' });
    const installed = listInstalled(project);
    console.log(`Installed with ${PACKAGE}:\n${installed.map((name) => `  ${name}`).join('\n')}`);
    const foreign = installed.filter((name) => !name.startsWith(OWN_SCOPE));
    if (foreign.length > 0) {
      return [`${PACKAGE} installs third-party packages: ${foreign.join(', ')}`];
    }
    execFileSync(process.execPath, ['--input-type=module', '-e', SMOKE_SCRIPT], {
      cwd: project,
      stdio: 'inherit',
    });
    return [];
  } catch (error) {
    return [`${PACKAGE} install check: ${error.message.split('\n')[0]}`];
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}
