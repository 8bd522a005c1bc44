import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { findFreePort } from '@apcore-mcp/test-support';
import { createBaselineTools } from '../baseline/baseline-tools.js';
import { BASELINE_V2_HTTP_ARGUMENTS } from '../baseline/baseline-v2-http-script.js';
import { median, pairedRatio } from '../measure/stats.js';
import { BENCH_DIR, spawnTracked, stopChild } from '../process/children.js';
import { waitForHealth } from '../process/wait-for-health.js';
import { createFigure, type Figure } from '../report/figure.js';
import { createTempDir } from '../temp-dir.js';
import { writeExtensionsDir } from '../workload/write-extensions-dir.js';

/** Size and sampling of {@link measureCliStartup}. */
export interface CliStartupOptions {
  /** Module files in the extensions directory. */
  moduleCount: number;
  /** Starts of each server; the first of each is unmeasured (it warms the file cache). */
  samples: number;
}

/** Target: start to ready in under a second (the product's acceptance criterion). */
const TARGET_MS = 1000;
/** A start that takes longer fails the figure. */
const READY_TIMEOUT_MS = 20_000;
/** The argument replaced by the port a start listens on. */
const PORT_ARGUMENT = '{port}';

/** The `apcore-mcp` bin of the workspace's CLI package. */
function cliBin(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@apcore-mcp/cli/package.json')), 'bin', 'apcore-mcp.js');
}

/** The environment without `APCORE_MCP_*` settings, which would change what the CLI does. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.startsWith('APCORE_MCP_')) env[name] = value;
  }
  return { ...env, ...extra };
}

/** One start: spawn to ready, and whether the server served every module. */
interface Start {
  ms: number;
  complete: boolean;
}

/** Spawns one server, waits for its health check, stops it. */
async function timeStart(
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; moduleCount: number },
): Promise<Start> {
  const port = await findFreePort();
  const started = performance.now();
  const child = spawnTracked(
    process.execPath,
    args.map((arg) => (arg === PORT_ARGUMENT ? String(port) : arg)),
    { cwd: options.cwd, env: { ...options.env, BASELINE_PORT: String(port) }, stdio: 'ignore' },
  );
  try {
    const ready = await waitForHealth(port, {
      timeoutMs: READY_TIMEOUT_MS,
      hasExited: () => child.exitCode !== null || child.signalCode !== null,
    });
    return { ms: ready.readyAt - started, complete: ready.moduleCount === options.moduleCount };
  } finally {
    await stopChild(child);
  }
}

/**
 * Figure 6: from spawning `apcore-mcp --extensions-dir DIR --transport streamable-http` on a
 * directory of generated module files to its `GET /health` answering 200, against spawning the
 * hand-written server on the SDK's 2.x packages (`node -e`, the same tools from one JSON file)
 * until its health check answers. Starts alternate between the two.
 *
 * @example
 * ```ts
 * const figures = await measureCliStartup({ moduleCount: 100, samples: 5 });
 * ```
 */
export async function measureCliStartup(options: CliStartupOptions): Promise<Figure[]> {
  const dir = await createTempDir('apcore-mcp-bench-cli-');
  try {
    const extensions = await writeExtensionsDir(dir.path, options.moduleCount);
    const toolsFile = join(dir.path, 'tools.json');
    await writeFile(toolsFile, JSON.stringify(createBaselineTools(options.moduleCount)));
    const env = cleanEnv({ BASELINE_TOOLS_FILE: toolsFile });
    const ours = [
      cliBin(),
      ...['--extensions-dir', extensions, '--transport', 'streamable-http'],
      ...['--port', PORT_ARGUMENT, '--log-level', 'error'],
    ];
    const { moduleCount } = options;
    const samples = { ours: [] as number[], baseline: [] as number[] };
    let incomplete = 0;
    for (let round = 0; round <= options.samples; round += 1) {
      const oursStart = await timeStart(ours, { cwd: dir.path, env, moduleCount });
      const baselineStart = await timeStart(BASELINE_V2_HTTP_ARGUMENTS, {
        cwd: BENCH_DIR,
        env,
        moduleCount,
      });
      // A server that did not load every module would have started faster for the wrong reason.
      if (!oursStart.complete) incomplete += 1;
      if (!baselineStart.complete) incomplete += 1;
      if (round === 0) continue;
      samples.ours.push(oursStart.ms);
      samples.baseline.push(baselineStart.ms);
    }
    const oursMs = median(samples.ours);
    return [
      createFigure({
        id: 'cli.start',
        name: `CLI start to ready, ${options.moduleCount} module files`,
        unit: 'ms',
        ours: oursMs,
        baseline: median(samples.baseline),
        ratio: pairedRatio(samples.ours, samples.baseline),
        target: { text: `< ${TARGET_MS / 1000} s`, met: oursMs < TARGET_MS },
        errors: incomplete,
      }),
    ];
  } finally {
    await dir.remove();
  }
}
