import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { findBoundaryViolations, runtimeSpecifiers } from './package-boundary.js';

describe('runtimeSpecifiers', () => {
  test('tells type imports from value imports, and finds dynamic imports', () => {
    const sample =
      "import type { A } from 'a';\nimport { type B } from 'b';\nexport { C } from './c.js';\n" +
      "export type { D } from 'd';\nconst e = await import('e');";
    expect(runtimeSpecifiers(sample)).toStrictEqual(['b', './c.js', 'e']);
  });
});

describe('findBoundaryViolations', () => {
  const packageDir = mkdtempSync(join(tmpdir(), 'apcore-boundary-'));
  afterAll(() => rmSync(packageDir, { recursive: true, force: true }));

  test('names foreign dependencies and run-time imports, ignoring tests and fixtures', () => {
    mkdirSync(join(packageDir, 'src', '__fixtures__'), { recursive: true });
    writeFileSync(
      join(packageDir, 'package.json'),
      JSON.stringify({
        dependencies: { '@apcore-mcp/core': 'workspace:^', ajv: '^8' },
        devDependencies: { vitest: '^4' },
      }),
    );
    writeFileSync(
      join(packageDir, 'src', 'index.ts'),
      "import type { Ajv } from 'ajv';\nimport { a } from '@apcore-mcp/core';\nimport { b } from './b.js';\nimport { c } from '@apcore-mcp/runtime';\n" +
        "import { g } from '@apcore-mcp/core/bridge';\nimport { h } from '@apcore-mcp/runtime/x';\nimport { i } from 'node:fs';\n",
    );
    writeFileSync(join(packageDir, 'src', 'index.test.ts'), "import { d } from 'vitest';\n");
    writeFileSync(join(packageDir, 'src', '__fixtures__', 'f.ts'), "import { e } from 'yaml';\n");
    expect(findBoundaryViolations({ packageDir, allowed: ['@apcore-mcp/core'] })).toStrictEqual([
      'package.json dependencies: ajv',
      'index.ts: @apcore-mcp/runtime',
      'index.ts: @apcore-mcp/runtime/x',
      'index.ts: node:fs',
    ]);
  });
});
