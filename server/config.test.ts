import { describe, expect, it } from 'vitest';
import { readConfig } from './config';

describe('demo data', () => {
  it('comes by default only to a newcomer’s server on a loopback address', () => {
    expect(readConfig({}).demo).toBe(true);
    expect(readConfig({ HOST: '::1' }).demo).toBe(true);
    expect(readConfig({ HOST: 'localhost' }).demo).toBe(true);
  });

  it('needs DEMO=1 on a public address, in production, on PostgreSQL or behind a public URL or proxy', () => {
    const production = [
      { HOST: '0.0.0.0' },
      { HOST: '::' },
      { HOST: '10.0.0.5' },
      { NODE_ENV: 'production' },
      { DATABASE_URL: 'postgres://wallet@db/wallet' },
      { PUBLIC_URL: 'https://wallet.example' },
      { TRUST_PROXY: '10.0.0.1' },
    ];
    for (const env of production) {
      expect(readConfig(env).demo, JSON.stringify(env)).toBe(false);
      expect(readConfig({ ...env, DEMO: '1' }).demo, JSON.stringify(env)).toBe(true);
    }
    expect(readConfig({ DEMO: '0' }).demo).toBe(false);
    expect(() => readConfig({ DEMO: 'yes' })).toThrow('DEMO must be 1 or 0');
  });
});

describe('CONSOLE_HOST', () => {
  it('takes a host name, with a port or without, and refuses a URL', () => {
    expect(readConfig({ CONSOLE_HOST: 'Console.Example.com' }).consoleHost).toBe('console.example.com');
    expect(readConfig({ CONSOLE_HOST: 'console.example.com:8443' }).consoleHost).toBe('console.example.com:8443');
    expect(readConfig({}).consoleHost).toBeUndefined();
    expect(() => readConfig({ CONSOLE_HOST: 'https://console.example.com/' })).toThrow('CONSOLE_HOST');
  });
});

describe('chain watchers', () => {
  it('need two nodes to agree by default, one to five when set, and count dust below 1.00 unless told', () => {
    expect(readConfig({})).toMatchObject({ chainNodesToAgree: 2, chainDustBelow: 100 });
    expect(readConfig({ CHAIN_NODES_TO_AGREE: '1', CHAIN_DUST_BELOW: '0.10' })).toMatchObject({
      chainNodesToAgree: 1,
      chainDustBelow: 10,
    });
    expect(() => readConfig({ CHAIN_NODES_TO_AGREE: '0' })).toThrow('CHAIN_NODES_TO_AGREE must be 1 to 5');
    expect(() => readConfig({ CHAIN_DUST_BELOW: 'a little' })).toThrow('CHAIN_DUST_BELOW must be an amount');
  });
});
