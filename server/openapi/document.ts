import { servesGenericWrite, type EntitySchema, type Field } from '../../schemas/define';
import { humanize } from '../../schemas/define';
import { storedSchemas } from '../../schemas/index';
import { collectionPath } from '../rest/values';
import { FILES_COLLECTION } from '../files/access';
import { storedFilesOperations } from '../files/openapi';

/**
 * The OpenAPI 3.1 document of the generic collection API, generated from the schemas
 * (served at `GET /core/api/openapi.json`, public).
 */

type Json = Record<string, unknown>;
const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
const nullable = (s: Json): Json => ({ anyOf: [s, { type: 'null' }] });

/** JSON Schema of one field on the wire. */
export function fieldSchema(fd: Field): Json {
  const base: Json = {};
  if (fd.label) base.title = fd.label;
  if (fd.help) base.description = fd.help;
  if (fd.readOnly) base.readOnly = true;
  if (fd.writeOnly) base.writeOnly = true;
  const text = (extra: Json = {}): Json => ({
    ...base,
    type: 'string',
    ...(fd.maxLength ? { maxLength: fd.maxLength } : {}),
    ...(fd.minLength ? { minLength: fd.minLength } : {}),
    ...(fd.pattern ? { pattern: fd.pattern } : {}),
    ...extra,
  });
  const note = (d: string): Json => ({ description: fd.help ? `${fd.help} (${d})` : d });
  // the column's own range unless the field is narrower (server/rest/values.ts numericValue)
  const num = (limit: number, extra: Json = {}): Json => ({
    ...base,
    type: fd.integer ? 'integer' : 'number',
    minimum: fd.min ?? -limit,
    maximum: fd.max ?? limit,
    ...extra,
  });
  switch (fd.type) {
    case 'text':
    case 'longText':
    case 'phone':
    case 'password':
      return nullable(text());
    case 'email':
      return nullable(text({ format: 'email' }));
    case 'url':
      return nullable(text({ format: 'uri-reference', ...note('an http(s) URL or a host name, example.com') }));
    case 'enum':
      return nullable({ ...base, type: 'string', enum: [...(fd.values ?? [])] });
    case 'number':
      return nullable(num(fd.integer ? Number.MAX_SAFE_INTEGER : 1e15));
    case 'money':
      return nullable(num(1e15 - 0.0001, note('numeric(19,4); decimal strings accepted')));
    case 'percent':
      return nullable(num(1e4 - 1e-8, note('a fraction (0.21 = 21 %), 8 decimal places')));
    case 'durationMs':
      return nullable({
        ...base,
        type: 'integer',
        minimum: -Number.MAX_SAFE_INTEGER,
        maximum: Number.MAX_SAFE_INTEGER,
        ...note('milliseconds'),
      });
    case 'boolean':
      return nullable({ ...base, type: 'boolean' });
    case 'date':
    case 'month':
      return nullable({ ...base, type: 'string', format: 'date', ...note('a date of the years 0001..9999') });
    case 'dateTime':
      return nullable({ ...base, type: 'string', format: 'date-time', ...note('of the years 0001..9999') });
    case 'ref':
    case 'dictionary':
      return nullable({
        ...base,
        oneOf: [ref('Reference'), { type: 'string', description: 'SDR URI, e.g. /core/api/clients/5' }],
      });
    case 'refId':
      return nullable({ ...base, type: 'integer' });
    case 'refList':
    case 'dictionaryList':
      return { ...base, type: 'array', items: ref('Reference') };
    case 'children':
      return { ...base, type: 'array', items: { type: 'object', description: `rows of ${fd.target}` } };
    case 'embedded':
      return nullable({
        ...base,
        type: 'object',
        additionalProperties: false,
        properties: Object.fromEntries(Object.entries(fd.fields ?? {}).map(([k, f]) => [k, fieldSchema(f)])),
      });
    case 'embeddedList':
      return {
        ...base,
        type: 'array',
        items: {
          type: 'object',
          properties: Object.fromEntries(Object.entries(fd.fields ?? {}).map(([k, f]) => [k, fieldSchema(f)])),
        },
      };
    default:
      return base;
  }
}

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
  const out: Json[] = [];
  for (const [name, fd] of Object.entries(schema.fields)) {
    if (['children', 'refList', 'dictionaryList', 'embedded', 'embeddedList', 'password'].includes(fd.type)) continue;
    if (fd.type === 'ref' || fd.type === 'dictionary') {
      out.push(
        param(
          `${name}.id`,
          `${humanize(name)} id (aliases ${name}Id, ${name}); also .in/.nin/.ne/.isNull, and paths through ${fd.target}`,
        ),
      );
      if (fd.type === 'dictionary')
        out.push(param(`${name}.code`, `${humanize(name)} dictionary code; also .in/.nin/.ne`));
    } else {
      out.push(param(name, `equals; also ${name}.ne/.in/.nin/.gt/.gte/.lt/.lte/.like/.isNull`));
    }
  }
  return out;
}

const errors = { $ref: '#/components/responses/Error' };

/** Builds the whole document for the stored schemas. */
export function buildOpenApi(schemas: EntitySchema[] = storedSchemas(), serverUrl = '/'): Json {
  const paths: Json = {};
  const components: Json = {
    Reference: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
    Page: {
      type: 'object',
      properties: {
        size: { type: 'integer' },
        totalElements: { type: 'integer' },
        totalPages: { type: 'integer' },
        number: { type: 'integer' },
      },
    },
    Error: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
    ValidationError: {
      type: 'object',
      properties: {
        message: { const: 'Validation failed' },
        errors: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              entity: { type: 'string' },
              property: { type: 'string' },
              invalidValue: {},
              message: { type: 'string' },
            },
          },
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
      `one of: ${Object.keys(schema.projections).join(', ')} (default ${schema.defaultProjection})`,
      { enum: Object.keys(schema.projections) },
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
          ...filterParams(schema),
        ],
        responses: {
          '200': {
            content: {
              'application/hal+json': {
                schema: {
                  type: 'object',
                  properties: {
                    _embedded: { type: 'object', properties: { [schema.name]: { type: 'array', items: entity } } },
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
        parameters: [id, ifMatch],
        requestBody: { content: { 'application/json': { schema: entity } } },
        responses: { ...one, '409': errors, '412': errors },
      },
      patch: {
        tags: [tag],
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
    // writes an entity turns off are not served (schemas/define.ts genericWrites)
    const items = paths[`${path}/{id}`] as Json;
    if (!servesGenericWrite(schema, 'create')) delete (paths[path] as Json).post;
    if (!servesGenericWrite(schema, 'update')) {
      delete items.put;
      delete items.patch;
    }
    if (!servesGenericWrite(schema, 'delete')) delete items.delete;
    if (schema.name === FILES_COLLECTION) {
      const files = storedFilesOperations();
      (paths[path] as Json).post = files.upload;
      paths[files.contentPath] = files.content;
    }
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
