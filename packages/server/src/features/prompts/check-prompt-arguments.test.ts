import { definePrompt } from '@apcore-mcp/core';
import { describe, expect, it } from 'vitest';
import { checkPromptArguments } from './check-prompt-arguments.js';

const prompt = definePrompt({
  name: 'p',
  arguments: [
    { name: 'a', required: true },
    { name: 'b', enum: ['x', 'y'] },
  ],
  get: () => '',
});

describe('checkPromptArguments', () => {
  it('passes the given strings on', () => {
    expect(checkPromptArguments(prompt, { a: '1', b: 'x' })).toEqual({ args: { a: '1', b: 'x' } });
  });

  it.each([
    [undefined, 'Missing required argument a of prompt p'],
    [{ b: 'x' }, 'Missing required argument a of prompt p'],
    [{ a: 1 }, 'Argument a of prompt p must be a string, got number 1'],
    [{ a: null }, 'Argument a of prompt p must be a string, got null'],
    [{ a: '1', c: '2' }, 'Unknown argument c of prompt p (it takes a, b)'],
    [{ a: '1', b: 'z' }, 'Argument b of prompt p must be one of x, y, got z'],
    [['a'], 'The arguments of prompt p must be an object of strings'],
  ])('refuses %j, naming the argument', (given, problem) => {
    expect(checkPromptArguments(prompt, given)).toEqual({ problem });
  });
});
