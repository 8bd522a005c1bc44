import { describe, expect, it } from 'vitest';
import { joinSentence } from '../kernel/invalid-option-error.js';
import { createMemoryLimitStore } from '../store/memory-limit-store.js';
import { optionNotices } from './option-notices.js';

const KEY = new Uint8Array(32);
const flags = (option: string) => (option === 'stateKey' ? '--state-key-file' : `--${option}`);

describe('optionNotices', () => {
  it('says that a process without a stateKey signs with a key of its own', () => {
    const [notice] = optionNotices({});
    expect(notice).toMatchObject({ level: 'info', option: 'stateKey' });
    expect(joinSentence(notice?.sentence ?? [], (option) => option)).toMatch(
      /^No stateKey given: .+several instances serving one endpoint need the same stateKey$/,
    );
  });

  it('warns that a shared key without a shared store honours an approval once per instance', () => {
    const [notice] = optionNotices({ stateKey: KEY });
    expect(notice).toMatchObject({ level: 'warn', option: 'store' });
    expect(joinSentence(notice?.sentence ?? [], flags)).toMatch(
      /^A state key is given but no --store: an approval answered once runs once on this instance/,
    );
    expect(optionNotices({ stateKey: KEY, store: createMemoryLimitStore() })).toEqual([]);
  });
});
