import { describe, expect, it } from 'vitest';
import { CallTally } from './call-tally.js';

describe('CallTally', () => {
  it('counts answered calls per tool and outcome', () => {
    const tally = new CallTally();
    tally.count('a', 'ok');
    tally.count('a', 'ok');
    tally.count('a', 'ACL_DENIED');
    tally.count('b', 'ok');
    expect([...tally.entries()]).toEqual([
      { tool: 'a', outcome: 'ok', calls: 2 },
      { tool: 'a', outcome: 'ACL_DENIED', calls: 1 },
      { tool: 'b', outcome: 'ok', calls: 1 },
    ]);
  });
});
