import DeleteOutline from '@mui/icons-material/DeleteOutline';
import type { EntitySchema } from '../../schemas/define';
import { LinkButton } from '../resources/views/LinkButton';
import { trashPath } from '../resources/paths';

/**
 * "Trash" in the list toolbar of an entity with a trash, to its trash page (`TrashList.tsx`,
 * `/<route>/trash`); the toolbar shows it to users who may delete the entity's records.
 */
export const TrashButton = ({ schema }: { schema: EntitySchema }) => (
  <LinkButton to={trashPath(schema.route)} label="bureau.trash.button" icon={<DeleteOutline />} />
);
