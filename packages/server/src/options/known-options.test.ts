import { describe, expect, it } from 'vitest';
import { invalidOption } from '../__fixtures__/invalid-option.js';
import { checkKnownOptions } from './known-options.js';
import { OPTION_NAMES } from './option-table.js';
import type { ServeOptions } from './serve-options.js';

describe('checkKnownOptions', () => {
  it('takes the options of the table, and nothing', () => {
    expect(checkKnownOptions(undefined)).toEqual({});
    expect(checkKnownOptions({ transport: 'sse', maxSessions: 5 })).toEqual({
      transport: 'sse',
      maxSessions: 5,
    });
  });

  it('refuses an unknown option, suggesting the closest and listing the known ones', () => {
    expect(() => checkKnownOptions({ maxSesions: 5 } as ServeOptions)).toThrow(
      invalidOption(
        'maxSesions',
        `Unknown option 'maxSesions' (did you mean 'maxSessions'?). Known options: ${OPTION_NAMES.join(', ')}`,
      ),
    );
    expect(() => checkKnownOptions({ favouriteColour: 'blue' } as ServeOptions)).toThrow(
      /^Unknown option 'favouriteColour'\. Known options: transport, host, port, /,
    );
  });

  it('never keeps the value of an unknown option: it may be a misplaced secret', () => {
    const secret = 'ab'.repeat(32);
    expect(() => checkKnownOptions({ statekey: secret } as ServeOptions)).toThrow(
      expect.objectContaining({ value: undefined, message: expect.not.stringContaining(secret) }),
    );
  });

  it('refuses something that is no object', () => {
    expect(() => checkKnownOptions('stdio' as ServeOptions)).toThrow(TypeError);
  });
});
