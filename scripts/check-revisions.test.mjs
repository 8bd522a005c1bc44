import { describe, expect, it } from 'vitest';
import { checkSource, isChecked } from './check-revisions.mjs';

const FILE = 'packages/server/src/calls/demo.ts';

function messagesOf(text) {
  return checkSource(FILE, text).map(({ line, message }) => `${line}: ${message}`);
}

describe('check-revisions', () => {
  it('passes code that asks the codec, presence checks, and the revision type', () => {
    const text = [
      "import { revisionOfCall } from '../revisions/pick-revision.js';",
      "export type ProtocolEra = '2025-11-25' | '2026-07-28';",
      '// A comment may say 2025-11-25 sends -32002.',
      'export function refuse(extra: { era?: ProtocolEra; protocolVersion?: string }) {',
      '  if (extra.protocolVersion !== undefined && extra.era != null) return;',
      '  const date = "2026-11-27T10:00:00.000Z";',
      '  throw revisionOfCall(extra).refuseTaskRequired();',
      '}',
    ].join('\n');
    expect(messagesOf(text)).toEqual([]);
  });

  it('reports a revision literal, a comparison of a revision, and a wire classifier', () => {
    const text = [
      "import { isLegacyRequest, PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/server';",
      "if (extra.era === '2025-11-25') run();",
      "const era = modern ? `2026-07-28` : 'x';",
      'if (server.getNegotiatedProtocolVersion() >= FIRST) run();',
      'if (current !== (call.era)) run();',
      'const modern = isLegacyRequest(request, body);',
    ].join('\n');
    expect(messagesOf(text)).toEqual([
      '1: tells the revision with `isLegacyRequest`: pick the codec in src/revisions/',
      '1: tells the revision with `PROTOCOL_VERSION_META_KEY`: pick the codec in src/revisions/',
      "2: compares `era`: ask the request's codec instead",
      "2: names the revision '2025-11-25': ask the request's codec instead",
      "3: names the revision '2026-07-28': ask the request's codec instead",
      "4: compares `getNegotiatedProtocolVersion`: ask the request's codec instead",
      "5: compares `era`: ask the request's codec instead",
      '6: tells the revision with `isLegacyRequest`: pick the codec in src/revisions/',
    ]);
  });

  it('applies to the server source outside src/revisions/, tests and fixtures left out', () => {
    expect(isChecked('packages/server/src/protocol/resource-handlers.ts')).toBe(true);
    expect(isChecked('packages/server/src/features/server-card/card.ts')).toBe(true);
    expect(isChecked('packages/server/src/revisions/rev2025-11-25/codec.ts')).toBe(false);
    expect(isChecked('packages/server/src/revisions/pick-revision.ts')).toBe(false);
    expect(isChecked('packages/server/src/protocol/resource-handlers.test.ts')).toBe(false);
    expect(isChecked('packages/server/src/__fixtures__/in-memory.ts')).toBe(false);
    expect(isChecked('packages/server/test/e2e/tasks.test.ts')).toBe(false);
    expect(isChecked('packages/cli/src/cli.ts')).toBe(false);
  });
});
