import { describe, expect, it } from 'vitest';
import { registryProblems, type RegistryNames } from './check';
import type { EntitySchema } from './define';
import { DICTIONARY_TYPE_NAMES } from './dictionaryTypes';
import { projects, schemas } from './index';
import { MODULES } from './modules';

/** Related card tabs over collections of areas not built yet (`ShowTab.related.optional`) and fixed filters. */
const names: RegistryNames = { dictionaries: DICTIONARY_TYPE_NAMES, modules: MODULES };
const withTabs = (tabs: NonNullable<EntitySchema['show']>['tabs']): EntitySchema[] =>
  schemas.map((s) => (s.name === projects.name ? { ...projects, show: { tabs } } : s));

describe('related tabs in the registry check', () => {
  it('an optional related tab over an unregistered collection passes; a required one fails', () => {
    const tab = { name: 'invoices', label: 'Invoices', related: { collection: 'invoicez', via: 'project' } };
    expect(registryProblems(withTabs([{ ...tab, related: { ...tab.related, optional: true } }]), names)).toEqual([]);
    expect(registryProblems(withTabs([tab]), names)).toEqual([
      'schema projects: show tab invoices lists "invoicez", but no such collection is registered (did you mean "invoices"?)',
    ]);
  });

  it('an optional related tab over a registered collection is checked like any other', () => {
    const tab = {
      name: 'matters',
      label: 'Matters',
      related: { collection: 'matters', via: 'projekt', optional: true },
    };
    expect(registryProblems(withTabs([tab]), names)).toEqual([
      'schema projects: show tab matters lists matters via "projekt", but matters has no reference "projekt" to projects',
    ]);
  });

  it("a related tab's fixed filter is checked against the listed collection", () => {
    const tab = {
      name: 'tasks',
      label: 'Tasks',
      related: { collection: 'times', via: 'project', filter: { 'workTipe.code': 1 } },
    };
    const [problem] = registryProblems(withTabs([tab]), names);
    expect(problem).toContain('show tab tasks filters on workTipe.code');
  });
});
