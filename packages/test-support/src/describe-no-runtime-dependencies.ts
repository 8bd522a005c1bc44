import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

function readManifest(directory: string): Manifest {
  return JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as Manifest;
}

/** Every package the one in `packageDir` pulls in at run time, following workspace siblings. */
function runtimeDependencies(packageDir: string): Set<string> {
  const packagesDir = dirname(packageDir);
  const siblings = new Map(
    readdirSync(packagesDir).map((name) => {
      const manifest = readManifest(join(packagesDir, name));
      return [manifest.name, manifest] as const;
    }),
  );
  const seen = new Set<string>();
  const queue = [readManifest(packageDir)];
  for (let manifest = queue.pop(); manifest !== undefined; manifest = queue.pop()) {
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })) {
      if (seen.has(name)) continue;
      seen.add(name);
      const sibling = siblings.get(name);
      if (sibling !== undefined) queue.push(sibling);
    }
  }
  return seen;
}

/**
 * The tests that a model-API package pulls in no provider SDK and no MCP server: not in its
 * dependencies, not through a workspace sibling's, and not by an import in its source (an
 * `import type` from an SDK would still make the published types need it).
 *
 * @example
 * ```ts
 * describeNoRuntimeDependencies({
 *   title: 'no Anthropic SDK, no MCP server',
 *   sourceDir: import.meta.dirname,
 *   forbidden: /^(@anthropic-ai\/.*|@modelcontextprotocol\/.*|@apcore-mcp\/(server|cli))$/,
 *   forbiddenImports: /from '(@anthropic-ai\/[^']*|@modelcontextprotocol\/[^']*|@apcore-mcp\/server)'/,
 * });
 * ```
 */
export function describeNoRuntimeDependencies(spec: {
  title: string;
  /** The package's `src` directory (the test file's `import.meta.dirname`). */
  sourceDir: string;
  /** Package names it must not depend on, directly or through its siblings. */
  forbidden: RegExp;
  /** Import lines its source must not hold. */
  forbiddenImports: RegExp;
}): void {
  const { title, sourceDir, forbidden, forbiddenImports } = spec;
  describe(title, () => {
    it('depends on none of them, directly or through its workspace siblings', () => {
      const dependencies = [...runtimeDependencies(dirname(sourceDir))];
      expect(dependencies).toContain('@apcore-mcp/core');
      expect(dependencies.filter((name) => forbidden.test(name))).toEqual([]);
    });

    it('imports none of them in its source', () => {
      const sources = readdirSync(sourceDir, { recursive: true, encoding: 'utf8' }).filter(
        (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
      );
      expect(sources).toContain('index.ts');
      for (const file of sources) {
        expect(readFileSync(join(sourceDir, file), 'utf8'), file).not.toMatch(forbiddenImports);
      }
    });
  });
}
