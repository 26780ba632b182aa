import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_BROKER_URL, locateBroker } from '../../../../main/cli/broker-client/locate-broker';
import { writeDiscovery } from '../../../../main/service/discovery';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'locate-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('locateBroker', () => {
  it('a --token flag wins over the env tokens and the discovery token', () => {
    writeDiscovery(dir, {
      url: 'http://127.0.0.1:5555/',
      port: 5555,
      token: 'disc',
      pid: process.pid,
    });
    const env = { CLARITY_HITL_STATE_DIR: dir, CLARITY_HITL_BROKER_TOKEN: 'envtok' };
    expect(locateBroker('http://127.0.0.1:5555', env, 'flagtok').token).toBe('flagtok');
    expect(locateBroker('http://127.0.0.1:5555', env).token).toBe('envtok');
    expect(locateBroker('http://127.0.0.1:5555', { CLARITY_HITL_STATE_DIR: dir }).token).toBe(
      'disc',
    );
  });

  it('takes CLARITY_HITL_BROKER and CLARITY_HITL_TOKEN for a remote broker', () => {
    const env = {
      CLARITY_HITL_STATE_DIR: dir,
      CLARITY_HITL_BROKER: 'https://hitl.example.org',
      CLARITY_HITL_TOKEN: 'remote-tok',
    };
    expect(locateBroker(undefined, env)).toEqual({
      url: 'https://hitl.example.org/',
      from: 'env',
      token: 'remote-tok',
    });
    // The short name (the one the README documents) wins when both are set.
    expect(
      locateBroker(undefined, { ...env, CLARITY_HITL_BROKER_URL: 'http://10.0.0.2:7842/' }).url,
    ).toBe('https://hitl.example.org/');
  });

  it('falls back to the default URL without discovery', () => {
    expect(locateBroker(undefined, { CLARITY_HITL_STATE_DIR: dir })).toEqual({
      url: DEFAULT_BROKER_URL,
      from: 'default',
    });
  });

  it('uses a live discovery file, with its token', () => {
    writeDiscovery(dir, {
      url: 'http://127.0.0.1:5555/',
      port: 5555,
      token: 'sekret',
      pid: process.pid,
    });
    expect(locateBroker(undefined, { CLARITY_HITL_STATE_DIR: dir })).toEqual({
      url: 'http://127.0.0.1:5555/',
      from: 'discovery',
      token: 'sekret',
    });
  });

  it('ignores a discovery file whose process is gone', () => {
    writeDiscovery(dir, { url: 'http://127.0.0.1:5555/', port: 5555, pid: 2 ** 22 + 12345 });
    expect(locateBroker(undefined, { CLARITY_HITL_STATE_DIR: dir }).from).toBe('default');
  });

  it('prefers --broker, then CLARITY_HITL_BROKER_URL; the discovered token only goes to its own broker', () => {
    writeDiscovery(dir, {
      url: 'http://127.0.0.1:5555/',
      port: 5555,
      token: 'sekret',
      pid: process.pid,
    });
    const env = { CLARITY_HITL_STATE_DIR: dir, CLARITY_HITL_BROKER_URL: 'http://127.0.0.1:6666' };
    expect(locateBroker(undefined, env)).toEqual({ url: 'http://127.0.0.1:6666/', from: 'env' });
    expect(locateBroker('http://127.0.0.1:5555', env)).toEqual({
      url: 'http://127.0.0.1:5555/',
      from: 'flag',
      token: 'sekret',
    });
    expect(
      locateBroker('http://127.0.0.1:7777/', { ...env, CLARITY_HITL_BROKER_TOKEN: 't2' }),
    ).toEqual({ url: 'http://127.0.0.1:7777/', from: 'flag', token: 't2' });
  });

  it('takes CLARITY_HITL_BROKER / CLARITY_HITL_TOKEN, and --token over both', () => {
    writeDiscovery(dir, {
      url: 'http://127.0.0.1:5555/',
      port: 5555,
      token: 'local',
      pid: process.pid,
    });
    const env = {
      CLARITY_HITL_STATE_DIR: dir,
      CLARITY_HITL_BROKER: 'https://vm.example:7842',
      CLARITY_HITL_BROKER_URL: 'http://127.0.0.1:1/',
      CLARITY_HITL_TOKEN: 'remote',
    };
    expect(locateBroker(undefined, env)).toEqual({
      url: 'https://vm.example:7842/',
      from: 'env',
      token: 'remote',
    });
    expect(locateBroker('http://10.0.0.2:7842/', env, 'flag-token')).toEqual({
      url: 'http://10.0.0.2:7842/',
      from: 'flag',
      token: 'flag-token',
    });
    // The local broker's token never goes to a remote one.
    expect(locateBroker('http://10.0.0.2:7842/', { CLARITY_HITL_STATE_DIR: dir })).toEqual({
      url: 'http://10.0.0.2:7842/',
      from: 'flag',
    });
  });
});
