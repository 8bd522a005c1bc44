import { describe, expect, it } from 'vitest';
import {
  checkSource,
  EXPORT_BUDGETS,
  isTestFile,
  MAX_FILE_LINES,
  MAX_FUNCTION_LINES,
} from './check-limits.mjs';

const SOURCE = 'packages/demo/src/demo.ts';

/** A documented function whose body spans `lines` lines, braces included. */
function functionOfLines(name, lines) {
  const statements = Array.from(
    { length: lines - 2 },
    (_, index) => `  const v${index} = ${index};`,
  );
  return `/** Demo. */\nexport function ${name}(): void {\n${statements.join('\n')}\n}\n`;
}

function rulesOf(violations) {
  return violations.map(({ rule, name }) => `${rule}:${name}`);
}

describe('check-limits', () => {
  it('passes clean, documented code', () => {
    const text = [
      '/**',
      ' * Adds one.',
      ' *',
      ' * @example',
      ' * addOne(1); // 2',
      ' */',
      'export function addOne(value: number): number {',
      '  return value + 1;',
      '}',
      '/** The answer. */',
      'export const ANSWER = 42;',
      "export { other } from './other.js';",
      '',
    ].join('\n');
    expect(checkSource(SOURCE, text)).toEqual([]);
    expect(checkSource(SOURCE, functionOfLines('atTheLimit', MAX_FUNCTION_LINES))).toEqual([]);
  });

  it('reports a file over the line limit, tests included', () => {
    const text = '// line\n'.repeat(MAX_FILE_LINES + 1);
    const [violation] = checkSource('packages/demo/src/long.test.ts', text);
    expect(violation).toMatchObject({ rule: 'file-length', line: MAX_FILE_LINES + 1 });
    expect(violation.message).toContain(`${MAX_FILE_LINES + 1} lines`);
    expect(checkSource('bench/src/short.ts', '// line\n'.repeat(MAX_FILE_LINES))).toEqual([]);
  });

  it('reports long functions, methods, accessors and arrows, named by where they sit', () => {
    const body = Array.from({ length: MAX_FUNCTION_LINES }, (_, index) => `    f(${index});`);
    const text = [
      functionOfLines('tooLong', MAX_FUNCTION_LINES + 1),
      '/** Demo. */',
      'export class Demo {',
      '  run(): void {',
      ...body,
      '  }',
      '  get value(): number {',
      ...body,
      '    return 1;',
      '  }',
      '}',
      '/** Demo. */',
      'export const handler = (): void => {',
      ...body,
      '};',
      '',
    ].join('\n');
    const violations = checkSource(SOURCE, text);
    expect(rulesOf(violations)).toEqual([
      'function-length:tooLong',
      'function-length:Demo.run',
      'function-length:Demo.value',
      'function-length:handler',
    ]);
    expect(violations[0]).toMatchObject({ path: SOURCE, line: 2 });
    expect(violations[0].message).toContain(`${MAX_FUNCTION_LINES + 1} lines`);
  });

  it('reports exports without a JSDoc comment directly above them', () => {
    const text = [
      'export const bare = 1;',
      '// a line comment is not documentation',
      'export function lineCommented(): void {}',
      '/** Detached. */',
      '',
      '',
      'export interface Detached {}',
      'export type Alias = string;',
      'export class Plain {}',
      'export enum Colour { Red }',
      '/** Documented. */',
      'export function overloaded(value: string): string;',
      'export function overloaded(value: string): string {',
      '  return value;',
      '}',
      'const local = 1;',
      'export { local };',
      '',
    ].join('\n');
    expect(rulesOf(checkSource(SOURCE, text))).toEqual([
      'export-jsdoc:bare',
      'export-jsdoc:lineCommented',
      'export-jsdoc:Detached',
      'export-jsdoc:Alias',
      'export-jsdoc:Plain',
      'export-jsdoc:Colour',
    ]);
  });

  it('checks only the file length of tests and fixtures, and exports only in package sources', () => {
    const text = `export const bare = 1;\n${functionOfLines('tooLong', MAX_FUNCTION_LINES + 1)}`;
    for (const path of [
      'packages/demo/src/demo.test.ts',
      'packages/demo/src/__fixtures__/demo.ts',
      'packages/demo/test/e2e/helpers.ts',
      'bench/test/helpers.ts',
    ]) {
      expect(isTestFile(path)).toBe(true);
      expect(checkSource(path, text)).toEqual([]);
    }
    expect(rulesOf(checkSource('examples/demo/src/main.ts', text))).toEqual([
      'function-length:tooLong',
    ]);
  });

  it('counts the names of a budgeted entry point, types and re-exports included', () => {
    const path = 'packages/server/src/index.ts';
    const budget = EXPORT_BUDGETS[path];
    const names = Array.from({ length: budget }, (_, index) => `name${index}`);
    const within = `export type { ${names.slice(1).join(', ')} } from './a.js';\n/** One. */\nexport const name0 = 0;\n`;
    expect(checkSource(path, within)).toEqual([]);
    const over = `${within}export { extra } from './b.js';\n`;
    expect(rulesOf(checkSource(path, over))).toEqual(['export-budget:index.ts']);
    // Another package's entry point has no budget.
    expect(checkSource('packages/core/src/index.ts', over)).toEqual([]);
  });
});
