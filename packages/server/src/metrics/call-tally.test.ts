import { describe, expect, it } from 'vitest';
import { CallTally } from './call-tally.js';

describe('CallTally', () => {
  it('counts and times answered calls per tool and outcome, a bound inside its bucket', () => {
    const tally = new CallTally([0.25, 1]);
    tally.count('a', 'ok', 0.125);
    tally.count('a', 'ok', 0.5);
    tally.count('a', 'ACL_DENIED', 0.25);
    tally.count('b', 'ok', 3);
    expect([...tally.entries()]).toEqual([
      { tool: 'a', outcome: 'ok', calls: 2, seconds: 0.625, perBucket: [1, 1, 0] },
      { tool: 'a', outcome: 'ACL_DENIED', calls: 1, seconds: 0.25, perBucket: [1, 0, 0] },
      { tool: 'b', outcome: 'ok', calls: 1, seconds: 3, perBucket: [0, 0, 1] },
    ]);
  });

  it('forgets everything when cleared', () => {
    const tally = new CallTally([1]);
    tally.count('a', 'ok', 0.5);
    tally.clear();
    expect([...tally.entries()]).toEqual([]);
  });
});
