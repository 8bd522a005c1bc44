import { describe, expect, it } from 'vitest';
import { capabilityOf } from './input-requests.js';
import { readInputResponse } from './input-responses.js';

describe('readInputResponse', () => {
  it('reads an elicitation answer, with content only when it is an object', () => {
    expect(
      readInputResponse('elicitation/create', { action: 'accept', content: { a: 1 } }),
    ).toEqual({ action: 'accept', content: { a: 1 } });
    expect(readInputResponse('elicitation/create', { action: 'cancel', content: 'x' })).toEqual({
      action: 'cancel',
    });
    expect(readInputResponse('elicitation/create', { action: 'maybe' })).toBeUndefined();
  });

  it('reads a sampling result with its content as one piece or several', () => {
    const text = { type: 'text', text: 'hi' };
    const result = { role: 'assistant', content: text, model: 'm', extra: true };
    expect(readInputResponse('sampling/createMessage', result)).toEqual(result);
    expect(
      readInputResponse('sampling/createMessage', { ...result, content: [text, text] }),
    ).toMatchObject({ content: [text, text] });
    for (const broken of [
      { ...result, role: 'system' },
      { ...result, model: 1 },
      { ...result, content: 'hi' },
      { ...result, content: [text, { text: 'no type' }] },
    ]) {
      expect(readInputResponse('sampling/createMessage', broken)).toBeUndefined();
    }
  });

  it('reads roots, keeping those with a string uri', () => {
    expect(
      readInputResponse('roots/list', { roots: [{ uri: 'file:///a' }, { uri: 3 }, null] }),
    ).toEqual({ roots: [{ uri: 'file:///a' }] });
    expect(readInputResponse('roots/list', { roots: 'file:///a' })).toBeUndefined();
  });

  it('refuses what is not an object', () => {
    for (const value of [null, 12345, 'accept', [], undefined]) {
      expect(readInputResponse('elicitation/create', value)).toBeUndefined();
    }
  });
});

describe('capabilityOf', () => {
  it('names the client capability each request needs', () => {
    expect(capabilityOf({ method: 'roots/list' })).toBe('roots');
    expect(
      capabilityOf({ method: 'sampling/createMessage', params: { messages: [], maxTokens: 1 } }),
    ).toBe('sampling');
    expect(
      capabilityOf({ method: 'elicitation/create', params: { message: '', requestedSchema: {} } }),
    ).toBe('elicitation');
  });
});
