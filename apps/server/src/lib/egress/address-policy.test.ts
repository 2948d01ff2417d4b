import { describe, expect, it } from 'vitest';
import { addressPolicy, isPrivateAddress } from './address-policy.js';

describe('address policy', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast, unique-local and v4-mapped addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '[::1]',
      'not an address',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
  });

  it('allows public addresses, v4-mapped ones included', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('honours the configured exceptions', () => {
    expect(addressPolicy({})('127.0.0.1')).toBe(false);
    expect(addressPolicy({ allowedPrivateAddresses: ['127.0.0.1'] })('127.0.0.1')).toBe(true);
    expect(addressPolicy({ allowedPrivateAddresses: ['127.0.0.1'] })('127.0.0.2')).toBe(false);
    expect(addressPolicy({ allowAnyPrivateAddress: true })('10.0.0.1')).toBe(true);
  });
});
