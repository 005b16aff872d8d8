import { defineEntity, f } from '../define';

/**
 * Ideas (IDEA-01..04, NAV-32..34): every signed-in user proposes ideas, with an optional file, and
 * votes for them. The author is the signed-in employee, set by a hook whatever the body says; only
 * the author or an admin changes or deletes an idea. `votes` and `votedByMe` are computed by the
 * database, so the list sorts and filters on them.
 *
 * Votes (docs/decisions.md, "ideas"): one per employee. `POST /core/api/ideas/{id}/votes` votes,
 * and a second POST takes the vote back; `DELETE /core/api/ideas/{id}/votes` takes it back too.
 * Both answer `{ votes, votedByMe }`. The bodies are in `server/workspace/ideas.ts`.
 */
export const ideas = defineEntity({
  name: 'ideas',
  entityName: 'Idea',
  label: 'Ideas',
  area: 'workspace',
  icon: 'Lightbulb',
  access: { read: 'signedIn', write: 'signedIn' },
  trash: true,
  fields: {
    idea: f.text({ required: true, label: 'Idea' }),
    date: f.date({ default: () => new Date().toISOString().slice(0, 10) }),
    text: f.longText({ label: 'Text', maxLength: 4000 }),
    file: f.file({ label: 'File' }),
    author: f.ref('employees', { readOnly: true, onDelete: 'setNull' }),
  },
  computed: {
    votes: {
      type: 'number',
      integer: true,
      label: 'Votes',
    },
    votedByMe: {
      type: 'boolean',
      label: 'Voted by me',
    },
  },
  // only the author of an idea (or an admin) changes or deletes it
  rowWrite: (user, row) => user.employeeId !== null && (row.author as { id?: number } | null)?.id === user.employeeId,
  actions: {
    votes: {
      level: 'item',
      methods: ['POST', 'DELETE'],
      summary: 'Vote for an idea (a second POST takes the vote back); DELETE takes the vote back',
      access: { privilege: 'view', allow: (user) => user.employeeId !== null },
    },
  },
  projections: { full: { embed: { author: ['gfirstName', 'glastName'] } } },
  defaultSort: [['date', 'desc']],
  search: ['idea', 'text'],
  recordRepresentation: 'idea',
  list: {
    columns: ['idea', 'date', 'author', 'votes', 'votedByMe', 'file'],
    filters: [{ source: 'search', label: 'Search', alwaysOn: true }],
  },
  form: { layout: 'simple', groups: [{ name: 'idea', label: 'Idea', fields: ['idea', 'date', 'text', 'file'] }] },
  show: {
    tabs: [{ name: 'main', label: 'Main', fields: ['idea', 'date', 'author', 'votes', 'votedByMe', 'text', 'file'] }],
  },
});

/**
 * One employee's vote for one idea, unique per idea and employee. Written only by the ideas'
 * vote action; readable by every signed-in user, its page is for admins.
 */
export const ideaVotes = defineEntity({
  name: 'ideaVotes',
  entityName: 'IdeaVote',
  label: 'Idea votes',
  area: 'workspace',
  icon: 'ThumbUp',
  hideFromMenu: true,
  access: { read: 'signedIn', write: 'admin', page: 'admin' },
  // votes are cast and taken back by the ideas' vote action only
  genericWrites: { create: false, update: false, delete: false },
  fields: {
    idea: f.ref('ideas', { required: true, onDelete: 'cascade', unique: ['employee'] }),
    employee: f.ref('employees', { required: true, onDelete: 'cascade' }),
  },
  recordRepresentation: 'id',
});
