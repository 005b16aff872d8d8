import { z } from 'zod';
import type { FieldTypeModule } from './types';

/** `enum`: one of the field's `values`, a string. */
const enumType: FieldTypeModule<'enum'> = {
  type: 'enum',
  nullable: true,
  wire: (fd) => {
    const values = fd.values ?? [];
    return z.unknown().refine((v) => typeof v === 'string' && values.includes(v), {
      error: `must be one of: ${values.join(', ')}`,
    }) as z.ZodType<string>;
  },
  output: (_fd, v) => v,
  filter: {
    ops: ['eq', 'ne', 'in', 'nin', 'like', 'isNull'],
    parse: (fd, raw) =>
      fd.values?.includes(raw) ? { value: raw } : { error: `"${raw}" is not one of ${fd.values?.join(', ')}` },
  },
  jsonSchema: (fd, base) => ({ ...base, type: 'string', enum: [...(fd.values ?? [])] }),
  // a unique enum (privileges.module per role) takes the next value each time
  sample: (fd, seed) => {
    const values = fd.values ?? [];
    return fd.unique ? values[seed % values.length] : values[values.length - 1];
  },
  invalid: (fd) => [`not ${fd.values?.[0] ?? 'a value'}`, 1, true, ['x']],
};
export { enumType as enum };
