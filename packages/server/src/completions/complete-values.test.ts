import { DefinitionResultError } from '@apcore-mcp/core';
import { describe, expect, it } from 'vitest';
import { completeValues, MAX_COMPLETION_VALUES } from './complete-values.js';

const context = { identity: null, signal: new AbortController().signal, arguments: { a: '1' } };

describe('completeValues', () => {
  it('keeps the values of a list or an enum that start with what was typed, any case', async () => {
    expect(
      await completeValues({ label: 'x', enum: ['Python', 'perl', 'ruby'] }, 'p', context),
    ).toEqual({
      values: ['Python', 'perl'],
      total: 2,
      hasMore: false,
    });
    // `complete` wins over `enum`.
    expect(
      (await completeValues({ label: 'x', enum: ['a'], complete: ['ab'] }, 'a', context)).values,
    ).toEqual(['ab']);
    expect(await completeValues({ label: 'x' }, 'a', context)).toEqual({
      values: [],
      total: 0,
      hasMore: false,
    });
  });

  it('sends what a function answers, capped at 100 with total and hasMore', async () => {
    const many = Array.from({ length: 150 }, (_, index) => `v${index}`);
    const answer = await completeValues({ label: 'x', complete: async () => many }, '', context);
    expect(answer.values).toHaveLength(MAX_COMPLETION_VALUES);
    expect(answer).toMatchObject({ total: 150, hasMore: true });
    const seen = await completeValues(
      { label: 'x', complete: (value, { arguments: chosen }) => [value + chosen.a] },
      'z',
      context,
    );
    expect(seen.values).toEqual(['z1']);
  });

  it('refuses a function answering something other than strings', async () => {
    const failure = completeValues(
      { label: 'argument a of prompt p', complete: () => [1] as never },
      '',
      context,
    );
    await expect(failure).rejects.toThrow(
      'The completion of argument a of prompt p returned an invalid result',
    );
    await expect(failure).rejects.toSatisfy((error) => DefinitionResultError.isInstance(error));
  });
});
