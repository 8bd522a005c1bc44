import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ViteUserConfig } from 'vitest/config';

const repoRoot = dirname(fileURLToPath(import.meta.url));
const packagesDir = join(repoRoot, 'packages');

/**
 * Tests import sibling packages from their TypeScript sources, so a test run never waits for
 * (or silently uses a stale) build. Node at run time still resolves the built `dist`.
 */
const sourceAliases = readdirSync(packagesDir).map((name) => ({
  find: new RegExp(`^@apcore-mcp/${name}$`),
  replacement: join(packagesDir, name, 'src', 'index.ts'),
}));

/** The vitest settings every package shares; a package config only names itself. */
export function sharedTestConfig(name: string): ViteUserConfig {
  const reporters: NonNullable<NonNullable<ViteUserConfig['test']>['reporters']> = [
    'default',
    ['json', { outputFile: 'test-results.json' }],
  ];
  return {
    resolve: { alias: sourceAliases },
    test: {
      name,
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
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
}
