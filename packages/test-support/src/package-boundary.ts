import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** One source file of a package: its path relative to the source directory, and its text. */
export interface SourceFile {
  name: string;
  text: string;
}

/** What {@link findBoundaryViolations} checks a package against. */
export interface PackageBoundary {
  /** The package directory (where its `package.json` is). */
  packageDir: string;
  /** The workspace packages it may depend on and load at run time. */
  allowed: readonly string[];
}

const STATIC_SPECIFIER = /^\s*(?:import|export)\s+(type\s+)?[^;]*?from\s+'([^']+)'/gms;
const DYNAMIC_SPECIFIER = /\bimport\s*\(\s*'([^']+)'\s*\)/g;

/**
 * The specifiers a module loads at run time: its imports and re-exports that survive
 * compilation (not `import type` / `export type`) and its dynamic `import('...')` calls.
 *
 * @example
 * ```ts
 * runtimeSpecifiers("import type { A } from 'a';\nimport { b } from 'b';"); // ['b']
 * ```
 */
export function runtimeSpecifiers(text: string): string[] {
  const staticOnes = [...text.matchAll(STATIC_SPECIFIER)]
    .filter(([, typeOnly]) => !typeOnly)
    .map(([, , specifier]) => specifier as string);
  const dynamicOnes = [...text.matchAll(DYNAMIC_SPECIFIER)].map(([, specifier]) => specifier!);
  return [...staticOnes, ...dynamicOnes];
}

/**
 * The published sources of a package: every `.ts` file below `sourceDir` except tests and
 * `__fixtures__`.
 *
 * @example
 * ```ts
 * const sources = readPublishedSources(join(import.meta.dirname));
 * ```
 */
export function readPublishedSources(sourceDir: string): SourceFile[] {
  return readdirSync(sourceDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .map((path) => relative(sourceDir, path))
    .filter((name) => !name.endsWith('.test.ts') && !name.split(/[\\/]/).includes('__fixtures__'))
    .sort()
    .map((name) => ({ name, text: readFileSync(join(sourceDir, name), 'utf8') }));
}

/**
 * Everything that breaks a package's boundary, one line each: a dependency (or peer or optional
 * dependency) outside `allowed`, and a run-time import in `src/` of anything but the package's
 * own files and `allowed` (a subpath of an allowed package included). Node's built-ins count as
 * outside: a converter needs none.
 *
 * @example
 * ```ts
 * expect(findBoundaryViolations({ packageDir, allowed: ['@apcore-mcp/core'] })).toEqual([]);
 * ```
 */
export function findBoundaryViolations(boundary: PackageBoundary): string[] {
  const { packageDir, allowed } = boundary;
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as Record<
    string,
    Record<string, string> | undefined
  >;
  const violations: string[] = [];
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
    for (const name of Object.keys(manifest[field] ?? {})) {
      if (!allowed.includes(name)) violations.push(`package.json ${field}: ${name}`);
    }
  }
  for (const { name, text } of readPublishedSources(join(packageDir, 'src'))) {
    for (const specifier of runtimeSpecifiers(text)) {
      if (specifier.startsWith('./') || specifier.startsWith('../')) continue;
      if (allowed.includes(specifier) || allowed.includes(packageNameOf(specifier))) continue;
      violations.push(`${name}: ${specifier}`);
    }
  }
  return violations;
}

/** The package a bare specifier loads from: `@scope/name/sub/path` is `@scope/name`'s. */
function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return parts.slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
}
