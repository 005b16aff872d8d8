/**
 * Where the back button goes (000 §2, 001 §2.11, WID-55..58). Pure: give it the location and the
 * route params, get the target path with its `page` query.
 */

export interface BackLocation {
  pathname: string;
  /** `?from=clientCard&page=2` (leading `?` optional). */
  search: string;
}

/**
 * The back target:
 * - with query `from` (WID-55): the route named by `from` (looked up in `routes`, name -> pattern
 *   like `/clients/:clientId`; an unknown name is used as the pattern itself), its `:params`
 *   filled from `params`;
 * - without (WID-57/58): the path up one segment, two when the path has an odd number of segments;
 * - always `?page=` the current `page` query, default 0 (WID-56).
 * `backTarget({ pathname: '/clients/12/contacts', search: '?page=3' }, {})` -> `/clients?page=3`.
 */
export function backTarget(
  location: BackLocation,
  params: Record<string, string | undefined>,
  routes: Record<string, string> = {},
): string {
  const query = new URLSearchParams(location.search);
  const page = query.get('page') || '0';
  const from = query.get('from');
  let path: string;
  if (from) {
    const pattern = routes[from] ?? (from.startsWith('/') ? from : `/${from}`);
    path = pattern
      .split('/')
      .map((seg) => (seg.startsWith(':') ? encodeURIComponent(params[seg.slice(1).replace(/\?$/, '')] ?? '') : seg))
      .filter((seg, i) => i === 0 || seg !== '')
      .join('/');
  } else {
    const segments = location.pathname.split('/').filter(Boolean);
    const up = segments.length % 2 === 1 ? 2 : 1;
    path = `/${segments.slice(0, Math.max(0, segments.length - up)).join('/')}`;
  }
  return `${path || '/'}?page=${encodeURIComponent(page)}`;
}
