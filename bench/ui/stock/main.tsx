/**
 * The stock react-admin baseline of `npm run bench:ui`: react-admin + ra-data-fakerest,
 * one `clients` resource of 1,000 records, a 6-column list (20 rows a page, 20/50/100 like
 * Bureau's CONST-01), edit and create, nothing else.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  Admin,
  BooleanField,
  BooleanInput,
  Create,
  DataTable,
  DateField,
  DateInput,
  Edit,
  EmailField,
  List,
  Pagination,
  Resource,
  SimpleForm,
  TextInput,
  required,
} from 'react-admin';
import fakeRestProvider from 'ra-data-fakerest';
import { stockClients } from './data';

const dataProvider = fakeRestProvider({ clients: stockClients() }, false, 0);

const ClientList = () => (
  <List perPage={20} pagination={<Pagination rowsPerPageOptions={[20, 50, 100]} />}>
    <DataTable>
      <DataTable.Col source="id" />
      <DataTable.Col source="name" />
      <DataTable.Col source="email" field={EmailField} />
      <DataTable.Col source="city" />
      <DataTable.Col source="createdAt" field={DateField} />
      <DataTable.Col source="active" field={BooleanField} />
    </DataTable>
  </List>
);

const ClientForm = () => (
  <SimpleForm>
    <TextInput source="name" validate={required()} />
    <TextInput source="email" type="email" />
    <TextInput source="city" />
    <TextInput source="vatNumber" />
    <DateInput source="createdAt" />
    <BooleanInput source="active" />
  </SimpleForm>
);

const ClientEdit = () => (
  <Edit>
    <ClientForm />
  </Edit>
);

const ClientCreate = () => (
  <Create>
    <ClientForm />
  </Create>
);

// user-timing marks for `npm run bench:ui -- --timeline`, like Bureau's
performance.mark('stock:evaluated');
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Admin dataProvider={dataProvider} disableTelemetry>
      <Resource name="clients" list={ClientList} edit={ClientEdit} create={ClientCreate} />
    </Admin>
  </StrictMode>,
);
