import { fillAnnotations } from '@apcore-mcp/core/bridge';
import { describe, expect, it } from 'vitest';
import { hasRequiresApproval } from './has-requires-approval.js';
import { normalizeAnnotations } from './normalize-annotations.js';
import { toToolMeta } from './to-tool-meta.js';

/** Annotations as sloppy runtimes and hand-written modules send them. */
const SLOPPY: Record<string, unknown>[] = [
  { requiresApproval: 'false' },
  { requiresApproval: 'true' },
  { requires_approval: 0 },
  { destructive: 1, readonly: 'yes' },
  { openWorld: null, open_world: false },
  { streaming: 'false', idempotent: [] },
];

describe('one rule for annotation flags, here and in the runtime', () => {
  it('reads { requiresApproval: "false" } as not requiring approval, as the runtime does', () => {
    const annotations = { requiresApproval: 'false' };
    expect(hasRequiresApproval(annotations)).toBe(false);
    expect(toToolMeta(annotations)['apcore/requiresApproval']).toBe(false);
    expect(fillAnnotations(annotations).requiresApproval).toBe(false);
  });

  it.each(SLOPPY)('agrees with the runtime on %j', (annotations) => {
    const filled = fillAnnotations(annotations);
    expect(normalizeAnnotations(annotations)).toEqual({
      readonly: filled.readonly,
      destructive: filled.destructive,
      idempotent: filled.idempotent,
      requiresApproval: filled.requiresApproval,
      openWorld: filled.openWorld,
      streaming: filled.streaming,
    });
  });
});
