import { LOOKUP_PROJECTION } from '../../schemas/lookup';
import { LANGUAGES } from '../../schemas/languages';
import { BULK_MAX_IDS } from '../rest/bulk';
import type { EntityAction, EntitySchema, Field } from '../../schemas/define';
import {
  actionPathParams,
  actionUrl,
  humanize,
  isColumnField,
  isToOne,
  hasTrash,
  servesGenericWrite,
  shapeOf,
  STORED_FILES,
} from '../../schemas/define';
import { jsonSchemaOf, typeModule } from '../../schemas/fieldTypes/index';
import { storedSchemas } from '../../schemas/index';
import { collectionPath } from '../rest/values';
import { storedFilesOperations } from '../files/openapi';
import { XLSX_TYPE } from '../exports/excel';
import {
  SEARCH_DEFAULT_SIZE,
  SEARCH_MAX_LENGTH,
  SEARCH_MAX_SIZE,
  SEARCH_MAX_WORDS,
  SEARCH_PATH,
} from '../search/service';
import { transferPaths } from '../transfer/openapi';
import { EXPORT_JOB_ROWS, exportPath } from '../exports/routes';
import { documentPaths } from '../documents/openapi';
import { STATUS_CHANGE, statusPaths, statusWriteNote } from './statuses';

/**
 * The OpenAPI 3.1 document of the generic collection API, generated from the schemas
 * (served at `GET /core/api/openapi.json`, public).
 */

type Json = Record<string, unknown>;
const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });

/** A HAL page of `items` under `_embedded.<key>`, with its links and page numbers. */
const halPageSchema = (key: string, items: Json): Json => ({
  type: 'object',
  properties: {
    _embedded: { type: 'object', properties: { [key]: { type: 'array', items } } },
    _links: { type: 'object' },
    page: ref('Page'),
  },
});

/** JSON Schema of one field on the wire, from its type module (`schemas/fieldTypes/`). */
export const fieldSchema = (fd: Field): Json => jsonSchemaOf(fd, ref);

function entitySchema(schema: EntitySchema): Json {
  const properties: Json = {
    id: { type: 'integer', readOnly: true },
    [schema.lockProperty]: { type: 'integer', description: 'optimistic lock; also sent as ETag' },
    createdDate: { type: 'string', format: 'date-time', readOnly: true },
    lastModifiedDate: { type: 'string', format: 'date-time', readOnly: true },
    createdBy: { type: ['string', 'null'], readOnly: true },
    lastModifiedBy: { type: ['string', 'null'], readOnly: true },
  };
  for (const [name, fd] of Object.entries(schema.fields)) properties[name] = fieldSchema(fd);
  // computed fields: read-only values of the database (EntityConfig.computed), filterable and sortable
  for (const [name, c] of Object.entries(schema.computed ?? {}))
    properties[name] = { ...fieldSchema({ type: c.type, integer: c.integer, label: c.label }), readOnly: true };
  const required = Object.entries(schema.fields)
    .filter(([, fd]) => fd.required)
    .map(([n]) => n);
  return { type: 'object', title: schema.entityName, additionalProperties: false, properties, required };
}

const param = (name: string, description: string, schema: Json = { type: 'string' }): Json => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
});

function filterParams(schema: EntitySchema): Json[] {
  const named = Object.entries(schema.queryFilters ?? {}).map(([name, qf]) =>
    param(name, `${humanize(name)} (a ${qf.type}; a filter of its own, not the field's equality)`),
  );
  return [
    ...named,
    ...fieldFilterParams(schema).filter((p) => !Object.hasOwn(schema.queryFilters ?? {}, p.name as string)),
  ];
}

function fieldFilterParams(schema: EntitySchema): Json[] {
  const out: Json[] = [];
  for (const [name, fd] of Object.entries(schema.fields)) {
    const filter = typeModule(fd).filter;
    if (!filter || !isColumnField(fd) || shapeOf(fd) === 'embedded') continue;
    if (shapeOf(fd) === 'toOne') {
      out.push(
        param(
          `${name}.id`,
          `${humanize(name)} id (aliases ${name}Id, ${name}); also .in/.nin/.ne/.isNull, and paths through ${fd.target}`,
        ),
      );
      if (fd.dictionary) out.push(param(`${name}.code`, `${humanize(name)} dictionary code; also .in/.nin/.ne`));
    } else {
      const ops = filter.ops.filter((op) => op !== 'eq').map((op) => `${name}.${op}`);
      out.push(param(name, `equals; also ${ops.join('/')}`));
    }
  }
  return out;
}

const errors = { $ref: '#/components/responses/Error' };

/** One field error of an error answer (a 400's validation, a 409's conflicting field). */
const FIELD_ERROR = {
  type: 'object',
  properties: {
    entity: { type: 'string' },
    property: { type: 'string' },
    invalidValue: {},
    message: { type: 'string' },
  },
};

/** The JSON Schema of an action's input: its fields, those `required` listed. */
function inputSchemaOf(action: EntityAction): Json {
  const fields = Object.entries(action.input ?? {});
  return {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(fields.map(([k, fd]) => [k, fieldSchema(fd)])),
    required: fields.filter(([, fd]) => fd.required).map(([k]) => k),
  };
}

/** The paths of the schema's actions (`item`: `<path>/{id}/<name>`, `collection`: `<path>/<name>`). */
function actionPaths(schema: EntitySchema, path: string, id: Json, tag: string): Json {
  const out: Record<string, Json> = {};
  for (const [name, action] of Object.entries(schema.actions ?? {})) {
    const url = actionUrl(path, name, action).replace(/:(\w+)/g, '{$1}');
    const inPath = actionPathParams(action);
    const ops: Json = {};
    for (const method of action.methods ?? ['POST']) {
      ops[method.toLowerCase()] = {
        tags: [tag],
        summary: action.summary ?? `${name} (${action.level} action)`,
        operationId: `${schema.name}.${name}.${method.toLowerCase()}`,
        // a GET action reads its input and the list's filters from the query string; other methods take a body
        ...(method === 'GET'
          ? {
              parameters: [
                ...(action.level === 'item' ? [id] : []),
                ...Object.entries(action.input ?? {}).map(([k, fd]) => ({
                  name: k,
                  in: inPath.includes(k) ? 'path' : 'query',
                  required: fd.required === true || inPath.includes(k),
                  schema: isToOne(fd) ? { type: 'integer' } : fieldSchema(fd),
                })),
                // a collection GET action also reads the list's filters (its totals follow them)
                ...(action.level === 'collection'
                  ? [
                      param('search', `case-insensitive contains over ${schema.search.join(', ') || '(nothing)'}`),
                      ...filterParams(schema).filter((p) => !((p as { name: string }).name in (action.input ?? {}))),
                    ]
                  : []),
              ],
            }
          : {
              parameters: [
                ...(action.level === 'item' ? [id] : []),
                ...inPath.map((k) => ({ name: k, in: 'path', required: true, schema: fieldSchema(action.input![k]!) })),
              ],
              requestBody: { required: false, content: { 'application/json': { schema: inputSchemaOf(action) } } },
            }),
        responses: {
          [String(action.status ?? 200)]: { description: 'the action result', content: { 'application/json': {} } },
          '204': { description: 'done, nothing to answer' },
          '400': { content: { 'application/json': { schema: ref('ValidationError') } } },
          '401': errors,
          '403': errors,
          ...(action.level === 'item' ? { '404': errors } : {}),
          '409': errors,
        },
      };
    }
    out[url] = ops;
  }
  return out;
}

/** `POST /core/api/excel/generate/<name>`: the list's query parameters, the columns chosen, an xlsx back. */
function excelOperation(schema: EntitySchema, tag: string, errors: Json): Json {
  const columns = schema.excel?.columns ?? schema.list?.columns ?? [];
  return {
    post: {
      tags: [tag],
      summary: `Excel export of the ${schema.label.toLowerCase()} list (${schema.excel!.fileName})`,
      operationId: `${schema.name}.excel`,
      parameters: [
        { ...param('sort', 'prop,asc|desc; repeatable', { type: 'array', items: { type: 'string' } }), explode: true },
        param('search', `case-insensitive contains over ${schema.search.join(', ') || '(nothing)'}`),
        ...filterParams(schema),
      ],
      requestBody: {
        required: false,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              additionalProperties: false,
              properties: {
                columns: {
                  type: 'array',
                  minItems: 1,
                  maxItems: columns.length,
                  items: {
                    type: 'object',
                    additionalProperties: false,
                    properties: { source: { enum: columns }, title: { type: 'string', maxLength: 200 } },
                    required: ['source'],
                  },
                },
              },
            },
          },
        },
      },
      responses: {
        '200': {
          description: `the xlsx file (${schema.excel!.fileName})`,
          content: { [XLSX_TYPE]: { schema: { type: 'string', format: 'binary' } } },
        },
        '202': {
          description: `more than ${EXPORT_JOB_ROWS} rows: the export runs as a job of the user's, named by Location (docs/api.md "Jobs")`,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  message: { type: 'string' },
                  job: { type: 'object', properties: { id: { type: 'integer' }, href: { type: 'string' } } },
                },
              },
            },
          },
        },
        '400': errors,
        '401': errors,
        '403': errors,
      },
    },
  };
}

/** The answer of the global search (server/search/service.ts `SearchResult`). */
function searchResultSchema(): Json {
  return {
    type: 'object',
    description: 'records found, one group per collection with a hit (docs/api.md "Global search")',
    properties: {
      query: { type: 'string' },
      groups: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            collection: { type: 'string' },
            route: { type: 'string', description: 'the SPA route segment of its pages' },
            label: { type: 'string' },
            icon: { type: 'string', description: 'an @mui/icons-material export name' },
            items: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  id: { type: 'integer' },
                  representation: { type: 'string' },
                  rank: { type: 'number', description: 'ts_rank of the record, higher is better' },
                  _links: { type: 'object' },
                },
                required: ['id', 'representation', 'rank'],
              },
            },
          },
          required: ['collection', 'route', 'label', 'items'],
        },
      },
    },
    required: ['query', 'groups'],
  };
}

/** `GET /core/api/search`: the global search over the schemas declaring `globalSearch`. */
function searchOperation(searchable: EntitySchema[], errors: Json): Json {
  return {
    get: {
      tags: ['Search'],
      summary: 'Search the records of every collection the user may list by words and word prefixes',
      operationId: 'search',
      parameters: [
        {
          ...param(
            'q',
            `the words, each matched as a prefix (1 to ${SEARCH_MAX_WORDS} words, at most ${SEARCH_MAX_LENGTH} characters)`,
            {
              type: 'string',
              minLength: 1,
              maxLength: SEARCH_MAX_LENGTH,
            },
          ),
          required: true,
        },
        param('size', 'hits per collection', {
          type: 'integer',
          minimum: 1,
          maximum: SEARCH_MAX_SIZE,
          default: SEARCH_DEFAULT_SIZE,
        }),
        param('collections', `comma-separated, among: ${searchable.map((s) => s.name).join(', ')} (default all)`),
      ],
      responses: {
        '200': { description: 'the hits', content: { 'application/json': { schema: ref('SearchResult') } } },
        '400': errors,
        '401': errors,
      },
    },
  };
}

/** The answer of `POST <collection>/bulk` (server/rest/bulk.ts). */
const BULK_RESULT: Json = {
  type: 'object',
  description: 'counts, then one result per id in the order sent (docs/api.md "Bulk changes")',
  properties: {
    ok: { type: 'integer' },
    refused: { type: 'integer' },
    results: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          ok: { type: 'boolean' },
          status: { type: 'integer', description: 'a refusal: the status a single request would get' },
          message: { type: 'string' },
          errors: { type: 'array', items: FIELD_ERROR },
        },
        required: ['id', 'ok'],
      },
    },
  },
  required: ['ok', 'refused', 'results'],
};

/** `POST <collection>/bulk`: one patch of the schema's `bulk.fields`, status move or delete over a selection. */
function bulkOperation(schema: EntitySchema, tag: string, std: Json): Json {
  const entity = entitySchema(schema) as { properties?: Record<string, Json> };
  const fields = schema.bulk?.fields ?? [];
  const operations = [
    ...(fields.length ? ['`patch` (of ' + fields.join(', ') + ')'] : []),
    ...(schema.status ? ['`transition`'] : []),
    ...(servesGenericWrite(schema, 'delete') ? ['`delete`'] : []),
  ];
  return {
    post: {
      tags: [tag],
      summary: `Change a selection of ${schema.label.toLowerCase()} at once, each as its own request would (the update privilege)`,
      description:
        `Exactly one of ${operations.join(', ') || '(none for this collection)'}. Each id goes through the single ` +
        'PATCH, transition or DELETE of its record, under its own savepoint: a refused id is reported with the status, ' +
        'message and field errors its own request would get, the others are kept. 400 for a body that is not a bulk request.',
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              additionalProperties: false,
              required: ['ids'],
              properties: {
                ids: {
                  type: 'array',
                  minItems: 1,
                  maxItems: BULK_MAX_IDS,
                  uniqueItems: true,
                  items: { type: 'integer', minimum: 1 },
                },
                ...(fields.length
                  ? {
                      patch: {
                        type: 'object',
                        additionalProperties: false,
                        minProperties: 1,
                        properties: Object.fromEntries(fields.map((f) => [f, entity.properties?.[f] ?? {}])),
                      },
                    }
                  : {}),
                ...(schema.status
                  ? {
                      transition: {
                        type: 'object',
                        additionalProperties: false,
                        required: ['to'],
                        properties: {
                          to: { oneOf: [{ type: 'integer', description: 'the target code' }, ref('Reference')] },
                          comment: { anyOf: [{ type: 'string', maxLength: 1000 }, { type: 'null' }] },
                        },
                      },
                    }
                  : {}),
                ...(servesGenericWrite(schema, 'delete') ? { delete: { const: true } } : {}),
              },
            },
          },
        },
      },
      responses: {
        '200': { content: { 'application/json': { schema: ref('BulkResult') } } },
        ...std,
      },
    },
  };
}

/** Builds the whole document for the stored schemas. */
export function buildOpenApi(schemas: EntitySchema[] = storedSchemas(), serverUrl = '/'): Json {
  const paths: Json = {};
  const components: Json = {
    Reference: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
    StoredFile: {
      type: 'object',
      description: 'an uploaded file (GET /core/api/storedFiles/{id}/content downloads it)',
      properties: {
        id: { type: 'integer' },
        name: { type: 'string', readOnly: true },
        contentType: { type: 'string', readOnly: true },
        size: { type: 'integer', readOnly: true, description: 'bytes' },
      },
      required: ['id'],
    },
    Page: {
      type: 'object',
      properties: {
        size: { type: 'integer' },
        totalElements: { type: 'integer' },
        totalPages: { type: 'integer' },
        number: { type: 'integer' },
      },
    },
    Error: {
      type: 'object',
      properties: {
        message: { type: 'string' },
        errors: {
          description: 'on a 409 only: the field in conflict (a duplicate unique value), so a form shows it there',
          type: 'array',
          items: FIELD_ERROR,
        },
      },
      required: ['message'],
    },
    HistoryEntry: {
      type: 'object',
      description: 'one write of a record (docs/api.md "History")',
      properties: {
        id: { type: 'integer' },
        action: { enum: ['create', 'update', 'delete'] },
        changedBy: { type: ['string', 'null'] },
        changedAt: { type: 'string', format: 'date-time' },
        changes: {
          type: 'array',
          items: {
            type: 'object',
            properties: { field: { type: 'string' }, before: {}, after: {}, writeOnly: { const: true } },
            required: ['field'],
          },
        },
      },
    },
    StatusChange: STATUS_CHANGE,
    BulkResult: BULK_RESULT,
    ValidationError: {
      type: 'object',
      properties: {
        message: { const: 'Validation failed' },
        errors: {
          type: 'array',
          items: FIELD_ERROR,
        },
      },
    },
  };
  for (const schema of schemas) {
    components[schema.entityName] = entitySchema(schema);
    const path = collectionPath(schema);
    const tag = schema.label;
    const entity = ref(schema.entityName);
    const projection = param(
      'projection',
      `one of: ${Object.keys(schema.projections).join(', ')} (default ${schema.defaultProjection}), or ${LOOKUP_PROJECTION}: the id and representation, for users who write a reference to it (H2-04)`,
      { enum: [...Object.keys(schema.projections), LOOKUP_PROJECTION] },
    );
    const std = {
      '400': { content: { 'application/json': { schema: ref('ValidationError') } } },
      '401': errors,
      '403': errors,
      '404': errors,
    };
    paths[path] = {
      get: {
        tags: [tag],
        summary: `List ${schema.label.toLowerCase()}`,
        parameters: [
          param('page', '0-based page', { type: 'integer', minimum: 0, default: 0 }),
          param('size', 'page size', { type: 'integer', minimum: 1, maximum: 1000, default: 20 }),
          {
            ...param('sort', 'prop,asc|desc; repeatable; nested paths allowed', {
              type: 'array',
              items: { type: 'string' },
            }),
            explode: true,
          },
          projection,
          param('search', `case-insensitive contains over ${schema.search.join(', ') || '(nothing)'}`),
          param(
            'language',
            "the reader's language for translated fields and local names (filters, search, sort); default: the best of Accept-Language, else en",
            { enum: [...LANGUAGES] },
          ),
          ...filterParams(schema),
        ],
        responses: {
          '200': {
            content: {
              'application/hal+json': {
                schema: halPageSchema(schema.name, entity),
              },
            },
          },
          ...std,
        },
      },
      post: {
        tags: [tag],
        summary: `Create a ${schema.entityName}`,
        requestBody: { content: { 'application/json': { schema: entity } } },
        responses: { '201': { content: { 'application/json': { schema: entity } } }, ...std, '409': errors },
      },
    };
    const ifMatch = {
      name: 'If-Match',
      in: 'header',
      required: false,
      schema: { type: 'string' },
      description: 'the version as ETag ("3"); 412 when stale',
    };
    const id = {
      name: 'id',
      in: 'path',
      required: true,
      schema: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    };
    const one = {
      '200': { headers: { ETag: { schema: { type: 'string' } } }, content: { 'application/json': { schema: entity } } },
      ...std,
    };
    paths[`${path}/{id}`] = {
      get: { tags: [tag], parameters: [id, projection], responses: one },
      put: {
        tags: [tag],
        ...(schema.status ? { description: statusWriteNote(schema) } : {}),
        parameters: [id, ifMatch],
        requestBody: { content: { 'application/json': { schema: entity } } },
        responses: { ...one, '409': errors, '412': errors },
      },
      patch: {
        tags: [tag],
        ...(schema.status ? { description: statusWriteNote(schema) } : {}),
        parameters: [id, ifMatch],
        requestBody: { content: { 'application/json': { schema: entity } } },
        responses: { ...one, '409': errors, '412': errors },
      },
      delete: {
        tags: [tag],
        parameters: [id, ifMatch],
        responses: {
          '204': { description: 'deleted' },
          '401': errors,
          '403': errors,
          '404': errors,
          '409': errors,
          '412': errors,
        },
      },
    };
    if (schema.history !== false)
      paths[`${path}/{id}/history`] = {
        get: {
          tags: [tag],
          summary: `The history of a ${schema.entityName}, newest first (the record's own read access)`,
          parameters: [
            id,
            param('page', '0-based page', { type: 'integer', minimum: 0, default: 0 }),
            param('size', 'page size', { type: 'integer', minimum: 1, maximum: 1000, default: 20 }),
          ],
          responses: {
            '200': {
              content: {
                'application/hal+json': {
                  schema: {
                    type: 'object',
                    properties: {
                      _embedded: {
                        type: 'object',
                        properties: { history: { type: 'array', items: ref('HistoryEntry') } },
                      },
                      _links: { type: 'object' },
                      page: ref('Page'),
                    },
                  },
                },
              },
            },
            ...std,
          },
        },
      };
    if (schema.history !== false && servesGenericWrite(schema, 'update'))
      paths[`${path}/{id}/history/{entryId}/revert`] = {
        post: {
          tags: [tag],
          summary: `Take back a recorded change of a ${schema.entityName}, or some of its fields (an edit: the update access, If-Match)`,
          description:
            'Writes the values the entry recorded as `before` for the fields asked (default: every field that can be written back) as a PATCH; the revert is recorded as a new history entry. 409 for a create or delete entry.',
          parameters: [
            id,
            { name: 'entryId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
            ifMatch,
          ],
          requestBody: {
            required: false,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  additionalProperties: false,
                  properties: { fields: { type: 'array', minItems: 1, items: { type: 'string' } } },
                },
              },
            },
          },
          responses: { ...one, '409': errors, '412': errors },
        },
      };
    if (servesGenericWrite(schema, 'update')) paths[`${path}/bulk`] = bulkOperation(schema, tag, std);
    // the trash of an entity with one (server/trash/): judged as a delete
    if (hasTrash(schema)) {
      const page = [
        param('page', '0-based page', { type: 'integer', minimum: 0, default: 0 }),
        param('size', 'page size', { type: 'integer', minimum: 1, maximum: 1000, default: 20 }),
        {
          ...param('sort', 'prop,asc|desc; default: newest deletion first', {
            type: 'array',
            items: { type: 'string' },
          }),
          explode: true,
        },
        projection,
        param('search', `case-insensitive contains over ${schema.search.join(', ') || '(nothing)'}`),
      ];
      const trashed = {
        allOf: [
          entity,
          {
            type: 'object',
            properties: { deletedAt: { type: 'string', format: 'date-time' }, deletedBy: { type: ['string', 'null'] } },
          },
        ],
      };
      const done = { '204': { description: 'done' }, '401': errors, '403': errors, '404': errors, '409': errors };
      paths[`${path}/trash`] = {
        get: {
          tags: [tag],
          summary: `The ${schema.entityName} records in the trash (the delete access), newest deletion first`,
          parameters: page,
          responses: {
            '200': {
              content: {
                'application/hal+json': {
                  schema: halPageSchema(schema.name, trashed),
                },
              },
            },
            ...std,
          },
        },
      };
      paths[`${path}/{id}/restore`] = {
        post: {
          tags: [tag],
          summary: `Bring a ${schema.entityName} back from the trash, with what went with it; 409 while a record it references is in the trash`,
          parameters: [id],
          responses: done,
        },
      };
      paths[`${path}/{id}/purge`] = {
        delete: {
          tags: [tag],
          summary: `Remove a ${schema.entityName} in the trash for good, with what went with it; 409 while something references it`,
          parameters: [id],
          responses: done,
        },
      };
    }
    Object.assign(paths, actionPaths(schema, path, id, tag));
    // export of the list and import of a file (server/transfer/); stored files have routes of their own
    if (schema.name !== STORED_FILES)
      Object.assign(
        paths,
        transferPaths(schema, path, tag, errors, [
          {
            ...param('sort', 'prop,asc|desc; repeatable', { type: 'array', items: { type: 'string' } }),
            explode: true,
          },
          param('search', `case-insensitive contains over ${schema.search.join(', ') || '(nothing)'}`),
          param(
            'language',
            "the reader's language for translated fields and local names (filters, search, sort); default: the best of Accept-Language, else en",
            { enum: [...LANGUAGES] },
          ),
          ...filterParams(schema),
        ]),
      );
    if (schema.excel) paths[exportPath(schema.excel.name)] = excelOperation(schema, tag, errors);
    // documents rendered from office templates (server/documents/)
    Object.assign(paths, documentPaths(schema, path, tag, errors));
    if (schema.status) Object.assign(paths, statusPaths(schema, { tag, id, ifMatch, one, std }));
    // writes an entity turns off are not served (schemas/define.ts genericWrites)
    const items = paths[`${path}/{id}`] as Json;
    if (!servesGenericWrite(schema, 'create')) delete (paths[path] as Json).post;
    if (!servesGenericWrite(schema, 'update')) {
      delete items.put;
      delete items.patch;
    }
    if (!servesGenericWrite(schema, 'delete')) delete items.delete;
    if (schema.name === STORED_FILES) {
      const files = storedFilesOperations();
      (paths[path] as Json).post = files.upload;
      paths[files.contentPath] = files.content;
    }
  }
  const searchable = schemas.filter((s) => s.globalSearch);
  if (searchable.length > 0) {
    components.SearchResult = searchResultSchema();
    paths[SEARCH_PATH] = searchOperation(searchable, errors);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Bureau API',
      version: '1.0.0',
      description: 'Spring-Data-REST style collections (docs/api.md). Bearer token required except this document.',
    },
    servers: [{ url: serverUrl }],
    components: {
      schemas: components,
      responses: { Error: { description: 'error', content: { 'application/json': { schema: ref('Error') } } } },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    security: [{ bearer: [] }],
    paths,
  };
}
