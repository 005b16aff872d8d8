import { useEffect, useMemo, useState } from 'react';
import type { SvgIconComponent } from '@mui/icons-material';
import { loadIcons } from 'virtual:schema-icons';

type IconSet = Record<string, SvgIconComponent>;
/** The icon component of a schema's `icon` name (`Folder` for a schema without one). */
type IconFor = (name: string | undefined) => SvgIconComponent;

let loaded: IconSet | undefined;
let loading: Promise<IconSet> | undefined;

/** Loads the menu icons the registry names (one chunk, built by `scripts/schemaIcons.ts`). */
const load = (): Promise<IconSet> => (loading ??= loadIcons().then((set) => (loaded = set)));

/**
 * The menu icons by the schemas' `icon` names: `null` until their chunk has loaded (it is not part
 * of the first load), then `iconFor`. Every name a schema uses is in the set: the build (and
 * `schemaIcons.test.ts`) fails on a name `@mui/icons-material` lacks, naming the schema.
 */
export const useIcons = (): IconFor | null => {
  const [set, setSet] = useState<IconSet | undefined>(loaded);
  useEffect(() => {
    if (set) return;
    let live = true;
    void load().then(
      (s) => live && setSet(s),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [set]);
  // the same function while the set is the same: menu entries keep their icon elements
  return useMemo(() => (set ? (name) => (name && set[name]) || set.Folder! : null), [set]);
};
