import { describe, expect, it } from 'vitest';
import { canAccessEntity, entityModules, rowModuleOf, type Privilege } from './access';
import { matchesRecord, rowModulesCondition, rule } from './accessRule';
import { times } from './work/times';

/** The privilege module chosen by the row (`rowModules`), as the SPA and the authorization tests judge it. */

const privileges = (...modules: string[]) =>
  new Map<string, Privilege>(
    modules.map((module) => [module, { module, view: true, create: true, update: false, delete: false }]),
  );

describe('row modules', () => {
  it('row modules: the entity opens to a holder of any of its modules (time or TIME for times)', () => {
    expect(entityModules(times)).toEqual(['time', 'TIME']);
    expect(canAccessEntity(times, 'view', ['MEMBER'], privileges('TIME'))).toBe(true);
    expect(canAccessEntity(times, 'view', ['MEMBER'], privileges('time'))).toBe(true);
    expect(canAccessEntity(times, 'view', ['MEMBER'], privileges('client'))).toBe(false);
    expect(canAccessEntity(times, 'update', ['MEMBER'], privileges('TIME'))).toBe(false);
  });

  it('row modules: rowModuleOf tells which module governs a record (TIME-05 work type codes)', () => {
    expect(rowModuleOf(times, { workType: { id: 7, code: 1 } })).toBe('time');
    for (const code of [2, 3, 4, 5]) expect(rowModuleOf(times, { workType: { code } })).toBe('TIME');
    // an entity without row modules answers its module
    expect(rowModuleOf({ module: 'client' }, {})).toBe('client');
  });

  it('row modules: matchesRecord compares like SQL (missing values are NULL) and refuses what only SQL can judge', () => {
    const r = { a: { b: 2 }, n: null };
    expect(matchesRecord(rule.eq('a.b', 2), r)).toBe(true);
    expect(matchesRecord(rule.eq('n', null), r)).toBe(false);
    expect(matchesRecord(rule.ne('missing', 1), r)).toBe(true);
    expect(matchesRecord(rule.in('a.b', [1, 2]), r)).toBe(true);
    expect(matchesRecord(rule.nin('a.b', [1, 2]), r)).toBe(false);
    expect(matchesRecord(rule.and(rule.gte('a.b', 2), rule.lt('a.b', 3)), r)).toBe(true);
    expect(matchesRecord(rule.or(rule.isNull('n'), false), r)).toBe(true);
    expect(matchesRecord(rule.not(rule.isNotNull('n')), r)).toBe(true);
    expect(() => matchesRecord(rule.privilege('time'), r)).toThrow(/database/);
    expect(() => matchesRecord(rule.through('a', true), r)).toThrow(/database/);
  });

  it('row modules: the SQL condition is or(and(when, privilege(module)), ...)', () => {
    expect(rowModulesCondition(times.rowModules!)).toEqual({
      or: [
        { and: [rule.eq('workType.code', 1), { privilege: 'time' }] },
        { and: [rule.ne('workType.code', 1), { privilege: 'TIME' }] },
      ],
    });
  });
});

describe('row modules: checked when the registry loads', () => {
  it('row modules: an unknown module or a path the entity lacks is reported', async () => {
    const { registryProblems } = await import('./check');
    const { DICTIONARY_TYPE_NAMES } = await import('./dictionaryTypes');
    const { MODULES } = await import('./modules');
    const { schemas } = await import('./index');
    const broken = {
      ...times,
      rowModules: [
        { module: 'nope' as 'time', when: rule.eq('workType.code', 1) },
        { module: 'TIME' as const, when: rule.ne('wrokType.code', 1) },
      ],
    };
    const problems = registryProblems(
      schemas.map((s) => (s.name === 'times' ? broken : s)),
      { dictionaries: DICTIONARY_TYPE_NAMES, modules: MODULES },
    );
    expect(problems).toEqual([
      'schema times: row module "nope", but no such privilege module',
      'schema times: row module "TIME" compares wrokType.code, but times has no field "wrokType" (did you mean "workType"?)',
    ]);
  });
});
