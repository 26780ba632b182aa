import { describe, expect, it } from 'vitest';
import {
  redactSecretsIn,
  redactStoreUrl,
} from '../../../../../main/broker/persistence/postgres/redact-url';
import { sharedStoreUrl } from '../../../../../main/service/broker-service';

describe('store URLs in messages', () => {
  it.each([
    ['postgres://alice:s3cret@db/hitl', 'postgres://alice:***@db/hitl'],
    ['postgresql://:s3cret@db:5433/hitl', 'postgresql://:***@db:5433/hitl'],
    ['postgres://alice:p%40ss%2Fw@db/hitl', 'postgres://alice:***@db/hitl'],
    ['postgres://alice@db/hitl?password=s3cret', 'postgres://alice@db/hitl?password=***'],
    [
      'postgres://db/hitl?sslmode=require&PASSWORD=s3cret&sslpassword=k3y',
      'postgres://db/hitl?sslmode=require&PASSWORD=***&sslpassword=***',
    ],
  ])('%s → %s', (url, shown) => {
    expect(redactStoreUrl(url)).toBe(shown);
    expect(redactStoreUrl(url)).not.toMatch(/s3cret|k3y|p%40ss/);
  });

  it('a URL that does not parse still loses its user info and secret parameters', () => {
    const shown = redactStoreUrl('postgres://al ice:s3cret@db /x?password=s3cret');
    expect(shown).not.toContain('s3cret');
  });

  it('a driver message naming the password loses it, raw and decoded', () => {
    const url = 'postgres://alice:p%40ss@db/hitl?password=other-secret';
    const text = `connect failed for ${url}: password p@ss rejected (other-secret)`;
    const shown = redactSecretsIn(text, url);
    expect(shown).not.toMatch(/p@ss|p%40ss|other-secret/);
    expect(shown).toContain('postgres://alice:***@db/hitl');
  });

  it('the --store usage error shows no password', () => {
    expect(() => sharedStoreUrl('mysql://alice:s3cret@db/hitl')).toThrow(/alice:\*\*\*@db/);
    expect(() => sharedStoreUrl('mysql://alice:s3cret@db/hitl')).not.toThrow(/s3cret/);
  });
});
