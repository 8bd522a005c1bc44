// Keeps the protocol revisions behind their codecs: outside `src/revisions/` of the server
// (tests left out), no file names a revision (a string like '2025-11-25'), compares one (`era`
// or a protocol version against anything), or tells one from the wire (the SDK's request
// classifiers, the `_meta` envelope's version key). Those files ask the request's codec
// instead. Run by the root `lint` script; comments are free to name revisions.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Where the rule applies, and the one folder inside it that may know the revisions. */
export const SERVER_SOURCE = 'packages/server/src';
export const REVISIONS_FOLDER = `${SERVER_SOURCE}/revisions/`;

/** A protocol revision is named by its date. */
const REVISION_LITERAL = /^\d{4}-\d{2}-\d{2}$/;

/** What holds a revision or a protocol version, by name. */
const REVISION_NAMES = new Set([
  'era',
  'protocolVersion',
  'getNegotiatedProtocolVersion',
  'negotiatedProtocolVersion',
]);

/** What tells a revision from the wire: the SDK's classifiers and the envelope's version key. */
const REVISION_DETECTORS = new Set([
  'isLegacyRequest',
  'classifyInboundRequest',
  'isModernRequest',
  'PROTOCOL_VERSION_META_KEY',
]);

const COMPARISONS = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
  ts.SyntaxKind.LessThanToken,
  ts.SyntaxKind.LessThanEqualsToken,
  ts.SyntaxKind.GreaterThanToken,
  ts.SyntaxKind.GreaterThanEqualsToken,
]);

/** Whether the rule applies to `path` (relative to the repository root, `/` separators). */
export function isChecked(path) {
  return (
    path.startsWith(`${SERVER_SOURCE}/`) &&
    path.endsWith('.ts') &&
    !path.startsWith(REVISIONS_FOLDER) &&
    !path.endsWith('.test.ts') &&
    !path.split('/').includes('__fixtures__')
  );
}

/** The name an expression reads a revision by, if any: `era`, `x.era`, `s.getNegotiatedProtocolVersion()`. */
function revisionNameOf(node) {
  let expression = node;
  while (ts.isParenthesizedExpression(expression) || ts.isNonNullExpression(expression)) {
    expression = expression.expression;
  }
  if (ts.isCallExpression(expression)) expression = expression.expression;
  if (ts.isIdentifier(expression))
    return REVISION_NAMES.has(expression.text) ? expression.text : undefined;
  if (ts.isPropertyAccessExpression(expression) && REVISION_NAMES.has(expression.name.text)) {
    return expression.name.text;
  }
  return undefined;
}

/** `undefined` or `null`: comparing with them asks whether a value is there, not which. */
function isAbsence(node) {
  return (
    (ts.isIdentifier(node) && node.text === 'undefined') || node.kind === ts.SyntaxKind.NullKeyword
  );
}

/**
 * The places of `text` (the source of `path`) that know a revision, as
 * `{ path, line, message }`, in source order.
 *
 * @example
 * ```js
 * checkSource('packages/server/src/a.ts', "if (extra.era === '2025-11-25') run();");
 * ```
 */
export function checkSource(path, text) {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const report = (node, message) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push({ path, line: line + 1, message });
  };
  const visit = (node) => {
    if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
      REVISION_LITERAL.test(node.text) &&
      // A type naming the revisions (`ProtocolEra`) decides nothing.
      !ts.isLiteralTypeNode(node.parent)
    ) {
      report(node, `names the revision '${node.text}': ask the request's codec instead`);
    } else if (
      ts.isBinaryExpression(node) &&
      COMPARISONS.has(node.operatorToken.kind) &&
      !isAbsence(node.left) &&
      !isAbsence(node.right)
    ) {
      const name = revisionNameOf(node.left) ?? revisionNameOf(node.right);
      if (name !== undefined) report(node, `compares \`${name}\`: ask the request's codec instead`);
    } else if (ts.isIdentifier(node) && REVISION_DETECTORS.has(node.text)) {
      report(node, `tells the revision with \`${node.text}\`: pick the codec in src/revisions/`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  // An import and its use name a detector twice: one line each.
  return found.filter(
    (entry, index) =>
      found.findIndex((other) => other.line === entry.line && other.message === entry.message) ===
      index,
  );
}

function listFiles(root, directory) {
  const absolute = join(root, directory);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    return entry.isDirectory() ? listFiles(root, path) : [path.split(sep).join('/')];
  });
}

/**
 * Every place of the server's source under `root`, outside `src/revisions/` and tests, that
 * knows a revision.
 *
 * @example
 * ```js
 * const violations = checkRepository(process.cwd());
 * ```
 */
export function checkRepository(root) {
  return listFiles(root, SERVER_SOURCE)
    .filter(isChecked)
    .sort()
    .flatMap((path) => checkSource(path, readFileSync(join(root, path), 'utf8')));
}

function main() {
  const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
  const violations = checkRepository(root);
  for (const { path, line, message } of violations) console.error(`${path}:${line}: ${message}`);
  console.log(`check-revisions: ${violations.length} violation(s)`);
  process.exitCode = violations.length > 0 ? 1 : 0;
}

if (
  process.argv[1] !== undefined &&
  relative(process.argv[1], fileURLToPath(import.meta.url)) === ''
) {
  main();
}
