import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { UserProjectConfigFn, ViteUserConfig } from 'vitest/config';

const repoRoot = dirname(fileURLToPath(import.meta.url));
const packagesDir = join(repoRoot, 'packages');

/**
 * Tests import sibling packages from their TypeScript sources, so a test run never waits for
 * (or silently uses a stale) build. Node at run time still resolves the built `dist`.
 */
const sourceAliases = readdirSync(packagesDir).flatMap((name) => sourceEntries(name));

/** Every entry point of a package as an alias to its source: `.`, and `./options` and the like. */
function sourceEntries(name: string): { find: RegExp; replacement: string }[] {
  const manifest = JSON.parse(readFileSync(join(packagesDir, name, 'package.json'), 'utf8')) as {
    name: string;
    exports?: Record<string, string | Record<string, string>>;
  };
  return Object.entries(manifest.exports ?? {}).flatMap(([entry, target]) => {
    const source = typeof target === 'string' ? target : target['@apcore-mcp/source'];
    if (source === undefined || !source.endsWith('.ts')) return [];
    const specifier = entry === '.' ? manifest.name : `${manifest.name}/${entry.slice(2)}`;
    return [{ find: new RegExp(`^${specifier}$`), replacement: join(packagesDir, name, source) }];
  });
}

type Reporters = NonNullable<NonNullable<ViteUserConfig['test']>['reporters']>;

/**
 * The vitest settings every package shares; a package config only names itself.
 *
 * Two suites per package, chosen by vitest's `--mode`: the unit tests beside the code
 * (`src/**`, the default: no build needed) and, with `--mode e2e`, the end-to-end tests under
 * `test/e2e/**` (spawned processes, sockets, built `dist`; turbo builds before them). Each
 * writes its own JSON report, which `scripts/test-summary.mjs` adds up.
 *
 * @example
 * ```ts
 * export default defineProject(sharedTestConfig('core'));
 * ```
 */
export function sharedTestConfig(
  name: string,
  extraUnitTests: readonly string[] = [],
): UserProjectConfigFn {
  return ({ mode }) => {
    const e2e = mode === 'e2e';
    const reporters: Reporters = [
      'default',
      ['json', { outputFile: e2e ? 'test-results-e2e.json' : 'test-results.json' }],
    ];
    return {
      resolve: { alias: sourceAliases },
      test: {
        name: e2e ? `${name}:e2e` : name,
        include: e2e ? ['test/e2e/**/*.test.ts'] : ['src/**/*.test.ts', ...extraUnitTests],
        environment: 'node',
        // Kills, at the end of the run, every child process a test left running.
        globalSetup: [join(packagesDir, 'test-support', 'src', 'global-setup.ts')],
        // The last guard only: tests wait for readiness, never for time. Generous, so that a
        // machine busy with other work slows the suite down without failing it.
        testTimeout: 60_000,
        hookTimeout: 60_000,
        reporters,
      },
    };
  };
}
