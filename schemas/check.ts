import { closest, distance } from 'fastest-levenshtein';
import type { AccessCondition } from './accessRule';
import {
  GLOBAL_SEARCH_TYPES,
  isToOne,
  listDefaultFilter,
  shapeOf,
  SYSTEM_FIELDS,
  type EntitySchema,
  type Field,
  type FilterSpec,
} from './define';

/**
 * The load-time check of the registry: everything a schema names outside itself - other
 * collections, their fields and projections, dictionaries, privilege modules - must exist.
 * `schemas/index.ts` runs it when the registry module loads, so the SPA and the server both
 * refuse to start on a typo instead of dropping an embed or crashing a form at run time.
 * (Names inside one schema are checked by `defineEntity` and typed by its generic parameter.)
 *
 * @example
 * checkRegistry(schemas, { dictionaries: ['COUNTRY'], modules: MODULES });
 * // Error: schema clients: projection full embeds country.gnme, but baseDictionaries has no field "gnme"
 */
export interface RegistryNames {
  /** Declared dictionary type names (`COUNTRY`, ...). */
  dictionaries: Iterable<string>;
  /**
   * The entry codes each dictionary type declares (`schemas/<area>/dictionaries.ts`), by name: a
   * status's codes must be among them. A type declaring no entries (kept by users) is not checked.
   */
  dictionaryCodes?: ReadonlyMap<string, readonly number[]>;
  /** Privilege modules (`schemas/modules.ts`). */
  modules: Iterable<string>;
}

/** The filter operators of the contract grammar (docs/api.md "Filters"), never field names. */
const OPERATORS = new Set(['id', 'ne', 'in', 'nin', 'gt', 'gte', 'lt', 'lte', 'like', 'isNull']);

/**
 * ` (did you mean "x"?)` when one of `candidates` is a likely typo of `name` (an edit distance of
 * at most a third of its length, at least 1), else the empty string.
 * @example didYouMean('gnme', ['gname', 'lname', 'code']) // ' (did you mean "gname"?)'
 */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const list = [...candidates];
  if (list.length === 0) return '';
  const best = closest(name, list);
  return distance(name, best) <= Math.max(1, Math.floor(name.length / 3)) ? ` (did you mean "${best}"?)` : '';
}

/** Every problem found, one line each, in registry order. */
export function registryProblems(schemas: readonly EntitySchema[], names: RegistryNames): string[] {
  const byName = new Map(schemas.map((s) => [s.name, s]));
  const dictionaries = new Set(names.dictionaries);
  const modules = new Set(names.modules);
  const problems: string[] = [];

  const fieldOf = (s: EntitySchema, name: string): Field | undefined => s.fields[name];
  const fieldNames = (s: EntitySchema): string[] => [
    ...Object.keys(s.fields),
    ...SYSTEM_FIELDS,
    s.lockProperty,
    ...Object.keys(s.computed ?? {}),
  ];
  const noField = (s: EntitySchema, name: string) =>
    `${s.name} has no field "${name}"${didYouMean(name, fieldNames(s))}`;
  const hasField = (s: EntitySchema, name: string): boolean =>
    name in s.fields ||
    (SYSTEM_FIELDS as readonly string[]).includes(name) ||
    name === s.lockProperty ||
    // computed fields filter and sort like fields (`waitingForMe=true`)
    Object.hasOwn(s.computed ?? {}, name);

  /**
   * Checks a dotted path (`type.code`, `employee.gfirstName`, `status.code.in`) from `s`: the head
   * is a field; a reference's next segment, unless an operator, is a field of its target; an
   * embedded value's next segment is one of its fields.
   */
  const pathProblem = (s: EntitySchema, path: string): string | undefined => {
    const [head, next] = path.split('.') as [string, string | undefined];
    if (!hasField(s, head)) return noField(s, head);
    const fd = fieldOf(s, head);
    if (!fd || next === undefined || OPERATORS.has(next)) return undefined;
    if (fd.fields)
      return next in fd.fields
        ? undefined
        : `${s.name}.${head} has no field "${next}"${didYouMean(next, Object.keys(fd.fields))}`;
    const target = fd.target ? byName.get(fd.target) : undefined;
    if (target && !hasField(target, next)) return noField(target, next);
    return undefined;
  };

  // the collection a `via` path ends at: `client` -> clients, `project.payerClient` -> clients
  const viaTarget = (s: EntitySchema, via: string): string | undefined => {
    let at: EntitySchema | undefined = s;
    let target: string | undefined;
    for (const step of via.split('.')) {
      target = at ? fieldOf(at, step)?.target : undefined;
      at = target ? byName.get(target) : undefined;
    }
    return target;
  };

  for (const s of schemas) {
    const at = (key: string, problem: string) => problems.push(`schema ${s.name}: ${key}, but ${problem}`);
    const filterKeys = (key: string, target: EntitySchema, filter: FilterSpec | undefined) => {
      for (const k of Object.keys(filter ?? {})) {
        const p = pathProblem(target, k);
        if (p) at(`${key} filters on ${k}`, p);
      }
    };

    const noModule = (m: string) => `no such privilege module${didYouMean(m, modules)}`;
    const noCollection = (c: string) => `no such collection is registered${didYouMean(c, byName.keys())}`;
    if (typeof s.module === 'string' && !modules.has(s.module)) at(`module "${s.module}"`, noModule(s.module));
    for (const m of s.rowModules ?? []) {
      if (!modules.has(m.module)) at(`row module "${m.module}"`, noModule(m.module));
      // the paths its condition compares (a typo would otherwise be a 500 on the first read)
      const paths: string[] = [];
      const walk = (c: AccessCondition): void => {
        if (typeof c === 'boolean') return;
        if ('and' in c) c.and.forEach(walk);
        else if ('or' in c) c.or.forEach(walk);
        else if ('not' in c) walk(c.not);
        else if ('path' in c) paths.push(c.path);
      };
      walk(m.when);
      for (const path of paths) {
        const p = pathProblem(s, path);
        if (p) at(`row module "${m.module}" compares ${path}`, p);
      }
    }

    for (const [name, fd] of Object.entries(s.fields)) {
      if (fd.dictionary !== undefined && !dictionaries.has(fd.dictionary))
        at(
          `field ${name} uses dictionary "${fd.dictionary}"`,
          `no such dictionary is declared${didYouMean(fd.dictionary, dictionaries)}`,
        );
      if (fd.target === undefined) continue;
      const target = byName.get(fd.target);
      if (!target) {
        at(`field ${name} refers to "${fd.target}"`, noCollection(fd.target));
        continue;
      }
      if (fd.via !== undefined) {
        const via = fieldOf(target, fd.via);
        if (!via || via.target !== s.name)
          at(
            `field ${name} lists ${target.name} via "${fd.via}"`,
            `${target.name} has no reference "${fd.via}" to ${s.name}`,
          );
      }
      if (fd.optionText !== undefined && !hasField(target, fd.optionText))
        at(`field ${name} shows option text "${fd.optionText}"`, noField(target, fd.optionText));
      filterKeys(`field ${name}`, target, fd.filter);
    }

    for (const [pname, projection] of Object.entries(s.projections)) {
      for (const [ref, embed] of Object.entries(projection.embed ?? {})) {
        const fd = fieldOf(s, ref);
        const target = fd?.target ? byName.get(fd.target) : undefined;
        if (!target) {
          // unknown targets are reported with the field; a non-reference cannot be embedded
          if (fd && !fd.target) at(`projection ${pname} embeds ${ref}`, `${ref} is not a reference`);
          continue;
        }
        if (embed === undefined) continue;
        if (typeof embed === 'string') {
          if (!target.projections[embed])
            at(`projection ${pname} embeds ${ref} as "${embed}"`, `${target.name} has no projection "${embed}"`);
        } else {
          for (const name of embed)
            if (!hasField(target, name)) at(`projection ${pname} embeds ${ref}.${name}`, noField(target, name));
        }
      }
    }

    for (const path of [...s.search, ...(s.defaultSort ?? []).map(([p]) => p)]) {
      const p = pathProblem(s, path);
      if (p) at(`search or sort names ${path}`, p);
    }
    for (const name of (s.recordRepresentation ?? '').match(/%\{([^}]+)\}/g) ?? []) {
      const p = pathProblem(s, name.slice(2, -1));
      if (p) at(`recordRepresentation names ${name}`, p);
    }
    if (s.globalSearch) {
      if (s.preset) at('globalSearch', 'a preset has no table of its own to index');
      if (s.globalSearch.fields.length === 0) at('globalSearch', 'it names no field');
      for (const name of s.globalSearch.fields) {
        const fd = fieldOf(s, name);
        if (!fd || !GLOBAL_SEARCH_TYPES.includes(fd.type))
          at(`globalSearch names ${name}`, `that is not a text field of ${s.name} (${GLOBAL_SEARCH_TYPES.join(', ')})`);
      }
      // a result is shown by its representation, read from the row's own columns
      const shown = (s.recordRepresentation ?? '').includes('%{')
        ? [...(s.recordRepresentation ?? '').matchAll(/%\{([^}]+)\}/g)].map((m) => m[1]!)
        : [s.recordRepresentation ?? 'id'];
      for (const name of shown) {
        // an unknown path is reported with the representation above
        if (pathProblem(s, name)) continue;
        const fd = fieldOf(s, name);
        if (name !== 'id' && (!fd || shapeOf(fd) !== 'scalar'))
          at(`globalSearch shows recordRepresentation ${name}`, 'a search result reads only scalar columns of its own');
      }
    }
    filterKeys('list defaultFilter', s, listDefaultFilter(s));
    filterKeys('list fixedFilter', s, s.list?.fixedFilter);
    filterKeys('pickListFilter', s, s.pickListFilter);
    for (const f of s.list?.filters ?? []) {
      if (f.source === 'search') continue;
      const p = pathProblem(s, f.source);
      if (p) at(`list filter ${f.source}`, p);
    }
    if (s.list?.projection && !s.projections[s.list.projection])
      at(`list projection "${s.list.projection}"`, `${s.name} has no such projection`);

    for (const tab of s.show?.tabs ?? []) {
      if (tab.module !== undefined && !modules.has(tab.module))
        at(`show tab ${tab.name} needs module "${tab.module}"`, noModule(tab.module));
      const rel = tab.related;
      if (!rel) continue;
      const target = byName.get(rel.collection);
      if (!target) {
        if (!rel.optional) at(`show tab ${tab.name} lists "${rel.collection}"`, noCollection(rel.collection));
        continue;
      }
      filterKeys(`show tab ${tab.name}`, target, rel.filter);
      if (viaTarget(target, rel.via) !== s.name)
        at(
          `show tab ${tab.name} lists ${target.name} via "${rel.via}"`,
          `${target.name} has no reference "${rel.via}" to ${s.name}`,
        );
      for (const c of rel.columns ?? [])
        if (!hasField(target, c.split('.')[0]!))
          at(`show tab ${tab.name} shows column ${c}`, noField(target, c.split('.')[0]!));
      if (rel.projection && !target.projections[rel.projection])
        at(`show tab ${tab.name} uses projection "${rel.projection}"`, `${target.name} has no such projection`);
      // a filled child field is a reference to what the parent's path reaches
      for (const [field, path] of Object.entries(rel.fill ?? {})) {
        const want = fieldOf(target, field)?.target;
        if (!want || viaTarget(s, path) !== want)
          at(
            `show tab ${tab.name} fills ${target.name}.${field} from "${path}"`,
            `${s.name}.${path} is no ${want ?? 'reference'}`,
          );
      }
    }

    if (s.preset) {
      const target = byName.get(s.preset.collection);
      if (!target) at(`preset over "${s.preset.collection}"`, noCollection(s.preset.collection));
      else filterKeys('preset', target, s.preset.filter);
    }

    if (s.status) {
      // every code the status names must be an entry its dictionary declares
      const st = s.status;
      const dictionary = fieldOf(s, st.field)?.dictionary;
      const codes = dictionary === undefined ? undefined : names.dictionaryCodes?.get(dictionary);
      if (dictionary !== undefined && codes && codes.length > 0) {
        const known = new Set(codes);
        const unknown = (key: string, code: number) => {
          if (!known.has(code))
            at(
              `status ${key} names code ${code}`,
              `${dictionary} has no entry with that code (it has ${codes.join(', ')})`,
            );
        };
        unknown('initial', st.initial);
        st.transitions.forEach((t, i) => {
          for (const c of t.from) unknown(`transition ${i + 1} from`, c);
          for (const c of t.to) unknown(`transition ${i + 1} to`, c);
        });
        for (const c of Object.keys(st.readOnlyIn ?? {})) unknown('readOnlyIn', Number(c));
        for (const c of [...(st.board?.columns ?? []), ...(st.board?.targets ?? [])]) unknown('board', c);
      }
    }

    if (s.verification) {
      const v = s.verification;
      const fd = fieldOf(s, v.chainField);
      if (fd?.type !== 'ref' || fd.target !== 'verificationChains' || !fd.readOnly)
        at(`verification keeps its chain in "${v.chainField}"`, 'that is not a read-only ref to verificationChains');
      const other = schemas.find((o) => o !== s && o.verification?.ownerType === v.ownerType);
      if (other) at(`verification owner type ${v.ownerType}`, `${other.name} declares it too`);
    }
    // the records that go to the trash with one of this entity: references to it from entities with a trash
    for (const along of typeof s.trash === 'object' ? (s.trash.along ?? []) : []) {
      const [collection, field, ...rest] = along.split('.');
      const other = byName.get(collection ?? '');
      const fd = other && field ? fieldOf(other, field) : undefined;
      if (!other || !field || rest.length > 0) at(`trash takes "${along}" along`, 'that is not <collection>.<field>');
      else if (!other.trash) at(`trash takes "${along}" along`, `${other.name} has no trash`);
      else if (!fd || !isToOne(fd) || fd.target !== s.name)
        at(`trash takes "${along}" along`, `that is not a reference of ${other.name} to ${s.name}`);
    }
  }
  return problems;
}

/**
 * Checks the registry (see {@link registryProblems}) and throws on the first problems.
 *
 * @throws Error listing every problem, one per line, each naming the schema and the key, e.g.
 *   `schema clients: field country uses dictionary "CONTRY", but no such dictionary is declared`
 */
export function checkRegistry(schemas: readonly EntitySchema[], names: RegistryNames): void {
  const problems = registryProblems(schemas, names);
  if (problems.length > 0) throw new Error(`The schema registry is inconsistent:\n${problems.join('\n')}`);
}
