import { describe, expect, it } from 'vitest';
import type { Validator } from 'react-admin';
import { shapeOf, type EntitySchema, type Field } from '../../schemas/define';
import { invalidSamples, sampleValue } from '../../schemas/fieldTypes/index';
import { schemas } from '../../schemas/index';
import { validatorsFor } from '../../src/resources/inputs/validators';
import type { FieldError } from './errors';
import { parseBody } from './validate';

/** The server's verdict on one value of one field: the messages of a PATCH body holding only it. */
async function serverMessages(schema: EntitySchema, name: string, value: unknown): Promise<string[]> {
  try {
    await parseBody(schema, { [name]: value }, 'patch');
    return [];
  } catch (e) {
    const errors = (e as { errors?: FieldError[] }).errors;
    if (!errors) throw e;
    return errors.filter((x) => x.property === name || x.property.startsWith(`${name}.`)).map((x) => x.message);
  }
}

/** The SPA form's verdict on one value: the first message of the field's validators. */
async function formMessage(fd: Field, value: unknown): Promise<string | undefined> {
  for (const validate of validatorsFor(fd) as Validator[]) {
    const m = await validate(value, {}, {});
    if (m) return typeof m === 'string' ? m : JSON.stringify(m);
  }
  return undefined;
}

/** Fields whose values the form checks itself (references and lists are picked from the server's rows). */
const checkedFields = (schema: EntitySchema): Array<[string, Field]> =>
  Object.entries(schema.fields).filter(([, fd]) => !fd.readOnly && shapeOf(fd) === 'scalar');

describe('validator agreement: the server and the SPA form judge values alike', () => {
  for (const schema of schemas.filter((s) => !s.preset)) {
    it(`${schema.name}: every field's sample passes both, every bad value of its type fails both`, async () => {
      for (const [name, fd] of checkedFields(schema)) {
        const sample = sampleValue(fd, 3);
        expect(await serverMessages(schema, name, sample), `${name} = ${JSON.stringify(sample)}`).toEqual([]);
        expect(await formMessage(fd, sample), `${name} = ${JSON.stringify(sample)}`).toBeUndefined();
        for (const bad of invalidSamples(fd)) {
          const server = await serverMessages(schema, name, bad);
          expect(server.length, `server accepts ${name} = ${JSON.stringify(bad)}`).toBeGreaterThan(0);
          const form = await formMessage(fd, bad);
          expect(form, `form accepts ${name} = ${JSON.stringify(bad)}`).toBeDefined();
          // the same reason, as the form words it (percent bounds speak in percent)
          if (fd.type !== 'percent') expect(form!.toLowerCase()).toBe(server[0]!.toLowerCase());
        }
      }
    });
  }

  it('validator agreement: URL, phone and e-mail checks that the old form copy got wrong now fail on both sides', async () => {
    const { contacts } = await import('../../schemas/index');
    for (const [name, bad] of [
      ['linkedin', 'javascript:alert(1)'],
      ['firstPhoneNumber', 'call me maybe'],
      ['firstEmail', 'a@b'],
    ] as const) {
      expect(await serverMessages(contacts, name, bad)).not.toEqual([]);
      expect(await formMessage(contacts.fields[name]!, bad)).toBeDefined();
    }
  });
});
