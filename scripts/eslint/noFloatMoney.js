/**
 * The local ESLint rule `money/no-float-money`: money is exact (decimal strings on the wire,
 * `Decimal` in code, `schemas/money.ts`), so server and schema code never turn a money value into
 * a float with `Number(x)`, `Number.parseFloat(x)`, `parseFloat(x)` or unary `+x`.
 *
 * `x` is a **money value** when one of these holds (the rule's whole notion, nothing inferred):
 * 1. **Its name is a money name.** The name of `x` is the identifier (`amount`), the member's
 *    property (`row.amountFee`, `row['total_amount']`, `` row[`balance`] ``), looked through
 *    `??`, `||`, `&&`, `?:`, `as`, `!`, `?.`, `await`, `String(x)` and `x.toString()`. A name is a
 *    money name when it is one of the `names` option (the fields declared `f.money` in
 *    `schemas/`, collected by {@link moneyFieldNames}) or when its last word (camelCase or
 *    snake_case) is one of amount, total, balance, price, fee, sum, cost, usd and no word is a
 *    quantity that is not money (duration, count, percent, percentage, hours, minutes, ms, share,
 *    elements, pages, rows, size): `totalAmount`, `amount_usd`, `vatAmount` are money;
 *    `durationTotal`, `totalElements`, `percentSum` are not.
 * 2. **It is converted in a branch taken for money fields:** the consequent of an `if`, `?:` or
 *    `&&` whose condition holds the string `'money'` (`fd.type === 'money'`,
 *    `['number', 'money'].includes(fd.type)`), or a `switch` case `'money'` (with the empty cases
 *    falling through to it).
 *
 * Options: `[{ names: string[] }]`, the exact names that are money whatever their words.
 * Fix: `toMoney(x)` / `sumExact` / `allocate` from `schemas/money.ts`; where a float is the
 * format itself (an Excel cell), `toMoney(x).toNumber()` says so explicitly.
 *
 * @example
 * // reported: Number(row.amountFee), parseFloat(body.totalAmount), +input.price,
 * //           if (fd.type === 'money') body[name] = Number(v)
 * // allowed:  Number(row.id), Number(stats.durationTotal), toMoney(row.amountFee)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const MONEY_WORDS = new Set(['amount', 'total', 'balance', 'price', 'fee', 'sum', 'cost', 'usd']);
const NOT_MONEY_WORDS = new Set([
  'duration',
  'count',
  'percent',
  'percentage',
  'hours',
  'minutes',
  'ms',
  'share',
  'elements',
  'pages',
  'rows',
  'size',
]);

/** The words of a camelCase or snake_case name, lower case: `totalAmountUsd` -> total, amount, usd. */
export const wordsOf = (name) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_$-]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());

/**
 * Whether `name` is a money name (rule 1 above): one of `exact`, or its last word a money word and
 * none of its words a non-money quantity.
 * @example isMoneyName('totalAmountUsd') // true; isMoneyName('durationTotal') // false
 */
export function isMoneyName(name, exact = new Set()) {
  if (exact.has(name)) return true;
  const words = wordsOf(name);
  const last = words[words.length - 1];
  return last !== undefined && MONEY_WORDS.has(last) && !words.some((w) => NOT_MONEY_WORDS.has(w));
}

/**
 * The names of the fields declared `<name>: f.money(` in the schema sources under `dir` (test
 * files excluded): the `names` option of the rule, read at lint time so it never goes stale.
 * `scripts/eslint/noFloatMoney.test.ts` checks it finds every money field of the registry.
 * @param dir the `schemas/` folder
 * @returns the names, sorted, without duplicates
 */
export function moneyFieldNames(dir) {
  const names = new Set();
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
        for (const m of readFileSync(path, 'utf8').matchAll(/([A-Za-z_$][\w$]*)\s*:\s*f\.money\(/g)) names.add(m[1]);
      }
    }
  };
  walk(dir);
  return [...names].sort();
}

/** Looks through wrappers that keep the value: `x ?? 0`, `x!`, `x as T`, `String(x)`, ... */
function candidates(node) {
  switch (node.type) {
    case 'ChainExpression':
    case 'TSAsExpression':
    case 'TSNonNullExpression':
    case 'TSSatisfiesExpression':
    case 'TSTypeAssertion':
    case 'AwaitExpression':
      return candidates(node.expression ?? node.argument);
    case 'LogicalExpression':
      return [...candidates(node.left), ...candidates(node.right)];
    case 'ConditionalExpression':
      return [...candidates(node.consequent), ...candidates(node.alternate)];
    case 'CallExpression': {
      const c = node.callee;
      if (c.type === 'Identifier' && c.name === 'String' && node.arguments[0]) return candidates(node.arguments[0]);
      if (c.type === 'MemberExpression' && !c.computed && c.property.name === 'toString') return candidates(c.object);
      return [];
    }
    case 'Identifier':
      return [node.name];
    case 'MemberExpression': {
      const p = node.property;
      if (!node.computed && p.type === 'Identifier') return [p.name];
      if (p.type === 'Literal' && typeof p.value === 'string') return [p.value];
      if (p.type === 'TemplateLiteral' && p.expressions.length === 0) return [p.quasis[0].value.cooked];
      return [];
    }
    default:
      return [];
  }
}

/** Whether the subtree holds the string literal `'money'`. */
function mentionsMoney(node) {
  if (!node || typeof node.type !== 'string') return false;
  if (node.type === 'Literal' && node.value === 'money') return true;
  for (const key of Object.keys(node)) {
    if (key === 'parent') continue;
    const v = node[key];
    if (Array.isArray(v) ? v.some((x) => x && mentionsMoney(x)) : v && typeof v === 'object' && mentionsMoney(v))
      return true;
  }
  return false;
}

/** Whether `node` sits in a branch taken for money fields (rule 2 above). */
function inMoneyBranch(node) {
  for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
    if ((parent.type === 'IfStatement' || parent.type === 'ConditionalExpression') && parent.consequent === child) {
      if (mentionsMoney(parent.test)) return true;
    } else if (parent.type === 'LogicalExpression' && parent.operator === '&&' && parent.right === child) {
      if (mentionsMoney(parent.left)) return true;
    } else if (parent.type === 'SwitchCase' && parent.test !== child) {
      const cases = parent.parent.cases;
      for (let i = cases.indexOf(parent); i >= 0; i--) {
        if (i < cases.indexOf(parent) && cases[i].consequent.length > 0) break;
        if (cases[i].test?.type === 'Literal' && cases[i].test.value === 'money') return true;
      }
    }
  }
  return false;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noFloatMoney = {
  meta: {
    type: 'problem',
    docs: { description: 'forbid Number(), parseFloat() and unary + on money values (use toMoney/Decimal)' },
    schema: [
      {
        type: 'object',
        properties: { names: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      named:
        "'{{name}}' is money: {{how}} makes it a float. Use toMoney()/Decimal (schemas/money.ts), or toMoney(x).toNumber() where a float is the format.",
      branch:
        'In a branch for money fields, {{how}} makes the value a float. Use toMoney()/Decimal (schemas/money.ts), or keep the decimal string.',
    },
  },
  create(context) {
    const exact = new Set(context.options[0]?.names ?? []);
    const check = (node, arg, how) => {
      if (!arg) return;
      const name = candidates(arg).find((n) => isMoneyName(n, exact));
      if (name !== undefined) context.report({ node, messageId: 'named', data: { name, how } });
      else if (inMoneyBranch(node)) context.report({ node, messageId: 'branch', data: { how } });
    };
    return {
      CallExpression(node) {
        const c = node.callee;
        const how =
          c.type === 'Identifier' && (c.name === 'Number' || c.name === 'parseFloat')
            ? `${c.name}()`
            : c.type === 'MemberExpression' &&
                !c.computed &&
                c.object.type === 'Identifier' &&
                c.object.name === 'Number' &&
                c.property.name === 'parseFloat'
              ? 'Number.parseFloat()'
              : undefined;
        if (how) check(node, node.arguments[0], how);
      },
      UnaryExpression(node) {
        if (node.operator === '+') check(node, node.argument, 'unary +');
      },
    };
  },
};

/** The plugin (`money`) holding the rule, for `eslint.config.js`. */
export default { rules: { 'no-float-money': noFloatMoney } };
