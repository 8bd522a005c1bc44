import { join } from 'node:path';
import { findBoundaryViolations, readPublishedSources } from '@apcore-mcp/test-support';
import { describe, expect, test } from 'vitest';

const packageDir = join(import.meta.dirname, '..');

/** A converter installs and loads nothing third-party: the apcore contract. */
const ALLOWED = ['@apcore-mcp/core'];

describe('package boundary', () => {
  test('depends on, and loads at run time, only its own files and the apcore contract', () => {
    expect(findBoundaryViolations({ packageDir, allowed: ALLOWED })).toStrictEqual([]);
  });

  test('never imports the SDK, not even its types', () => {
    for (const { name, text } of readPublishedSources(import.meta.dirname)) {
      expect(text, name).not.toMatch(/(?:from\s+|import\s*\(\s*)'@modelcontextprotocol/);
    }
  });
});
