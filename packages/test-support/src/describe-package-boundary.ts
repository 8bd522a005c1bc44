import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { findBoundaryViolations, readPublishedSources } from './package-boundary.js';

/**
 * The boundary tests of a converter package: it depends on, and loads at run time, only its own
 * files and the `allowed` workspace packages (so installing it brings nothing third-party), and
 * it never imports the MCP SDK, not even its types.
 *
 * @example
 * ```ts
 * describePackageBoundary({ sourceDir: import.meta.dirname, allowed: ['@apcore-mcp/core'] });
 * ```
 */
export function describePackageBoundary(boundary: {
  /** The package's `src` directory (the test file's `import.meta.dirname`). */
  sourceDir: string;
  /** The workspace packages it may depend on and load at run time. */
  allowed: readonly string[];
}): void {
  const { sourceDir, allowed } = boundary;
  describe('package boundary', () => {
    test(`depends on, and loads at run time, only its own files and ${allowed.join(', ')}`, () => {
      const packageDir = join(sourceDir, '..');
      expect(findBoundaryViolations({ packageDir, allowed })).toStrictEqual([]);
    });

    test('never imports the SDK, not even its types', () => {
      for (const { name, text } of readPublishedSources(sourceDir)) {
        expect(text, name).not.toMatch(/(?:from\s+|import\s*\(\s*)'@modelcontextprotocol/);
      }
    });
  });
}
