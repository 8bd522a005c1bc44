// Keeps imports pointing one way. In the server, a folder may import only from the folders
// below it in LAYERS, never from one above it or beside it, and a feature folder imports no other
// feature. In every package, no file imports itself back through others: a cycle between files
// of one folder is one too. Run by the root `lint` script; dependency-cruiser reads the imports
// (type-only ones included).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';

/**
 * The server's source folders, lowest first: each may import from those before it. A file
 * directly in `src/` other than `index.ts` (the public API, above everything) belongs to no
 * layer, and any import of it from a folder is a violation.
 */
export const LAYERS = [
  'kernel', // shared leaf types and helpers: served tool, MCP tool, call and answer, logger, option reading
  'store', // where limit counters and one-time approval rounds live (memory; Redis in @apcore-mcp/redis)
  'grouping', // folding modules into grouped tools, routing a grouped call to its action
  'tools', // building, naming and listing tools; what each caller may see
  'completions', // the values a completion suggests, from a list or a function
  'revisions', // one codec per protocol revision (what differs between them) and picking one
  'calls', // the call pipeline and its core entries, the context a module gets
  'requests', // the pipeline of every other MCP request: its request object, steps and registration
  'protocol', // SDK servers and their handlers, both revisions
  'transports', // stdio, Streamable HTTP, SSE, the HTTP guard
  'feature-api', // what a feature is written against: ServerFeature, what it is told and adds
  'features', // one folder per capability, none importing another; the feature list beside them
  'options', // the option table: each serve() option declared once, per concern
  'lifecycle', // serve, startServer, createMcpHandler, shutdown
  'attach', // attachToServer
];

/** The packages whose `src/` folders are layered, with their layers; the others have none. */
export const LAYERED_PACKAGES = Object.freeze({ server: LAYERS });

/**
 * The rules that say it for the source folder `src` (a path from the cruise's root, ending in
 * `/`): from each layer, nothing above it (and no unknown root file).
 */
export function layerRules(layers = LAYERS, src = 'src/') {
  return layers.map((layer, index) => {
    const above = layers.slice(index + 1);
    return {
      name: `layer-${layer}`,
      comment: `${layer}/ may import only from the layers below it: ${layers.slice(0, index).join(', ') || 'none'}`,
      severity: 'error',
      from: { path: `^${src}${layer}/` },
      // A root file of src/ other than index.ts is in no layer: importing it is a violation too.
      to: {
        path: `^${src}(${[...above, '[^/]+\\.ts$'].join('|')})`,
        pathNot: `^${src}index\\.ts$`,
      },
    };
  });
}

/**
 * The rule that keeps features apart: a file of `features/<name>/` imports nothing else under
 * `features/`, neither another feature's folder nor the list, which alone imports them all.
 */
export function featureRule(src = 'src/') {
  return {
    name: 'feature-alone',
    comment: 'a feature imports no other feature, and not the feature list',
    severity: 'error',
    from: { path: `^${src}features/([^/]+)/` },
    to: { path: `^${src}features/`, pathNot: `^${src}features/$1/` },
  };
}

const CYCLE_RULE = {
  name: 'no-cycle',
  comment: 'no file imports itself back through other files',
  severity: 'error',
  from: {},
  to: { circular: true },
};

/** The packages under `root/packages` that have a `src/` folder. */
function listPackages(root) {
  const packagesDir = join(root, 'packages');
  if (!existsSync(packagesDir)) return [];
  return readdirSync(packagesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(packagesDir, entry.name, 'src')))
    .map((entry) => entry.name)
    .sort();
}

/**
 * A cycle as one readable line, the same from whichever of its imports dependency-cruiser
 * found it: it starts at its first file in sort order, written in full, and names the files after
 * it from their package's `src/`: `packages/runtime/src/a.ts -> b.ts -> a.ts`.
 */
function describeCycle(violation) {
  const steps = violation.cycle.map((step) => (typeof step === 'string' ? step : step.name));
  // The cycle lists the files from the import's target back to its source.
  const files = [violation.from, ...steps.slice(0, -1)];
  const first = files.indexOf([...files].sort()[0]);
  const ordered = [...files.slice(first), ...files.slice(0, first), files[first]];
  const src = ordered[0].replace(/^(packages\/[^/]+\/src\/).*$/, '$1');
  return ordered.map((file, index) => (index === 0 ? file : file.replace(src, ''))).join(' -> ');
}

/**
 * Cruises the `src/` folder of every package under `root/packages` (tests and fixtures left
 * out) and returns one line per violation, paths from `root`: an import that breaks the layers
 * of a package in `layered` as `from -> to (rule)`, and each import cycle once.
 */
export async function checkImports(root, layered = LAYERED_PACKAGES) {
  const packages = listPackages(root);
  const layerRuleSet = Object.entries(layered)
    .filter(([name]) => packages.includes(name))
    .flatMap(([name, layers]) => {
      const src = `packages/${name}/src/`;
      return [...layerRules(layers, src), featureRule(src)];
    });
  const previous = process.cwd();
  process.chdir(root);
  try {
    const result = await cruise(
      packages.map((name) => `packages/${name}/src`),
      {
        validate: true,
        ruleSet: { forbidden: [...layerRuleSet, CYCLE_RULE] },
        tsPreCompilationDeps: true,
        exclude: { path: '(\\.test\\.tsx?$|__fixtures__)' },
        doNotFollow: { path: 'node_modules' },
      },
    );
    const lines = result.output.summary.violations.map((violation) =>
      violation.rule.name === CYCLE_RULE.name
        ? describeCycle(violation)
        : `${violation.from} -> ${violation.to} (${violation.rule.name})`,
    );
    return [...new Set(lines)];
  } finally {
    process.chdir(previous);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
  const violations = await checkImports(root);
  for (const line of violations) console.error(line);
  console.log(`check-layers: ${violations.length} violation(s)`);
  process.exitCode = violations.length === 0 ? 0 : 1;
}
