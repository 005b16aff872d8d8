import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { f } from '../../schemas/define';
import { parseWire, toWire } from '../../schemas/fieldTypes/index';
import { sumExact, toMoney } from '../../schemas/money';
import { createHarness, type Harness } from '../test/harness';
import { registerJsonReplies, serializeJson } from './json';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('money on the wire: exact JSON numbers', () => {
  it('money: a 19-digit numeric(19,4) value goes to the database and back to the wire with every digit', async () => {
    const money = f.money();
    await h.db.query('CREATE TABLE money_round_trip (v numeric(19,4))');
    try {
      for (const sent of ['123456789012345.1234', '-999999999999999.9999', '0.1']) {
        const parsed = parseWire(money, sent);
        expect(parsed).toHaveProperty('value');
        await h.db.query('INSERT INTO money_round_trip (v) VALUES ($1)', [(parsed as { value: unknown }).value]);
      }
      const rows = await h.db.query<{ v: unknown }>('SELECT v FROM money_round_trip ORDER BY v');
      const wire = serializeJson({ values: rows.map((r) => toWire(money, r.v)) });
      expect(wire).toBe('{"values":[-999999999999999.9999,0.1,123456789012345.1234]}');
      // the database's own sum and the server's exact sum agree
      const [sum] = await h.db.query<{ s: string }>('SELECT sum(v)::text AS s FROM money_round_trip');
      expect(sumExact(rows.map((r) => toWire(money, r.v) as never)).toFixed(4)).toBe(sum!.s);
    } finally {
      await h.db.query('DROP TABLE money_round_trip');
    }
  });

  it('money: a reply without decimals is the native JSON text, one with decimals keeps them numbers', () => {
    const plain = { a: 1, b: 'x', c: [null, true, { d: 0.25 }], e: '\u2028"' };
    expect(serializeJson(plain)).toBe(JSON.stringify(plain));
    const withMoney = { amount: toWire(f.money(), '12.3400'), name: 'Invoice "1"' };
    expect(serializeJson(withMoney)).toBe('{"amount":12.34,"name":"Invoice \\"1\\""}');
    expect(JSON.parse(serializeJson(withMoney))).toEqual({ amount: 12.34, name: 'Invoice "1"' });
    // decimals serialised elsewhere (JSON.stringify outside replies) are untouched by the reply serializer
    expect(JSON.stringify(withMoney)).toBe('{"amount":"12.34","name":"Invoice \\"1\\""}');
  });

  it('money: every decimal of a reply is a number, in nested lists and objects, and text stays text', () => {
    const page = {
      rows: [
        { amount: toMoney('-0.0001'), usd: toMoney('1000000'), note: '12.5' },
        { amount: toMoney('7'), nested: { list: [toMoney('1.10'), null, 'x'] }, note: '\u0000:1' },
      ],
      total: toMoney('999999999999999.9999'),
    };
    const text = serializeJson(page);
    expect(text).toBe(
      '{"rows":[{"amount":-0.0001,"usd":1000000,"note":"12.5"},' +
        '{"amount":7,"nested":{"list":[1.1,null,"x"]},"note":"\\u0000:1"}],"total":999999999999999.9999}',
    );
    expect(JSON.parse(text).rows[1].note).toBe('\u0000:1');
  });

  it('money: a route answering a decimal sends it as a JSON number with every digit', async () => {
    const app = Fastify();
    registerJsonReplies(app);
    app.get('/amount', async () => ({ amount: toMoney('123456789012345.1234'), rate: 0.12 }));
    const res = await app.inject({ method: 'GET', url: '/amount' });
    await app.close();
    expect(res.body).toBe('{"amount":123456789012345.1234,"rate":0.12}');
  });
});
