import { describe, expect, test } from 'vitest';
import { WEBHOOK_RETRY_SCHEDULE, webhookRetryDelayMs } from './retry-schedule.js';

describe('webhookRetryDelayMs', () => {
  test('follows the table without jitter at the middle of the range', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4].map((attempt) => webhookRetryDelayMs(attempt, middle))).toStrictEqual([
      10_000, 30_000, 120_000, 300_000,
    ]);
  });

  test('jitters by 20 % either way', () => {
    expect(webhookRetryDelayMs(1, () => 0)).toBe(8_000);
    expect(webhookRetryDelayMs(1, () => 1)).toBe(12_000);
    expect(webhookRetryDelayMs(4, () => 1)).toBe(360_000);
  });

  test('waits the last delay past the table and the first one before it', () => {
    expect(webhookRetryDelayMs(9, () => 0.5)).toBe(300_000);
    expect(webhookRetryDelayMs(0, () => 0.5)).toBe(10_000);
  });

  test('the default attempts all fit within the retry window of the events extension', () => {
    const { attempts, delaysMs, jitter } = WEBHOOK_RETRY_SCHEDULE;
    const longest = delaysMs.slice(0, attempts - 1).reduce((sum, delay) => sum + delay, 0);
    expect(longest * (1 + jitter)).toBeLessThanOrEqual(10 * 60_000);
  });
});
