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

describe('passwords in the other forms of a store setting', () => {
  it.each([
    // libpq key/value connection strings (refused by --store, but echoed in its error)
    [
      'host=db user=alice password=s3cret dbname=hitl',
      'host=db user=alice password=*** dbname=hitl',
    ],
    ["host=db password='s3cret with spaces' dbname=hitl", 'host=db password=*** dbname=hitl'],
    ['host=db PASSWORD = s3cret', 'host=db PASSWORD = ***'],
    ['sslpassword=s3cret host=db', 'sslpassword=*** host=db'],
    // PGPASSWORD-style variables pasted as the setting
    ['PGPASSWORD=s3cret psql -h db', 'PGPASSWORD=*** psql -h db'],
  ])('%s → %s', (value, shown) => {
    expect(redactStoreUrl(value)).toBe(shown);
    expect(() => sharedStoreUrl(value)).not.toThrow(/s3cret/);
  });

  it('a password= pasted after the URL (a space, not a ?) is not printed', () => {
    const shown = redactStoreUrl('postgres://alice@db/hitl password=s3cret');
    expect(shown).not.toContain('s3cret');
    expect(shown).toContain('postgres://alice@db/hitl');
  });

  it("a driver message repeating a key/value form's password loses it", () => {
    const value = "host=db password='p@ss word'";
    const shown = redactSecretsIn(`could not connect: password "p@ss word" rejected`, value);
    expect(shown).not.toContain('p@ss word');
  });
});
