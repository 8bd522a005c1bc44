import { describe, expect, it } from 'vitest';
import { mapConcurrent } from './map-concurrent.js';

describe('mapConcurrent', () => {
  it('keeps the order of the items, whatever order the work finishes in', async () => {
    const delays = [30, 5, 20, 0, 10];
    const results = await mapConcurrent(delays, 3, async (delay) => {
      await new Promise((resolve) => setTimeout(resolve, delay));
      return delay * 2;
    });
    expect(results).toEqual([60, 10, 40, 0, 20]);
  });

  it('never runs more than the limit at once, and runs them all', async () => {
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    await mapConcurrent(
      Array.from({ length: 20 }, (_, index) => index),
      4,
      async (index) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 1));
        seen.push(index);
        running -= 1;
      },
    );
    expect(most).toBe(4);
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index));
  });

  it('answers an empty list without calling the work', async () => {
    expect(await mapConcurrent([], 8, async () => 'never')).toEqual([]);
  });
});
