/**
 * The folders the catalogs page shows (DICT-35): shared materials arranged as a tree, either by
 * client then matter, or by storage folder. Pure functions, so the page only draws the tree.
 */

/** A shared material as `GET /matterSharedMaterials?projection=full` reads it (the fields used here). */
export interface SharedMaterial {
  id: number;
  name: string;
  file?: { id: number; name?: string; contentType?: string; size?: number } | null;
  matter?: { id: number; number?: string | null; description?: string | null } | null;
  folder?: { id: number; name?: string | null } | null;
  clientId?: number | null;
  clientName?: string | null;
  year?: number | null;
}

/** A storage folder as `GET /storageFolders?projection=full` reads it. */
export interface StorageFolder {
  id: number;
  name: string;
  parent?: { id: number } | null;
}

/** One folder of the explorer: its sub-folders, its own materials, and how many materials it holds in all. */
export interface CatalogNode {
  key: string;
  label: string;
  children: CatalogNode[];
  materials: SharedMaterial[];
  total: number;
}

export type Grouping = 'client' | 'folder';

/** The names of the explorer's own folders, in the user's language (English by default). */
export interface CatalogText {
  all: string;
  noClient: string;
  noMatter: string;
  notFiled: string;
  /** A matter with neither number nor description. */
  matter: (id: number) => string;
}

export const CATALOG_TEXT_EN: CatalogText = {
  all: 'All materials',
  noClient: 'No client',
  noMatter: 'No matter',
  notFiled: 'Not filed',
  matter: (id) => `Matter ${id}`,
};

const byLabel = (a: CatalogNode, b: CatalogNode) => a.label.localeCompare(b.label);
const byName = (a: SharedMaterial, b: SharedMaterial) => a.name.localeCompare(b.name);

const node = (key: string, label: string): CatalogNode => ({ key, label, children: [], materials: [], total: 0 });

/** Sorts a tree and fills in each folder's `total`. */
function finish(n: CatalogNode): CatalogNode {
  n.children.forEach(finish);
  n.children.sort(byLabel);
  n.materials.sort(byName);
  n.total = n.materials.length + n.children.reduce((s, c) => s + c.total, 0);
  return n;
}

/** How a matter is named in the explorer: its number and description. */
export const matterLabel = (m: SharedMaterial['matter'], text: CatalogText = CATALOG_TEXT_EN): string =>
  m ? [m.number, m.description].filter(Boolean).join(' ') || text.matter(m.id) : text.noMatter;

/** Client > matter > materials; a matter whose project has no client sits under "No client". */
function byClient(materials: readonly SharedMaterial[], text: CatalogText): CatalogNode {
  const root = node('root', text.all);
  const clients = new Map<string, CatalogNode>();
  const matters = new Map<string, CatalogNode>();
  for (const m of materials) {
    const ck = `client-${m.clientId ?? 'none'}`;
    let client = clients.get(ck);
    if (!client) {
      client = node(ck, m.clientName ?? text.noClient);
      clients.set(ck, client);
      root.children.push(client);
    }
    const mk = `${ck}/matter-${m.matter?.id ?? 'none'}`;
    let matter = matters.get(mk);
    if (!matter) {
      matter = node(mk, matterLabel(m.matter, text));
      matters.set(mk, matter);
      client.children.push(matter);
    }
    matter.materials.push(m);
  }
  return finish(root);
}

/**
 * The storage folders as a tree with their materials; folders holding no material anywhere below
 * are left out (the filters decide what is shown), materials without a folder go to "Not filed".
 */
function byFolder(
  materials: readonly SharedMaterial[],
  folders: readonly StorageFolder[],
  text: CatalogText,
): CatalogNode {
  const root = node('root', text.all);
  const nodes = new Map(folders.map((f) => [f.id, node(`folder-${f.id}`, f.name)]));
  const unfiled = node('unfiled', text.notFiled);
  for (const m of materials) (nodes.get(m.folder?.id ?? -1) ?? unfiled).materials.push(m);
  for (const f of folders) {
    const parent = f.parent ? nodes.get(f.parent.id) : undefined;
    (parent ?? root).children.push(nodes.get(f.id)!);
  }
  if (unfiled.materials.length > 0) root.children.push(unfiled);
  finish(root);
  const prune = (n: CatalogNode) => {
    n.children = n.children.filter((c) => c.total > 0);
    n.children.forEach(prune);
  };
  prune(root);
  return root;
}

/** The explorer's tree of `materials` for the chosen grouping. */
export const catalogTree = (
  materials: readonly SharedMaterial[],
  grouping: Grouping,
  folders: readonly StorageFolder[] = [],
  text: CatalogText = CATALOG_TEXT_EN,
): CatalogNode => (grouping === 'folder' ? byFolder(materials, folders, text) : byClient(materials, text));

/**
 * The folders from the root down to the one at `path` (a list of keys), stopping where a key no
 * longer exists (after a filter change): the first item is always the root.
 */
export function openPath(root: CatalogNode, path: readonly string[]): CatalogNode[] {
  const trail = [root];
  for (const key of path) {
    const next = trail[trail.length - 1]!.children.find((c) => c.key === key);
    if (!next) break;
    trail.push(next);
  }
  return trail;
}
