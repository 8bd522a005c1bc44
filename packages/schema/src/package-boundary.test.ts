import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const sourceDir = import.meta.dirname;
const sources = readdirSync(sourceDir)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => ({ name, text: readFileSync(join(sourceDir, name), 'utf8') }));

/** Specifiers of the imports and re-exports that survive compilation (not `import type`). */
function runtimeSpecifiers(text: string): string[] {
  return [...text.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^;]*?from\s+'([^']+)'/gms)]
    .filter(([, typeOnly]) => !typeOnly)
    .map(([, , specifier]) => specifier!);
}

describe('package boundary', () => {
  test('the import scanner tells type imports from value imports', () => {
    const sample =
      "import type { A } from 'a';\nimport { type B } from 'b';\nexport { C } from './c.js';";
    expect(runtimeSpecifiers(sample)).toStrictEqual(['b', './c.js']);
  });

  test('at run time the package loads only its own files and core, never the SDK', () => {
    const external = sources.flatMap(({ name, text }) =>
      runtimeSpecifiers(text)
        .filter((specifier) => !specifier.startsWith('./') && specifier !== '@apcore-mcp/core')
        .map((specifier) => `${name}: ${specifier}`),
    );
    expect(external).toStrictEqual([]);
    for (const { name, text } of sources) {
      expect(text, name).not.toMatch(/(?:from\s+|import\s*\(\s*)'@modelcontextprotocol/);
    }
  });
});
