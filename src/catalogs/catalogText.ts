import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { CATALOG_TEXT_EN, type CatalogText } from './catalogModel';

/**
 * The names of the explorer's own folders ("All materials", "No client", ...) in the user's
 * language, from `bureau.catalogs.*`, for `catalogTree` and `matterLabel`.
 */
export const useCatalogText = (): CatalogText => {
  const translate = useTranslate();
  return useMemo(
    () => ({
      all: translate('bureau.catalogs.all_materials', { _: CATALOG_TEXT_EN.all }),
      noClient: translate('bureau.catalogs.no_client', { _: CATALOG_TEXT_EN.noClient }),
      noMatter: translate('bureau.catalogs.no_matter', { _: CATALOG_TEXT_EN.noMatter }),
      notFiled: translate('bureau.catalogs.not_filed', { _: CATALOG_TEXT_EN.notFiled }),
      matter: (id) => translate('bureau.catalogs.matter_n', { id, _: CATALOG_TEXT_EN.matter(id) }),
    }),
    [translate],
  );
};
