import { describe, expect, test } from 'vitest';
import { isLoopbackAddress, isSpecialPurposeAddress } from './special-addresses.js';

describe('isSpecialPurposeAddress', () => {
  test.each([
    '127.0.0.1',
    '0.0.0.0',
    '10.1.2.3',
    '100.64.0.1',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.1',
    '192.168.1.1',
    '198.18.0.1',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::a00:1',
    '64:ff9b::127.0.0.1',
    '64:ff9b:1::8.8.8.8',
    '100::1',
    '2001:db8::1',
    '2002:7f00:1::',
    'fd00::1',
    'fc00::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '[::1]',
  ])('%s is refused', (address) => {
    expect(isSpecialPurposeAddress(address)).toBe(true);
  });

  test.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '93.184.215.14',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('%s is global', (address) => {
    expect(isSpecialPurposeAddress(address)).toBe(false);
  });

  test('a string that is no IP address counts as special', () => {
    expect(isSpecialPurposeAddress('example.com')).toBe(true);
    expect(isSpecialPurposeAddress('')).toBe(true);
  });
});

describe('isLoopbackAddress', () => {
  test.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '[::1]'])('%s', (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });

  test.each(['10.0.0.1', '::', 'fe80::1', '8.8.8.8'])('%s is not loopback', (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
  });
});
