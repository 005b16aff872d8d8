import { describe, expect, it } from 'vitest';
import { f } from '../define';
import { sampleValue } from './index';

describe('a field example', () => {
  it("the generated tests' sample of a field is its example when it declares one, inside embedded values too", () => {
    expect(sampleValue(f.longText({ example: '{"search":"Aral"}' }), 3)).toBe('{"search":"Aral"}');
    expect(sampleValue(f.longText({ example: '{"search":"Aral"}' }), 4)).toBe('{"search":"Aral"}');
    const embedded = f.embedded({ filter: f.longText({ example: '{}' }), perPage: f.number({ integer: true }) });
    expect(sampleValue(embedded, 5)).toMatchObject({ filter: '{}' });
    // without one, the type's sample
    expect(sampleValue(f.longText(), 3)).not.toBe(sampleValue(f.longText(), 4));
  });
});
