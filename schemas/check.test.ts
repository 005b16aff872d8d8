import { describe, expect, it } from 'vitest';
import { checkRegistry, didYouMean, registryProblems, type RegistryNames } from './check';
import { f, type EntitySchema } from './define';
import { DICTIONARIES, DICTIONARY_TYPE_NAMES } from './dictionaryTypes';
import { clients, contacts, countries, findSchema, leads, offices, registerSchema, schemas } from './index';
import { MODULES, type Module } from './modules';

/** A module name that is not declared, as code bypassing the types would pass it. */
const unknownModule = (name: string) => name as Module;

const names: RegistryNames = {
  dictionaries: DICTIONARY_TYPE_NAMES,
  dictionaryCodes: new Map(DICTIONARIES.map((d) => [d.name, d.entries.map((e) => e.code)])),
  modules: MODULES,
};

/** The registry with `changed` in place of the schema of the same name. */
const withSchema = (changed: EntitySchema): EntitySchema[] =>
  schemas.map((s) => (s.name === changed.name ? changed : s));

const problems = (changed: EntitySchema) => registryProblems(withSchema(changed), names);

describe('registry check at load', () => {
  it('the registry as shipped passes (schemas/index.ts runs the same check when it loads)', () => {
    expect(registryProblems(schemas, names)).toEqual([]);
  });

  it('an embed naming a field the target lacks fails, naming the schema, the projection and the field', () => {
    const typo = { ...clients, projections: { ...clients.projections, full: { embed: { country: ['gnme'] } } } };
    expect(() => checkRegistry(withSchema(typo), names)).toThrow(
      'schema clients: projection full embeds country.gnme, but baseDictionaries has no field "gnme"',
    );
  });

  it('a status naming a code its dictionary lacks fails at load, naming the schema, the place and the code', () => {
    const status = leads.status!;
    const typo = {
      ...leads,
      status: {
        ...status,
        transitions: [...status.transitions, { from: [7], to: [9, 11] }],
        readOnlyIn: { ...status.readOnlyIn, 12: ['date'] },
      },
    };
    const codes = DICTIONARIES.find((d) => d.name === 'DEAL_STAGE')!.entries.map((e) => e.code);
    expect(codes).not.toContain(11);
    expect(problems(typo)).toEqual([
      `schema leads: status transition ${status.transitions.length + 1} to names code 11, but DEAL_STAGE has no entry with that code (it has ${codes.join(', ')})`,
      `schema leads: status readOnlyIn names code 12, but DEAL_STAGE has no entry with that code (it has ${codes.join(', ')})`,
    ]);
    expect(problems({ ...leads, status: { ...status, initial: 0 } })).toHaveLength(1);
  });

  it('an unknown name is answered with the closest known one, when one is close', () => {
    expect(didYouMean('gnme', ['gname', 'lname', 'code'])).toBe(' (did you mean "gname"?)');
    expect(didYouMean('CONTRY', ['COUNTRY', 'CURRENCY'])).toBe(' (did you mean "COUNTRY"?)');
    expect(didYouMean('budget', ['gname', 'lname', 'code'])).toBe('');
    expect(didYouMean('x', [])).toBe('');
  });

  it('an embed naming a projection the target lacks fails', () => {
    const typo = { ...clients, projections: { ...clients.projections, full: { embed: { contactList: 'ful' } } } };
    expect(problems(typo)).toEqual([
      'schema clients: projection full embeds contactList as "ful", but contacts has no projection "ful"',
    ]);
  });

  it('an embed of a field that is not a reference fails', () => {
    expect(
      problems({ ...clients, projections: { ...clients.projections, full: { embed: { gname: ['x'] } } } }),
    ).toEqual(['schema clients: projection full embeds gname, but gname is not a reference']);
  });

  it('an unknown dictionary fails at load instead of crashing the create form', () => {
    const typo = { ...clients, fields: { ...clients.fields, country: f.dictionary('CONTRY') } };
    expect(problems(typo)).toEqual([
      'schema clients: field country uses dictionary "CONTRY", but no such dictionary is declared (did you mean "COUNTRY"?)',
    ]);
  });

  it('a reference to a collection that is not registered fails', () => {
    const typo = { ...offices, fields: { ...offices.fields, currency: f.ref('currency') } };
    expect(problems(typo)).toEqual([
      'schema offices: field currency refers to "currency", but no such collection is registered',
    ]);
  });

  it('children listed via a field the child lacks fail', () => {
    const typo = { ...clients, fields: { ...clients.fields, contactList: f.children('contacts', { via: 'clint' }) } };
    expect(problems(typo)).toEqual([
      'schema clients: field contactList lists contacts via "clint", but contacts has no reference "clint" to clients',
    ]);
  });

  it('an unknown privilege module fails, on the entity and on a show tab', () => {
    expect(problems({ ...clients, module: unknownModule('clients') })).toEqual([
      'schema clients: module "clients", but no such privilege module (did you mean "client"?)',
    ]);
    const tabs = [{ name: 'teams', label: 'Team', module: unknownModule('teams'), fields: [] }];
    expect(problems({ ...offices, show: { tabs } })).toEqual([
      'schema offices: show tab teams needs module "teams", but no such privilege module (did you mean "team"?)',
    ]);
  });

  it("a related tab's collection, via field, columns and projection must exist", () => {
    const tab = (related: NonNullable<NonNullable<EntitySchema['show']>['tabs']>[number]['related']) => ({
      ...clients,
      show: { tabs: [{ name: 'contacts', label: 'Contacts', related }] },
    });
    expect(problems(tab({ collection: 'contact', via: 'client' }))).toEqual([
      'schema clients: show tab contacts lists "contact", but no such collection is registered (did you mean "contacts"?)',
    ]);
    expect(problems(tab({ collection: 'contacts', via: 'owner', columns: ['nme'], projection: 'flatt' }))).toEqual([
      'schema clients: show tab contacts lists contacts via "owner", but contacts has no reference "owner" to clients',
      'schema clients: show tab contacts shows column nme, but contacts has no field "nme"',
      'schema clients: show tab contacts uses projection "flatt", but contacts has no such projection',
    ]);
  });

  it("NAV-49 a related tab's fill names a reference of the child reached by a path of the parent", () => {
    const tab = (fill: Record<string, string>) => ({
      ...clients,
      show: {
        tabs: [{ name: 'contacts', label: 'Contacts', related: { collection: 'contacts', via: 'client', fill } }],
      },
    });
    expect(problems(tab({ client: 'id' }))).toEqual([
      'schema clients: show tab contacts fills contacts.client from "id", but clients.id is no clients',
    ]);
    expect(problems(tab({ nme: 'country' }))).toEqual([
      'schema clients: show tab contacts fills contacts.nme from "country", but clients.country is no reference',
    ]);
  });

  it('NAV-15 a related tab may wait for a collection of an area not built yet, list through a path, and its filter keys are checked', () => {
    const tab = (related: NonNullable<NonNullable<EntitySchema['show']>['tabs']>[number]['related']) => ({
      ...clients,
      show: { tabs: [{ name: 'x', label: 'X', related }] },
    });
    expect(problems(tab({ collection: 'hrRequests', via: 'employee', optional: true }))).toEqual([]);
    expect(problems(tab({ collection: 'hrRequests', via: 'employee' }))).toEqual([
      'schema clients: show tab x lists "hrRequests", but no such collection is registered',
    ]);
    // once registered, an optional tab is checked like any other
    expect(problems(tab({ collection: 'contacts', via: 'owner', optional: true }))).toEqual([
      'schema clients: show tab x lists contacts via "owner", but contacts has no reference "owner" to clients',
    ]);
    expect(problems(tab({ collection: 'times', via: 'project.payerClient' }))).toEqual([]);
    expect(problems(tab({ collection: 'times', via: 'project.description' }))).toEqual([
      'schema clients: show tab x lists times via "project.description", but times has no reference "project.description" to clients',
    ]);
    expect(problems(tab({ collection: 'times', via: 'client', filter: { 'wrkType.code.ne': 1 } }))).toEqual([
      'schema clients: show tab x filters on wrkType.code.ne, but times has no field "wrkType" (did you mean "workType"?)',
    ]);
  });

  it('list filters, reference pick-list filters and pickListFilter name real fields', () => {
    const listFilter = { ...clients, list: { ...clients.list, filters: [{ source: 'contry.id', label: 'Country' }] } };
    expect(problems(listFilter)).toEqual([
      'schema clients: list filter contry.id, but clients has no field "contry" (did you mean "country"?)',
    ]);
    const refFilter = {
      ...clients,
      fields: { ...clients.fields, sector: f.ref('departments', { filter: { 'tpe.code': 7 } }) },
    };
    expect(problems(refFilter)).toEqual([
      'schema clients: field sector filters on tpe.code, but departments has no field "tpe" (did you mean "type"?)',
    ]);
    const throughTarget = {
      ...clients,
      fields: { ...clients.fields, sector: f.ref('departments', { filter: { 'type.cde': 7 } }) },
    };
    expect(problems(throughTarget)).toEqual([
      'schema clients: field sector filters on type.cde, but baseDictionaries has no field "cde" (did you mean "code"?)',
    ]);
    expect(problems({ ...contacts, pickListFilter: { 'stat.code': 1 } })).toEqual([
      'schema contacts: pickListFilter filters on stat.code, but contacts has no field "stat"',
    ]);
  });

  it('a preset must point at a registered collection and filter on its fields', () => {
    const preset = { ...countries.preset!, collection: 'baseDictionary' };
    expect(problems({ ...countries, preset })).toEqual([
      'schema countries: preset over "baseDictionary", but no such collection is registered (did you mean "baseDictionaries"?)',
    ]);
    expect(problems({ ...countries, preset: { ...countries.preset!, filter: { 'kind.code': 5 } } })).toEqual([
      'schema countries: preset filters on kind.code, but baseDictionaries has no field "kind"',
    ]);
  });

  it('search, sort and record representations through references name fields of the target', () => {
    expect(problems({ ...contacts, search: ['client.gnme'], recordRepresentation: '%{client.nme}' })).toEqual([
      'schema contacts: search or sort names client.gnme, but clients has no field "gnme" (did you mean "gname"?)',
      'schema contacts: recordRepresentation names %{client.nme}, but clients has no field "nme"',
    ]);
  });

  it('globalSearch names text fields of its own, and its hits can be shown from scalar columns of its own', () => {
    expect(
      problems({
        ...contacts,
        globalSearch: { fields: ['gname', 'client', 'nothing'] },
        recordRepresentation: '%{gname} %{client.gname}',
      }),
    ).toEqual([
      'schema contacts: globalSearch names client, but that is not a text field of contacts (text, longText, email, phone, url)',
      'schema contacts: globalSearch names nothing, but that is not a text field of contacts (text, longText, email, phone, url)',
      'schema contacts: globalSearch shows recordRepresentation client.gname, but a search result reads only scalar columns of its own',
    ]);
  });

  it('every problem is reported at once, one line each', () => {
    expect(() =>
      checkRegistry(
        withSchema({
          ...clients,
          module: unknownModule('x'),
          fields: { ...clients.fields, country: f.dictionary('Y') },
        }),
        names,
      ),
    ).toThrow(/inconsistent:\nschema clients: module "x".*\nschema clients: field country uses dictionary "Y"/);
  });

  it('registerSchema runs the same check: a schema with an unknown dictionary is refused and nothing is registered', () => {
    const typo = { ...clients, name: 'gizmos', route: 'gizmos', fields: { country: f.dictionary('CONTRY') } };
    const before = schemas.length;
    expect(() => registerSchema({ ...typo, projections: { full: {} }, list: {}, show: {}, form: {} })).toThrow(
      'schema gizmos: field country uses dictionary "CONTRY", but no such dictionary is declared',
    );
    expect(schemas.length).toBe(before);
    expect(findSchema('gizmos')).toBeUndefined();
  });
});

describe('registry check of the verification option', () => {
  const approvers = async () => [];
  it('verification: a chain field that is not a read-only ref to verificationChains fails at load', () => {
    const wrong = { ...clients, verification: { ownerType: 'HR_REQUEST' as const, chainField: 'gname', approvers } };
    expect(problems(wrong)).toEqual([
      'schema clients: verification keeps its chain in "gname", but that is not a read-only ref to verificationChains',
    ]);
  });

  it('verification: two entities declaring one owner type fail at load', () => {
    const matters = findSchema('matters')!;
    const twin = {
      ...clients,
      fields: { ...clients.fields, verificationChain: f.ref('verificationChains', { readOnly: true }) },
      verification: { ...matters.verification!, chainField: 'verificationChain' },
    };
    expect(problems(twin)).toContain('schema clients: verification owner type MATTER, but matters declares it too');
  });

  it('computed fields may be filtered by a list (waitingForMe)', () => {
    const chains = findSchema('verificationChains')!;
    expect(chains.list?.defaultFilter).toEqual({ waitingForMe: true });
    expect(problems(chains)).toEqual([]);
  });
});
