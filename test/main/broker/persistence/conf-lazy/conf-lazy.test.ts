import { describe, expect, it } from 'vitest';
import { Ajv2020 } from '../../../../../main/broker/persistence/conf-lazy/ajv-2020';
import ajvFormatsModule from '../../../../../main/broker/persistence/conf-lazy/ajv-formats';
import semver from '../../../../../main/broker/persistence/conf-lazy/semver';

// conf uses these exactly so (`new Ajv(...)`, `ajvFormatsModule.default(ajv)`, `semver.x(...)`).
type Validator = ((value: unknown) => boolean) & { errors?: unknown[] | null };
type AjvLike = { compile(schema: object): Validator };
const NewAjv = Ajv2020 as unknown as new (options: object) => AjvLike;

describe("conf's lazy stand-ins", () => {
  it('construct the real ajv, which validates with the formats ajv-formats adds', () => {
    const ajv = new NewAjv({ allErrors: true, useDefaults: true });
    ajvFormatsModule.default(ajv);
    const validate = ajv.compile({
      type: 'object',
      properties: { mail: { type: 'string', format: 'email' } },
    });
    expect(validate({ mail: 'op@example.com' })).toBe(true);
    expect(validate({ mail: 'not a mail' })).toBe(false);
    expect(validate.errors?.length).toBe(1);
  });

  it("answer conf's semver calls with the real semver", () => {
    const s = semver as unknown as Record<string, (...args: string[]) => unknown>;
    expect(s.gt!('1.10.0', '1.9.0')).toBe(true);
    expect(s.lte!('1.0.0', '1.0.0')).toBe(true);
    expect(s.eq!('1.0.0', '1.0.1')).toBe(false);
    expect(s.satisfies!('1.2.3', '>=1.2.0 <2')).toBe(true);
    expect(s.clean!('  v1.2.3 ')).toBe('1.2.3');
  });
});
