/** Types for qs' stringify module on its own (`qs/lib/stringify.js`, the function `qs.stringify`). */
declare module 'qs/lib/stringify' {
  import type { stringify } from 'qs';
  const stringifyOnly: typeof stringify;
  export default stringifyOnly;
}
