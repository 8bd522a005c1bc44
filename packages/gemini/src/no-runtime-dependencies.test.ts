import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packageDir = dirname(dirname(fileURLToPath(import.meta.url)));
const packagesDir = dirname(packageDir);

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

function readManifest(directory: string): Manifest {
  return JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as Manifest;
}

/** Every package `@apcore-mcp/gemini` pulls in at run time, following workspace siblings. */
function runtimeDependencies(): Set<string> {
  const siblings = new Map(
    readdirSync(packagesDir).map((name) => {
      const manifest = readManifest(join(packagesDir, name));
      return [manifest.name, manifest] as const;
    }),
  );
  const seen = new Set<string>();
  const queue = [readManifest(packageDir)];
  while (queue.length > 0) {
    const manifest = queue.pop()!;
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })) {
      if (seen.has(name)) continue;
      seen.add(name);
      const sibling = siblings.get(name);
      if (sibling !== undefined) queue.push(sibling);
    }
  }
  return seen;
}

describe('no Google package, no MCP server', () => {
  it('depends, directly or through siblings, on no Google package, MCP SDK or server', () => {
    const dependencies = [...runtimeDependencies()];
    expect(dependencies).toContain('@apcore-mcp/schema');
    const forbidden =
      /^(@google\/.*|@google-cloud\/.*|@modelcontextprotocol\/.*|@apcore-mcp\/(server|cli))$/;
    expect(dependencies.filter((name) => forbidden.test(name))).toEqual([]);
  });

  it('imports neither in its source', () => {
    const sourceDir = join(packageDir, 'src');
    const sources = readdirSync(sourceDir, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    expect(sources).toContain('index.ts');
    for (const file of sources) {
      const text = readFileSync(join(sourceDir, file), 'utf8');
      // `import type` from the SDK would still make the published types need it.
      expect(text, file).not.toMatch(
        /from '(@google\/[^']*|@modelcontextprotocol\/[^']*|@apcore-mcp\/server)'/,
      );
    }
  });
});
