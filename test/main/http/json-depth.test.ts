import { afterEach, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, jsonDepthOver } from '../../../main/http/json-depth';
import { makeServer, type TestServer } from './helpers';

/** `{"a":{"a":…}}` nested `depth` objects deep, around `leaf`. */
function nested(depth: number, leaf = '1'): string {
  return '{"a":'.repeat(depth - 1) + `{"a":${leaf}}` + '}'.repeat(depth - 1);
}

/** A HAPI message whose tool_use input nests `depth` levels. */
function toolUseMessage(depth: number): string {
  return `{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"x","input":${nested(depth)}}]}`;
}

let t: TestServer | undefined;
afterEach(async () => {
  await t?.server.close();
  t = undefined;
});

describe('JSON depth bound', () => {
  it('counts nesting outside strings only', () => {
    expect(jsonDepthOver(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonDepthOver(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonDepthOver(JSON.stringify({ s: '[[[[[[{{{{{'.repeat(100) + '\\"[[' }))).toBe(false);
    expect(jsonDepthOver('[]'.repeat(10_000))).toBe(false);
  });

  it('refuses a 100,000-deep tool_use.input with 400 naming the body; reads keep working', async () => {
    t = await makeServer();
    const deep = await t.inject({
      method: 'POST',
      url: '/api/agents/a1/messages',
      payload: toolUseMessage(100_000),
      headers: { 'content-type': 'application/json' },
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual({
      error: 'invalid',
      message: `body: JSON nests deeper than ${MAX_JSON_DEPTH} levels`,
    });
    const fine = await t.inject({
      method: 'POST',
      url: '/api/agents/a1/messages',
      payload: toolUseMessage(MAX_JSON_DEPTH - 4),
      headers: { 'content-type': 'application/json' },
    });
    expect(fine.statusCode).toBe(201);
    const read = await t.get('/api/agents/a1/messages', t.operator);
    expect(read.statusCode).toBe(200);
    expect(read.json().messages).toHaveLength(1);
  });

  it('applies to every JSON route (answer, cueme, QuestFoundry)', async () => {
    t = await makeServer();
    for (const url of ['/answer', '/api/cueme/cue', '/questions', '/api/requests/x/answer']) {
      const res = await t.inject({
        method: 'POST',
        url,
        payload: `{"key":${nested(1000)}}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toContain('JSON nests deeper');
    }
  });
});
