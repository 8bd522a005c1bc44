import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { UserProjectConfigFn, ViteUserConfig } from 'vitest/config';

const repoRoot = dirname(fileURLToPath(import.meta.url));
const packagesDir = join(repoRoot, 'packages');

/**
 * Tests import sibling packages from their TypeScript sources, so a test run never waits for
 * (or silently uses a stale) build. Node at run time still resolves the built `dist`.
 */
const sourceAliases = readdirSync(packagesDir).flatMap((name) => [
  {
    find: new RegExp(`^@apcore-mcp/${name}$`),
    replacement: join(packagesDir, name, 'src', 'index.ts'),
  },
  // A package's other entry points (`@apcore-mcp/server/options`) are `src/<entry>.ts`.
  {
    find: new RegExp(`^@apcore-mcp/${name}/([a-z-]+)$`),
    replacement: join(packagesDir, name, 'src', '$1.ts'),
  },
]);

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
