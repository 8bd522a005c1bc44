import { describe, expect, test } from 'vitest';
import { answersChallenge, createChallenge } from './verification.js';

describe('the verification challenge', () => {
  test('is fresh each time, with a msg_verification_ webhook id', () => {
    const first = createChallenge();
    const second = createChallenge();
    expect(first.body.type).toBe('verification');
    expect(first.body.challenge).not.toBe(second.body.challenge);
    expect(Buffer.from(first.body.challenge, 'base64url')).toHaveLength(32);
    expect(first.webhookId).toMatch(/^msg_verification_[0-9a-f]{32}$/);
  });

  test.each([
    ['the echo', '{"challenge":"abc"}', true],
    ['another value', '{"challenge":"abd"}', false],
    ['a longer value', '{"challenge":"abcd"}', false],
    ['a number', '{"challenge":1}', false],
    ['no challenge', '{}', false],
    ['JSON null', 'null', false],
    ['no JSON', 'abc', false],
    ['no body', undefined, false],
  ])('answersChallenge with %s', (_case, answer, expected) => {
    expect(answersChallenge(answer, 'abc')).toBe(expected);
  });
});
