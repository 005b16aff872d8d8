import { describe, expect, it } from 'vitest';
import { entityModules, rowModuleOf } from '../access';
import { PUBLISHER_MODULES } from '../modules';
import { contentPublicationForms } from './contentPublicationForms';
import { contentTags } from './contentTags';

describe('publisher row modules', () => {
  it('a content form needs PUBLISHER_{UPPER(sourceTypeName)}: one row module per content type', () => {
    expect(entityModules(contentPublicationForms).sort()).toEqual([...PUBLISHER_MODULES].sort());
    expect(rowModuleOf(contentPublicationForms, { sourceTypeName: 'news' })).toBe('PUBLISHER_NEWS');
    expect(rowModuleOf(contentPublicationForms, { sourceTypeName: 'podcast' })).toBe('PUBLISHER_PODCAST');
    expect(contentPublicationForms.rowModules).toHaveLength(16);
  });

  it("a content tag needs its form's module", () => {
    expect(rowModuleOf(contentTags, { contentPublicationForm: { sourceTypeName: 'vacancy' } })).toBe(
      'PUBLISHER_VACANCY',
    );
  });
});
