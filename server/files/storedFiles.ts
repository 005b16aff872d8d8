import { storedFiles } from '../../schemas/index';
import { defineServer } from '../define';
import { refuseListed } from '../trash/delete';

/**
 * The server side of `storedFiles` (`schemas/files/storedFiles.ts`) beyond its routes
 * (server/files/routes.ts): a file a record holds in a `files` list (a matter's documents) is
 * not deleted (409), as one a `file` field references is not (the trash's own check) - the
 * record would show a file nobody can open.
 */
export const storedFilesServer = defineServer('storedFiles', {
  beforeTrash: (tx, ids) => refuseListed(tx, new Map([[storedFiles, ids]]), 'deleted'),
});
