import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { isWebhookSecret } from './webhook-secret.js';

const secretOf = (bytes: number) => `whsec_${randomBytes(bytes).toString('base64')}`;

describe('isWebhookSecret', () => {
  test.each([24, 32, 64])('accepts %i random bytes', (bytes) => {
    expect(isWebhookSecret(secretOf(bytes))).toBe(true);
  });

  test.each([
    ['too short', secretOf(23)],
    ['too long', secretOf(65)],
    ['no prefix', randomBytes(32).toString('base64')],
    ['another prefix', `whsk_${randomBytes(32).toString('base64')}`],
    ['base64url, not base64', `whsec_${'-_'.repeat(22)}`],
    ['empty', 'whsec_'],
    ['not a string', 42],
  ])('refuses %s', (_case, secret) => {
    expect(isWebhookSecret(secret)).toBe(false);
  });
});
