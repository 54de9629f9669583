import { describe, expect, it } from 'vitest';
import { addressReach } from './public-address.ts';

describe('addressReach', () => {
  it.each([
    'http://localhost:3000',
    'http://127.0.0.1:4173',
    'http://127.1.2.3',
    'http://shop.localhost:3000',
    'http://[::1]:3000',
    'http://0.0.0.0:3000',
  ])('%s only works on this computer', (url) => {
    expect(addressReach(url)).toBe('this-computer');
  });

  it.each([
    'http://192.168.1.20:3000',
    'http://10.0.0.5',
    'http://172.16.0.1',
    'http://172.31.255.255',
    'http://169.254.10.10',
    'http://100.64.1.1',
    'http://[fd12:3456::1]',
    'http://[fe80::1]',
    'http://foodtruck:3000',
    'http://foodtruck.local',
    'http://till.home.arpa',
  ])('%s only works on the local network', (url) => {
    expect(addressReach(url)).toBe('local-network');
  });

  it.each([
    'https://smokeandbun.ee',
    'https://order.smokeandbun.ee/shop',
    'http://172.32.0.1',
    'http://8.8.8.8',
    'https://[2001:db8::1]',
    'http://100.128.0.1',
  ])('%s is on the internet', (url) => {
    expect(addressReach(url)).toBe('internet');
  });
});
