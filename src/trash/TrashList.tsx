/**
 * The trash of an entity with one (`trash` in its schema; docs/architecture.md "Trash"), at
 * `/<route>/trash`: react-admin's `List` of the records users deleted (the data provider's
 * `getList` with `meta: TRASH_META`), the entity's list columns plus who deleted each and when,
 * newest deletion first, with Restore and Purge per row, each after a confirmation. The list is
 * reached from the entity's list (`TrashButton`); the server judges every call as a delete.
 */
import DeleteForever from '@mui/icons-material/DeleteForever';
import RestoreFromTrash from '@mui/icons-material/RestoreFromTrash';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useState } from 'react';
import {
  Button,
  Confirm,
  DataTable,
  DateField,
  List,
  TopToolbar,
  useDataProvider,
  useNotify,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { trashRetentionDays, type EntitySchema } from '../../schemas/define';
import type { SpringDataProvider } from '../../dataProvider/index';
import { TRASH_META } from '../../dataProvider/trash';
import { listColumns } from '../resources/columns';
import { cellRender, isSortable } from '../resources/fields';
import { fieldKey } from '../i18n/keys';
import { representRecord } from '../resources/format';
import { LinkButton } from '../resources/views/LinkButton';

type Act = 'restore' | 'purge';

/** Restore and Purge of one record in the trash, each behind a confirmation dialog. */
function TrashRowButtons({ schema, record }: { schema: EntitySchema; record: RaRecord }) {
  const dataProvider = useDataProvider() as unknown as SpringDataProvider;
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [asking, setAsking] = useState<Act | null>(null);
  const [busy, setBusy] = useState(false);
  const name = representRecord(schema.recordRepresentation, record) || `#${record.id}`;
  const run = async (act: Act) => {
    setBusy(true);
    try {
      if (act === 'restore') await dataProvider.restoreFromTrash(schema.route, { id: record.id });
      else await dataProvider.purgeFromTrash(schema.route, { id: record.id });
      notify(act === 'restore' ? 'bureau.trash.restored' : 'bureau.trash.purged', { type: 'info' });
      refresh();
    } catch (e) {
      // the server's message says what keeps it (a project in the trash, a record referencing it)
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };
  return (
    <>
      <Button label="bureau.trash.restore" onClick={() => setAsking('restore')} disabled={busy}>
        <RestoreFromTrash />
      </Button>
      <Button label="bureau.trash.purge" color="error" onClick={() => setAsking('purge')} disabled={busy}>
        <DeleteForever />
      </Button>
      <Confirm
        isOpen={asking !== null}
        loading={busy}
        title={asking === 'purge' ? 'bureau.trash.purge_title' : 'bureau.trash.restore_title'}
        titleTranslateOptions={{ name }}
        content={translate(asking === 'purge' ? 'bureau.trash.purge_content' : 'bureau.trash.restore_content')}
        confirm={asking === 'purge' ? 'bureau.trash.purge' : 'bureau.trash.restore'}
        confirmColor={asking === 'purge' ? 'warning' : 'primary'}
        onConfirm={() => asking && void run(asking)}
        onClose={() => setAsking(null)}
      />
    </>
  );
}

/** The trash page of `schema` (route `/<route>/trash`). */
export default function TrashList({ schema }: { schema: EntitySchema }) {
  const translate = useTranslate();
  const name = translate(`resources.${schema.route}.name`, { smart_count: 2, _: schema.label });
  return (
    <List
      resource={schema.route}
      storeKey={`${schema.route}.trash`}
      disableSyncWithLocation
      queryOptions={{ meta: TRASH_META }}
      title={translate('bureau.trash.title', { name })}
      sort={{ field: '', order: 'DESC' }}
      actions={
        <TopToolbar>
          <LinkButton to={`/${schema.route}`} label="bureau.trash.back" icon={<ArrowBack />} />
        </TopToolbar>
      }
      empty={false}
    >
      <p style={{ margin: '8px 16px' }}>{translate('bureau.trash.retention', { days: trashRetentionDays(schema) })}</p>
      <DataTable bulkActionButtons={false} rowClick={false} empty={<p>{translate('bureau.trash.empty')}</p>}>
        {listColumns(schema).map(([path, fd]) => {
          const render = cellRender(path, fd, {});
          return (
            <DataTable.Col
              key={path}
              source={path}
              label={fieldKey(schema.route, path)}
              disableSort={!isSortable(fd)}
              {...(render ? { render } : {})}
            />
          );
        })}
        <DataTable.Col
          source="deletedAt"
          label="bureau.trash.deleted_at"
          disableSort
          render={() => <DateField source="deletedAt" showTime />}
        />
        <DataTable.Col source="deletedBy" label="bureau.trash.deleted_by" disableSort />
        <DataTable.Col
          label=""
          disableSort
          render={(record: RaRecord) => <TrashRowButtons schema={schema} record={record} />}
        />
      </DataTable>
    </List>
  );
}
