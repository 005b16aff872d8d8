// @vitest-environment node
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import type { Field } from '../../schemas/define';
import { schemas } from '../../schemas/index';
import { isMoneyName, moneyFieldNames, noFloatMoney } from './noFloatMoney.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});
const schemasDir = fileURLToPath(new URL('../../schemas', import.meta.url));

/** Every field declared `money` in the registry, embedded members included. */
function registryMoneyFields(): Set<string> {
  const out = new Set<string>();
  const walk = (fields: Record<string, Field> | undefined) => {
    for (const [name, fd] of Object.entries(fields ?? {})) {
      if (fd.type === 'money') out.add(name);
      walk(fd.fields);
    }
  };
  for (const s of schemas) walk(s.fields as Record<string, Field>);
  return out;
}

describe('money/no-float-money', () => {
  it('MONEY money names: the last word is a money word and no word a non-money quantity', () => {
    for (const n of ['amount', 'totalAmount', 'amountUsd', 'total_amount_usd', 'vatAmount', 'balance', 'fee', 'sum'])
      expect(isMoneyName(n), n).toBe(true);
    for (const n of ['id', 'durationTotal', 'totalElements', 'percentSum', 'amountCount', 'n', 'code', 'summary'])
      expect(isMoneyName(n), n).toBe(false);
    expect(isMoneyName('rate')).toBe(false);
    expect(isMoneyName('rate', new Set(['rate']))).toBe(true);
  });

  it('MONEY the lint-time scan of schemas/ finds every field the registry declares money', () => {
    const scanned = new Set(moneyFieldNames(schemasDir));
    const declared = [...registryMoneyFields()];
    expect(declared.length).toBeGreaterThan(3);
    expect(declared.filter((n) => !scanned.has(n))).toEqual([]);
    expect(scanned.has('amountFee')).toBe(true);
    expect(scanned.has('rate')).toBe(true);
  });

  describe('MONEY the rule reports Number, parseFloat, Number.parseFloat and unary + on money values only', () => {
    const names = { names: ['rate', 'amountFee'] };
    const named = (code: string, name: string, how = 'Number()') => ({
      code,
      options: [names],
      errors: [{ messageId: 'named' as const, data: { name, how } }],
    });
    const branch = (code: string, how = 'Number()') => ({
      code,
      options: [names],
      errors: [{ messageId: 'branch' as const, data: { how } }],
    });
    tester.run('no-float-money', noFloatMoney, {
      valid: [
        { code: 'Number(row.id)', options: [names] },
        { code: 'Number(stats.durationTotal)', options: [names] },
        { code: 'parseFloat(page.totalElements)', options: [names] },
        { code: 'toMoney(row.amountFee)', options: [names] },
        { code: 'const n = +count;', options: [names] },
        { code: 'Number(row[`a${i}`])', options: [names] },
        { code: "if (fd.type === 'number') x = Number(v);", options: [names] },
        { code: "if (fd.type === 'money') x = v; else x = Number(v);", options: [names] },
        { code: "switch (k) { case 'money': return toMoney(v); case 'number': return Number(v); }", options: [names] },
        { code: 'amount.plus(1)', options: [names] },
        // without the option, `rate` is not a money word
        'Number(row.rate)',
      ],
      invalid: [
        named('Number(amount)', 'amount'),
        named('Number(row.amountFee)', 'amountFee'),
        named('Number(row?.amountFee ?? 0)', 'amountFee'),
        named("parseFloat(row['total_amount'])", 'total_amount', 'parseFloat()'),
        named('Number.parseFloat(body.totalAmountUsd)', 'totalAmountUsd', 'Number.parseFloat()'),
        named('const x = +input.price;', 'price', 'unary +'),
        named('Number(String(r.balance))', 'balance'),
        named('Number(r.vatAmount!.toString())', 'vatAmount'),
        named('Number(row.rate as string)', 'rate'),
        named('async () => Number(await r.sum)', 'sum'),
        named('Number(x ? a.fee : 0)', 'fee'),
        branch("if (fd.type === 'money') body[name] = Number(v);"),
        branch("if (['number', 'money'].includes(fd.type) && ok) body[name] = Number(v);"),
        branch("const x = kind === 'money' ? parseFloat(v) : v;", 'parseFloat()'),
        branch("switch (kind) { case 'money': case 'number': return Number(v); }"),
        branch("switch (kind) { case 'money': return +v; }", 'unary +'),
      ],
    });
  });
});
