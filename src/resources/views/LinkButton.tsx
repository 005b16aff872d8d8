/** A react-admin button that navigates to one of our spec-shaped paths (`paths.ts`). */
import AddIcon from '@mui/icons-material/Add';
import ContentCopy from '@mui/icons-material/ContentCopy';
import EditIcon from '@mui/icons-material/Edit';
import type { ReactElement } from 'react';
import { Button, LinkBase } from 'react-admin';

export const LinkButton = ({ to, label, icon }: { to: string; label: string; icon?: ReactElement }) => (
  <Button
    component={LinkBase}
    to={to}
    label={label}
    onClick={(e: { stopPropagation: () => void }) => e.stopPropagation()}
  >
    {icon}
  </Button>
);

/** "Create" linking to a create form (NAV-16, NAV-18). */
export const CreateLink = ({ to }: { to: string }) => (
  <LinkButton to={to} label="ra.action.create" icon={<AddIcon />} />
);

/** "Edit" linking to an edit form. */
export const EditLink = ({ to }: { to: string }) => <LinkButton to={to} label="ra.action.edit" icon={<EditIcon />} />;

/** "Clone" linking to the create form filled with a copy of the record (NAV-45/50). */
export const CloneLink = ({ to }: { to: string }) => (
  <LinkButton to={to} label="ra.action.clone" icon={<ContentCopy />} />
);
