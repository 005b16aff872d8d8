import type { SvgIconComponent } from '@mui/icons-material';
import AccountTree from '@mui/icons-material/AccountTree';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Badge from '@mui/icons-material/Badge';
import Business from '@mui/icons-material/Business';
import Category from '@mui/icons-material/Category';
import Comment from '@mui/icons-material/Comment';
import ContactPhone from '@mui/icons-material/ContactPhone';
import CurrencyExchange from '@mui/icons-material/CurrencyExchange';
import Domain from '@mui/icons-material/Domain';
import Folder from '@mui/icons-material/Folder';
import List from '@mui/icons-material/List';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import People from '@mui/icons-material/People';
import Public from '@mui/icons-material/Public';
import TrendingUp from '@mui/icons-material/TrendingUp';

/**
 * Menu icons by the `schema.icon` name. Only the icons listed here are bundled (importing the
 * whole icon set would add megabytes): a schema naming a new icon adds one line here.
 */
const ICONS: Record<string, SvgIconComponent> = {
  AccountTree,
  AdminPanelSettings,
  Badge,
  Business,
  Category,
  Comment,
  ContactPhone,
  CurrencyExchange,
  Domain,
  Folder,
  List,
  ManageAccounts,
  People,
  Public,
  TrendingUp,
};

/** The icon component for `name`; a folder when unknown or absent. */
export const iconFor = (name: string | undefined): SvgIconComponent => (name && ICONS[name]) || Folder;
