// Enforces the readability limits the style guide sets: no TypeScript file over 300 lines, no
// function over 50 lines, a JSDoc comment on every export of a package's source, and a budget of
// names for the entry points that have one. Run by the root `lint` script after Biome.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const MAX_FILE_LINES = 300;
export const MAX_FUNCTION_LINES = 50;

/**
 * Entry points whose public names are counted (types included): a reader of the main entry
 * should meet what serves a registry, with the rest in the package's other entry points.
 */
export const EXPORT_BUDGETS = Object.freeze({ 'packages/server/src/index.ts': 30 });

/** Where the limits apply, relative to the repository root. */
const SOURCE_ROOTS = [
  (root) =>
    listDirectories(join(root, 'packages')).flatMap((name) => [
      join('packages', name, 'src'),
      join('packages', name, 'test'),
    ]),
  () => ['bench', 'examples'],
];
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', '.turbo']);

function listDirectories(path) {
  if (!existsSync(path)) return [];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

function listTsFiles(root, directory) {
  const absolute = join(root, directory);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      return SKIPPED_DIRECTORIES.has(entry.name) ? [] : listTsFiles(root, path);
    }
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every checked `.ts` file, relative to `root`, with `/` separators, sorted. */
export function collectFiles(root) {
  return SOURCE_ROOTS.flatMap((roots) => roots(root))
    .flatMap((directory) => listTsFiles(root, directory))
    .map((path) => path.split(sep).join('/'))
    .sort();
}

/** Tests, fixtures and test folders hold no product code: only the file length applies there. */
export function isTestFile(path) {
  const segments = path.split('/');
  return (
    path.endsWith('.test.ts') || segments.includes('__fixtures__') || segments.includes('test')
  );
}

function isPackageSource(path) {
  const segments = path.split('/');
  return segments[0] === 'packages' && segments[2] === 'src';
}

function lineOf(file, position) {
  return file.getLineAndCharacterOfPosition(position).line + 1;
}

function nameOf(node) {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const name = node.name;
  if (name !== undefined && (ts.isIdentifier(name) || ts.isPrivateIdentifier(name))) {
    return name.text;
  }
  if (name !== undefined && ts.isStringLiteral(name)) return name.text;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    if (ts.isIdentifier(parent.name) || ts.isStringLiteral(parent.name)) return parent.name.text;
  }
  return '(anonymous)';
}

function isFunctionLike(node) {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node) ||
    ts.isArrowFunction(node) ||
    ts.isFunctionExpression(node)
  );
}

/** Names a function by where it sits (`Registry.discover`, `serve/(anonymous)`): stable across edits. */
function qualifiedName(node, scope) {
  const own = nameOf(node);
  return scope.length === 0 ? own : `${scope.join('.')}.${own}`;
}

function findLongFunctions(file, path) {
  const violations = [];
  const visit = (node, scope) => {
    let inner = scope;
    if (ts.isClassDeclaration(node) && node.name !== undefined) inner = [...scope, node.name.text];
    if (isFunctionLike(node) && node.body !== undefined) {
      const name = qualifiedName(node, scope);
      const lines = lineOf(file, node.body.getEnd()) - lineOf(file, node.body.getStart(file)) + 1;
      if (lines > MAX_FUNCTION_LINES) {
        violations.push({
          path,
          line: lineOf(file, node.getStart(file)),
          rule: 'function-length',
          name,
          message: `${name} spans ${lines} lines (at most ${MAX_FUNCTION_LINES}): split it into named steps`,
        });
      }
      inner = [...scope, nameOf(node)];
    }
    ts.forEachChild(node, (child) => visit(child, inner));
  };
  visit(file, []);
  return violations;
}

function hasExportModifier(node) {
  return (ts.getModifiers?.(node) ?? []).some(
    (modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword,
  );
}

function exportedNames(node) {
  if (ts.isVariableStatement(node)) {
    return node.declarationList.declarations.map((declaration) =>
      ts.isIdentifier(declaration.name) ? declaration.name.text : '(destructured)',
    );
  }
  return [node.name?.text ?? 'default'];
}

function isDocumentable(node) {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isClassDeclaration(node) ||
    ts.isInterfaceDeclaration(node) ||
    ts.isTypeAliasDeclaration(node) ||
    ts.isVariableStatement(node) ||
    ts.isEnumDeclaration(node)
  );
}

function hasJsDocAbove(file, node) {
  const comments = ts.getLeadingCommentRanges(file.text, node.getFullStart()) ?? [];
  const last = comments.at(-1);
  if (last === undefined || !file.text.startsWith('/**', last.pos)) return false;
  // Directly above: nothing but whitespace (at most one line break) between comment and code.
  const gap = file.text.slice(last.end, node.getStart(file));
  return (gap.match(/\n/g) ?? []).length <= 1;
}

function findUndocumentedExports(file, path) {
  const violations = [];
  const documentedFunctions = new Set();
  for (const node of file.statements) {
    if (!isDocumentable(node) || !hasExportModifier(node)) continue;
    const names = exportedNames(node);
    // Overloads and their implementation share the first signature's comment.
    if (ts.isFunctionDeclaration(node) && documentedFunctions.has(names[0])) continue;
    if (ts.isFunctionDeclaration(node)) documentedFunctions.add(names[0]);
    if (hasJsDocAbove(file, node)) continue;
    for (const name of names) {
      violations.push({
        path,
        line: lineOf(file, node.getStart(file)),
        rule: 'export-jsdoc',
        name,
        message: `export ${name} has no JSDoc comment (/** purpose, @example */) directly above it`,
      });
    }
  }
  return violations;
}

/** The names `export { ... }` lists and `export <declaration>` declares in `file`. */
function publicNames(file) {
  const names = [];
  for (const node of file.statements) {
    if (ts.isExportDeclaration(node) && node.exportClause && ts.isNamedExports(node.exportClause)) {
      names.push(...node.exportClause.elements.map((element) => element.name.text));
    } else if (isDocumentable(node) && hasExportModifier(node)) {
      names.push(...exportedNames(node));
    }
  }
  return names;
}

function findExportsOverBudget(file, path) {
  const budget = EXPORT_BUDGETS[path];
  if (budget === undefined) return [];
  const count = publicNames(file).length;
  if (count <= budget) return [];
  return [
    {
      path,
      line: 1,
      rule: 'export-budget',
      name: path.split('/').at(-1),
      message: `exports ${count} names (at most ${budget}): move the rest to another entry point`,
    },
  ];
}

/**
 * Checks one file's text against the limits; returns its violations (`path`, `line`, `rule`,
 * `name`, `message`).
 *
 * @example
 * ```js
 * checkSource('packages/core/src/a.ts', 'export const a = 1;\n');
 * // [{ rule: 'export-jsdoc', name: 'a', line: 1, ... }]
 * ```
 */
export function checkSource(path, text) {
  const violations = [];
  const lineCount = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
  if (lineCount > MAX_FILE_LINES) {
    violations.push({
      path,
      line: MAX_FILE_LINES + 1,
      rule: 'file-length',
      name: path.split('/').at(-1),
      message: `file has ${lineCount} lines (at most ${MAX_FILE_LINES}): split it by concern`,
    });
  }
  if (isTestFile(path)) return violations;
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  violations.push(...findLongFunctions(file, path));
  if (isPackageSource(path)) violations.push(...findUndocumentedExports(file, path));
  violations.push(...findExportsOverBudget(file, path));
  return violations;
}

/**
 * Checks every file under `root`; returns the violations.
 *
 * @example
 * ```js
 * const violations = checkRepository(process.cwd());
 * ```
 */
export function checkRepository(root) {
  return collectFiles(root).flatMap((path) =>
    checkSource(path, readFileSync(join(root, path), 'utf8')),
  );
}

function format({ path, line, rule, message }) {
  return `${path}:${line}: ${rule}: ${message}`;
}

function main() {
  const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
  const violations = checkRepository(root);
  for (const violation of violations) console.error(format(violation));
  console.log(`check-limits: ${violations.length} violation(s)`);
  process.exitCode = violations.length > 0 ? 1 : 0;
}

if (
  process.argv[1] !== undefined &&
  relative(process.argv[1], fileURLToPath(import.meta.url)) === ''
) {
  main();
}
