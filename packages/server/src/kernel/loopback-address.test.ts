import { describe, expect, it } from 'vitest';
import { isLoopbackAddress } from './loopback-address.js';

describe('isLoopbackAddress', () => {
  it('recognises loopback bind addresses', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '::ffff:127.0.0.1']) {
      expect(isLoopbackAddress(address)).toBe(true);
    }
    for (const address of ['0.0.0.0', '::', '10.0.0.1', undefined]) {
      expect(isLoopbackAddress(address)).toBe(false);
    }
  });
});
