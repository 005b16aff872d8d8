/**
 * How times look: billing status colours (TIME-07..09) and work type icons (TIME-05), by the
 * dictionaries' codes (BILLING_STATUS, WORK_TYPE).
 */
import CallIcon from '@mui/icons-material/Call';
import GroupsIcon from '@mui/icons-material/Groups';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import ScheduleIcon from '@mui/icons-material/Schedule';
import type { SvgIconComponent } from '@mui/icons-material';

/** A palette colour of MUI. */
export type StatusColor = 'error' | 'warning' | 'success' | 'default';

/** Work type code of a time entry; codes 2-5 are tasks (TIME-06). */
export const TIME_ENTRY_WORK_TYPE = 1;
/** Billing status code a calendar entry starts with (TIME-10). */
export const NEW_CALENDAR_BILLING_STATUS = 2;

/**
 * The colour of a billing status: code 2 danger, 3 warning, 4 success (TIME-07..09); any other
 * code (or none) is neutral.
 */
export function billingStatusColor(code: unknown): StatusColor {
  switch (Number(code)) {
    case 2:
      return 'error';
    case 3:
      return 'warning';
    case 4:
      return 'success';
    default:
      return 'default';
  }
}

/** Work type icons of tasks: 2 phone, 3 meeting, 4 e-mail, 5 task (TIME-05); a time entry (1) gets a clock. */
export const WORK_TYPE_ICONS: Readonly<Record<number, { icon: SvgIconComponent; name: string }>> = {
  1: { icon: ScheduleIcon, name: 'time' },
  2: { icon: CallIcon, name: 'phone' },
  3: { icon: GroupsIcon, name: 'meeting' },
  4: { icon: MailOutlineIcon, name: 'e-mail' },
  5: { icon: TaskAltIcon, name: 'task' },
};

/** The code of a dictionary value as the API embeds it (`{ id, code, gname }`), or undefined. */
export const codeOf = (value: unknown): number | undefined => {
  const code = value && typeof value === 'object' ? (value as { code?: unknown }).code : undefined;
  return code === undefined || code === null || code === '' ? undefined : Number(code);
};

/** The `gname` of an embedded reference or dictionary value, or ''. */
export const gnameOf = (value: unknown): string => {
  const name = value && typeof value === 'object' ? (value as { gname?: unknown }).gname : undefined;
  return typeof name === 'string' ? name : '';
};
