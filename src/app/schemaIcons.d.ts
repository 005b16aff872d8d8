/** The menu icons the registry names (`scripts/schemaIcons.ts`), loaded in their own chunk. */
declare module 'virtual:schema-icons' {
  import type { SvgIconComponent } from '@mui/icons-material';
  export const loadIcons: () => Promise<Record<string, SvgIconComponent>>;
}
