/**
 * The import rules of the rooms (docs/architecture.md, "The rooms"), checked by
 * `scripts/imports.test.ts` and shown by `npm run imports`:
 * - no import cycle anywhere in the product's code;
 * - the generic rooms (the schema machinery, the generic service, the generated views, the data
 *   provider) never import an area's folder: areas register into them, through the registries
 *   (`schemas/entities.ts` and `schemas/index.ts`, `schemas/dictionaryTypes.ts`, `server/app.ts`,
 *   `src/app/`), never the other way round. The entity DSL's modules (`schemas/define/`) are
 *   schema machinery too.
 */
const GENERIC_FROM =
  '^(server/rest/|src/resources/|dataProvider/|schemas/fieldTypes/|schemas/define/|schemas/(?!(index|entities|dictionaryTypes)\\.ts)[^/]+\\.ts$)';
const GENERIC_TO = [
  '^schemas/[^/]+\\.ts$',
  '^schemas/fieldTypes/',
  '^schemas/define/',
  '^server/(rest|db|auth|history|statuses|plugins|jobs|trash|openapi|transfer|exports|files|search|views|test)/',
  '^server/(config|define)\\.ts$',
  '^src/(resources|widgets|i18n|shell|access|auth|trash|test)/',
  '^dataProvider/',
];

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'an import cycle: break it by moving the shared part down, or by registering instead of importing',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'generic-imports-area',
      comment: 'a generic room imports an area: let the area register into the generic room instead',
      severity: 'error',
      from: { path: GENERIC_FROM },
      to: { path: '^(server|src|schemas)/', pathNot: GENERIC_TO },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^node_modules/|\\.test\\.tsx?$|^dist/|^server/test/)' },
  },
};
