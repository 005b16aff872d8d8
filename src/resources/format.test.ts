import { afterEach, describe, expect, it } from 'vitest';
import { f } from '../../schemas/define';
import { setActiveLocale } from '../i18n/activeLocale';
import { cellRender } from './fieldTypes/display';
import { getNamePath, localNamePath, representRecord } from './format';

afterEach(() => setActiveLocale('en'));

const country = { id: 7, gname: 'Kazakhstan', lname: 'Казахстан' };
const employee = { id: 3, gfirstName: 'Ada', glastName: 'Lovelace', lfirstName: 'Ада', llastName: '' };

describe('global and local names by the user language', () => {
  it('the local counterpart of a global name path', () => {
    expect(localNamePath('gname')).toBe('lname');
    expect(localNamePath('country.gfirstName')).toBe('country.lfirstName');
    expect(localNamePath('date')).toBeUndefined();
    expect(localNamePath('gte')).toBe('lte'); // only used where the record has it: getNamePath
  });

  it('English shows the global name everywhere', () => {
    expect(representRecord('gname', country)).toBe('Kazakhstan');
    expect(representRecord('%{gfirstName} %{glastName}', employee)).toBe('Ada Lovelace');
    expect(getNamePath({ client: country }, 'client.gname')).toBe('Kazakhstan');
  });

  it('Russian shows the local name where the record has one, else the global one', () => {
    setActiveLocale('ru');
    expect(representRecord('gname', country)).toBe('Казахстан');
    expect(representRecord('%{gfirstName} %{glastName}', employee)).toBe('Ада Lovelace');
    expect(representRecord('gname', { id: 1, gname: 'Acme', lname: null })).toBe('Acme');
    expect(getNamePath({ client: country }, 'client.gname')).toBe('Казахстан');
    expect(getNamePath({ gte: '2026-01-01', lte: '2026-12-31' }, 'date')).toBeUndefined();
  });

  it('a list cell of the global name shows the local one in Russian, unless the list has a local column', () => {
    setActiveLocale('ru');
    expect(cellRender('gname', f.text())!(country)).toBe('Казахстан');
    expect(cellRender('gname', f.text(), { localShown: true })!(country)).toBe('Kazakhstan');
    setActiveLocale('en');
    expect(cellRender('gname', f.text())!(country)).toBe('Kazakhstan');
  });
});
