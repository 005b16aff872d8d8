import { servesGenericWrite, type EntitySchema } from '../../schemas/define';
import { XLSX_TYPE } from '../exports/excel';
import { CSV_TYPE, EXPORT_FORMATS } from './export';
import { IMPORT_MAX_BYTES } from './import';
import { NDJSON_TYPE } from './routes';

type Json = Record<string, unknown>;

const upload = (withMapping: boolean): Json => ({
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        properties: {
          file: {
            type: 'string',
            format: 'binary',
            description: `a CSV (UTF-8) or xlsx file of at most ${IMPORT_MAX_BYTES} bytes whose first row names the columns`,
          },
          ...(withMapping
            ? {
                mapping: {
                  type: 'string',
                  description: 'JSON: { "<header>": "<field>" | null }; the proposed mapping when absent',
                },
              }
            : {}),
        },
        required: ['file'],
      },
    },
  },
});

const result: Json = {
  type: 'object',
  properties: {
    total: { type: 'integer' },
    created: { type: 'integer' },
    committed: { type: 'boolean' },
    rejected: {
      type: 'array',
      items: {
        type: 'object',
        properties: { row: { type: 'integer' }, errors: { type: 'array', items: { type: 'object' } } },
      },
    },
  },
};

/**
 * The OpenAPI paths of a collection's export and import (server/transfer/routes.ts):
 * `listParams` are the list's own query parameters (sort, search, filters), which the export takes.
 */
export function transferPaths(schema: EntitySchema, path: string, tag: string, errors: Json, listParams: Json[]): Json {
  const paths: Json = {
    [`${path}/export`]: {
      get: {
        tags: [tag],
        summary: `Export of the ${schema.label.toLowerCase()} list as CSV or xlsx (the list's filters, sort and access)`,
        operationId: `${schema.name}.export`,
        parameters: [
          { name: 'format', in: 'query', required: false, schema: { enum: EXPORT_FORMATS, default: 'xlsx' } },
          ...listParams,
        ],
        responses: {
          '200': {
            description: 'the file, streamed',
            content: {
              [CSV_TYPE]: { schema: { type: 'string' } },
              [XLSX_TYPE]: { schema: { type: 'string', format: 'binary' } },
            },
          },
          '400': errors,
          '401': errors,
          '403': errors,
        },
      },
    },
  };
  if (!servesGenericWrite(schema, 'create')) return paths;
  const refusals = { '400': errors, '401': errors, '403': errors, '413': errors, '415': errors };
  paths[`${path}/import/mapping`] = {
    post: {
      tags: [tag],
      summary: `The header row of a file to import into ${schema.label.toLowerCase()}, and the proposed mapping`,
      operationId: `${schema.name}.importMapping`,
      requestBody: upload(false),
      responses: {
        '200': {
          description: 'headers, mapping (header -> field or null), importable fields, data rows',
          content: { 'application/json': { schema: { type: 'object' } } },
        },
        ...refusals,
      },
    },
  };
  for (const [step, commit] of [
    ['dryRun', false],
    ['commit', true],
  ] as const)
    paths[`${path}/import/${step}`] = {
      post: {
        tags: [tag],
        summary: commit
          ? `Creates every row of the file in one transaction, refused (nothing written) while a row is rejected`
          : `Validates every row of the file as POST ${path} would, and writes nothing`,
        operationId: `${schema.name}.import${commit ? 'Commit' : 'DryRun'}`,
        requestBody: upload(true),
        responses: {
          '200': {
            description: `the result; with Accept: ${NDJSON_TYPE}, progress lines then the result`,
            content: {
              'application/json': { schema: result },
              [NDJSON_TYPE]: { schema: { type: 'string' } },
            },
          },
          ...refusals,
        },
      },
    };
  return paths;
}
