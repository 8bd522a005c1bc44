import { describe, expect, it } from 'vitest';
import { isInputRoundProgress } from './call-progress.js';

describe('isInputRoundProgress', () => {
  it("recognises the SDK client's note about an input round", () => {
    const message = "Fulfilling input required by 'tools/call' (round 2)";
    expect(isInputRoundProgress({ progress: 2, message })).toBe(true);
  });

  it("takes the module's own progress as progress", () => {
    expect(isInputRoundProgress({ progress: 3, total: 5, message: 'Counted MUG-001' })).toBe(false);
    expect(isInputRoundProgress({ progress: 1 })).toBe(false);
    const quoted = "Fulfilling input required by 'tools/call' (round 1) for you";
    expect(isInputRoundProgress({ progress: 1, message: quoted })).toBe(false);
  });
});
