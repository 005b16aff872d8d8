/**
 * What the shell knows of every entity before its schema loads (`scripts/schemaManifest.ts`), in
 * the registry's (menu's) order, and how to load each schema.
 */
declare module 'virtual:schema-manifest' {
  import type { EntitySchema } from '../../schemas/define';
  export interface ManifestEntry extends Pick<
    EntitySchema,
    | 'name'
    | 'route'
    | 'label'
    | 'entityName'
    | 'area'
    | 'icon'
    | 'access'
    | 'module'
    | 'rowModules'
    | 'hideFromMenu'
    | 'routeAliases'
  > {
    /** `verification.ownerType` of the entity, when its documents go through a verification chain. */
    verificationOwnerType?: string;
    /** The other entities the schema names (targets, related tabs, preset); their closure loads with it. */
    deps: string[];
    /** Imports the declaring file; resolves to the schema. */
    load: () => Promise<EntitySchema>;
  }
  export const manifest: readonly ManifestEntry[];
}
