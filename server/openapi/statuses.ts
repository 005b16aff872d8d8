import type { EntitySchema } from '../../schemas/define';
import { humanize } from '../../schemas/define';
import { collectionPath } from '../rest/values';

/**
 * The OpenAPI operations of a declared status (`server/rest/statuses.ts`): the transitions route
 * and the history, plus the PUT/PATCH shorthand (`status.patch`) described on the item.
 */

type Json = Record<string, unknown>;
const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
const errors = { $ref: '#/components/responses/Error' };

const ENTRY: Json = {
  type: 'object',
  properties: { id: { type: 'integer' }, code: { type: 'integer' }, gname: { type: 'string' } },
};

/** One history row (`GET <collection>/{id}/statusChanges`). */
export const STATUS_CHANGE: Json = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    field: { type: 'string' },
    from: { anyOf: [ENTRY, { type: 'null' }], description: 'null for the row written by the create' },
    to: ENTRY,
    comment: { type: ['string', 'null'] },
    changedBy: { type: ['string', 'null'], description: 'user name' },
    changedDate: { type: 'string', format: 'date-time' },
  },
};

/** The parts of the item's operations the status routes reuse. */
interface ItemParts {
  tag: string;
  id: Json;
  ifMatch: Json;
  one: Json;
  std: Json;
}

/** The status paths of one schema, to merge into the document's `paths`. */
export function statusPaths(schema: EntitySchema, { tag, id, ifMatch, one, std }: ItemParts): Json {
  const status = schema.status!;
  const path = collectionPath(schema);
  const what = humanize(status.field).toLowerCase();
  const codes = [...new Set(status.transitions.flatMap((t) => [...t.from, ...t.to]))].sort((a, b) => a - b);
  const moves = status.transitions.map((t) => `${t.from.join('/')} -> ${t.to.join('/')}`).join('; ');
  const item = `${path}/{id}`;
  return {
    [`${item}/transitions`]: {
      post: {
        tags: [tag],
        summary: `Move the ${what} of a ${schema.entityName}`,
        description:
          `Declared moves (codes): ${moves}. An undeclared move is a 409, a missing privilege a 403, ` +
          'a missing required comment a 400. Answers the record as GET does.',
        parameters: [id, ifMatch],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                additionalProperties: false,
                required: ['to'],
                properties: {
                  to: { oneOf: [{ type: 'integer', enum: codes, description: 'the target code' }, ref('Reference')] },
                  comment: { anyOf: [{ type: 'string', maxLength: 1000 }, { type: 'null' }] },
                },
              },
            },
          },
        },
        responses: { ...one, '409': errors, '412': errors },
      },
    },
    [`${item}/statusChanges`]: {
      get: {
        tags: [tag],
        summary: `The ${what} history of a ${schema.entityName}, newest first`,
        parameters: [id],
        responses: {
          '200': {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    _embedded: {
                      type: 'object',
                      properties: { statusChanges: { type: 'array', items: ref('StatusChange') } },
                    },
                  },
                },
              },
            },
          },
          ...std,
        },
      },
    },
  };
}

/** A note on the item's PUT and PATCH: a changed status is a move, and the shorthand if declared. */
export function statusWriteNote(schema: EntitySchema): string {
  const status = schema.status!;
  const shorthand = status.patch
    ? ` The body may also carry "${status.patch.to}" (the target entry id) and "${status.patch.comment}" (the move's comment).`
    : '';
  return `A changed ${status.field} is checked as a move (see POST .../transitions).${shorthand}`;
}
