// Keeps the server's folders in layers that point one way: a folder may import only from the
// folders below it in LAYERS, never from one above it or beside it, so no two folders import
// each other. Run by the root `lint` script; dependency-cruiser reads the imports.
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
  'resources', // docs:// resources, and the resources and templates declared with define*
  'prompts', // the prompts declared with definePrompt, and their argument checks
  'skills', // the skills of a skills directory (SKILL.md and its files), what each caller may see
  'completions', // completion/complete values for prompt arguments and template variables
  'calls', // the call pipeline and its core entries, the context a module gets
  'requests', // the pipeline of every other MCP request: its request object, steps and registration
  'observability', // the tracing entry
  'metrics', // the metrics observer
  'usage', // per tool figures for GET /usage
  'governance', // limits and budgets, the ledger
  'search', // tool search
  'tasks', // calls that become MCP tasks: the entry, the engines, running an attempt
  'protocol', // SDK servers and their handlers, both revisions
  'auth', // bearer tokens, protected-resource metadata
  'inspector', // the browser Tool Inspector: its option, its page, the read-only refusal
  'transports', // stdio, Streamable HTTP, SSE, the HTTP guard
  'options', // the option table: each serve() option declared once, per concern
  'lifecycle', // serve, startServer, createMcpHandler, shutdown
  'attach', // attachToServer
];

/** The rules that say it: from each layer, nothing above it (and no unknown root file). */
export function layerRules(layers = LAYERS) {
  return layers.map((layer, index) => {
    const above = layers.slice(index + 1);
    return {
      name: `layer-${layer}`,
      comment: `${layer}/ may import only from the layers below it: ${layers.slice(0, index).join(', ') || 'none'}`,
      severity: 'error',
      from: { path: `^src/${layer}/` },
      // A root file of src/ other than index.ts is in no layer: importing it is a violation too.
      to: { path: `^src/(${[...above, '[^/]+\\.ts$'].join('|')})`, pathNot: '^src/index\\.ts$' },
    };
  });
}

/**
 * Cruises `packageDir/src` (tests and fixtures left out) and returns one line per import that
 * breaks the layers: `from -> to (rule)`.
 */
export async function checkLayers(packageDir, layers = LAYERS) {
  const previous = process.cwd();
  process.chdir(packageDir);
  try {
    const result = await cruise(['src'], {
      validate: true,
      ruleSet: { forbidden: layerRules(layers) },
      tsPreCompilationDeps: true,
      exclude: { path: '(\\.test\\.ts$|__fixtures__)' },
      doNotFollow: { path: 'node_modules' },
    });
    return result.output.summary.violations.map(
      (violation) => `${violation.from} -> ${violation.to} (${violation.rule.name})`,
    );
  } finally {
    process.chdir(previous);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
  const violations = await checkLayers(join(root, 'packages', 'server'));
  for (const line of violations) console.error(`packages/server/${line}`);
  console.log(`check-layers: ${violations.length} violation(s)`);
  process.exitCode = violations.length === 0 ? 0 : 1;
}
