import { z } from 'zod';
import type { FieldTypeModule } from './types';

/** `boolean`: JSON `true`/`false`; filters take `true`/`false`. */
export const boolean: FieldTypeModule<'boolean'> = {
  type: 'boolean',
  nullable: true,
  wire: () => z.boolean({ error: 'must be a boolean' }),
  output: (_fd, v) => v,
  filter: {
    ops: ['eq', 'ne', 'in', 'nin', 'isNull'],
    parse: (_fd, raw) =>
      raw === 'true' || raw === 'false' ? { value: raw === 'true' } : { error: `"${raw}" is not true or false` },
  },
  jsonSchema: (_fd, base) => ({ ...base, type: 'boolean' }),
  sample: (_fd, seed) => seed % 2 === 0,
  invalid: () => ['yes', 'true', 1, 0, { value: true }],
};
