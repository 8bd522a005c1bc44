import type { McpInputRequest } from '@apcore-mcp/core/bridge';
import { describe, expect, it } from 'vitest';
import { declaresCapabilityFor } from './declared-capability.js';

const FORM: McpInputRequest = {
  method: 'elicitation/create',
  params: { message: 'm', requestedSchema: {} },
};
const SAMPLE: McpInputRequest = {
  method: 'sampling/createMessage',
  params: { messages: [], maxTokens: 1 },
};
const WITH_TOOLS: McpInputRequest = {
  method: 'sampling/createMessage',
  params: { messages: [], maxTokens: 1, tools: [] },
};

describe('declaresCapabilityFor', () => {
  it('reads forms from elicitation, bare or naming form mode', () => {
    expect(declaresCapabilityFor({ elicitation: {} }, FORM)).toBe(true);
    expect(declaresCapabilityFor({ elicitation: { form: {} } }, FORM)).toBe(true);
    expect(declaresCapabilityFor({ elicitation: { url: {} } }, FORM)).toBe(false);
    expect(declaresCapabilityFor(undefined, FORM)).toBe(false);
  });

  it('needs sampling, and sampling.tools for a request offering tools', () => {
    expect(declaresCapabilityFor({ sampling: {} }, SAMPLE)).toBe(true);
    expect(declaresCapabilityFor({ sampling: {} }, WITH_TOOLS)).toBe(false);
    expect(declaresCapabilityFor({ sampling: { tools: {} } }, WITH_TOOLS)).toBe(true);
    expect(declaresCapabilityFor({ roots: {} }, SAMPLE)).toBe(false);
  });

  it('needs roots for the roots', () => {
    expect(declaresCapabilityFor({ roots: { listChanged: true } }, { method: 'roots/list' })).toBe(
      true,
    );
    expect(declaresCapabilityFor({ sampling: {} }, { method: 'roots/list' })).toBe(false);
  });
});
