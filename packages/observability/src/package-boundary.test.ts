import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describePackageBoundary, runtimeSpecifiers } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';

// Beside its two libraries, the package loads only the contract: never the server (which loads
// this package), so a server and its observability cannot import each other.
describePackageBoundary({
  sourceDir: import.meta.dirname,
  allowed: ['@apcore-mcp/core', '@opentelemetry/api', 'prom-client'],
});

const DYNAMIC_IMPORT = /\bimport\s*\(\s*'[^']+'\s*\)/g;

/** Everything importing `file` loads before any of its code runs: its static imports, deep. */
function loadedOnImport(file: string, seen = new Set<string>()): Set<string> {
  const text = readFileSync(join(import.meta.dirname, file), 'utf8').replace(DYNAMIC_IMPORT, '');
  for (const specifier of runtimeSpecifiers(text)) {
    if (!specifier.startsWith('.')) {
      seen.add(specifier);
      continue;
    }
    const own = normalize(join(dirname(file), specifier.replace(/\.js$/, '.ts')));
    if (seen.has(own)) continue;
    seen.add(own);
    loadedOnImport(own, seen);
  }
  return seen;
}

describe('loading the package', () => {
  it('loads neither prom-client nor the OpenTelemetry API until a function asks for it', () => {
    const loaded = [...loadedOnImport('index.ts')];
    expect(loaded).not.toContain('prom-client');
    expect(loaded).not.toContain('@opentelemetry/api');
  });
});
