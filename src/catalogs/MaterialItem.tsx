/**
 * One shared material as a list item: its name, the file's name and size, the matter and the year,
 * and a download button that fetches the file with the user's token (a failure is notified).
 * Used by the catalogs page and the invoice card's shared materials tab.
 */
import DescriptionIcon from '@mui/icons-material/Description';
import DownloadIcon from '@mui/icons-material/Download';
import { IconButton, ListItem, ListItemIcon, ListItemText } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { downloadFile } from '../../dataProvider/files';
import type { SpringDataProvider } from '../../dataProvider/index';
import { formatSize } from '../files/renderers';
import { matterLabel, type SharedMaterial } from './catalogModel';
import { useCatalogText } from './catalogText';

export const MaterialItem = ({ material }: { material: SharedMaterial }) => {
  const dataProvider = useDataProvider<SpringDataProvider>();
  const translate = useTranslate();
  const text = useCatalogText();
  const notify = useNotify();
  const file = material.file;
  const download = () => {
    if (file) downloadFile(dataProvider.httpClient, file).catch((e: Error) => notify(e.message, { type: 'error' }));
  };
  const details = [file?.name, formatSize(file?.size), matterLabel(material.matter, text), material.year]
    .filter((x) => x !== undefined && x !== null && x !== '')
    .join(' · ');
  return (
    <ListItem
      secondaryAction={
        file && (
          <IconButton
            edge="end"
            aria-label={translate('bureau.ui.download_file', { name: material.name })}
            onClick={download}
          >
            <DownloadIcon />
          </IconButton>
        )
      }
    >
      <ListItemIcon>
        <DescriptionIcon color="action" />
      </ListItemIcon>
      <ListItemText primary={material.name} secondary={details} />
    </ListItem>
  );
};
