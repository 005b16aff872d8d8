import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { clients, contacts } from '../../schemas/index';
import { renderAdmin } from './testUtils';

afterEach(cleanup);

const WAIT = { timeout: 4000 };

const data = () => ({
  'base-subtypes': [],
  departments: [],
  positions: [],
  contacts: [],
  clients: [{ id: 1, gname: 'Existing' }],
});

describe('client wizard', () => {
  it('NAV-17 shows the steps client info, contact-info, bank-account-info, complete in order', async () => {
    renderAdmin('/clients/create', [clients, contacts], data());
    const stepper = await screen.findByLabelText('Steps', {}, WAIT);
    expect(
      within(stepper)
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/^\d+/, '')),
    ).toEqual(['Client info', 'Contact info', 'Bank account info', 'Complete']);
  });

  it('CLI-03 hides sanctionComments until underSanctions is ticked', async () => {
    renderAdmin('/clients/create', [clients, contacts], data());
    await screen.findByLabelText('Name *');
    expect(screen.queryByLabelText('Sanction comments')).not.toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Under sanctions'));
    expect(await screen.findByLabelText('Sanction comments')).toBeInTheDocument();
  });

  it('CLI-05 enables vatPercent only with VAT', async () => {
    renderAdmin('/clients/create', [clients, contacts], data());
    expect(await screen.findByLabelText('VAT %')).toBeDisabled();
    fireEvent.click(screen.getByLabelText('VAT'));
    await waitFor(() => expect(screen.getByLabelText('VAT %')).toBeEnabled());
  });

  it('validates the step on Next, keeps the step in the URL, saves on the last step and opens the card', async () => {
    const admin = renderAdmin('/clients/create', [clients, contacts], data());
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(admin.location()).toBe('/clients/create');
    fireEvent.change(screen.getByLabelText('Name *'), { target: { value: 'Acme LLP' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(admin.location()).toBe('/clients/create?step=contact-info'), WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(admin.location()).toBe('/clients/create?step=bank-account-info'), WAIT);
    fireEvent.change(screen.getByLabelText('BIC'), { target: { value: 'KZKOKZKX' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(admin.location()).toBe('/clients/create?step=complete'), WAIT);
    const summary = screen.getByLabelText('Summary');
    expect(within(summary).getByText('Acme LLP')).toBeInTheDocument();
    expect(within(summary).getByText('KZKOKZKX')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(admin.location()).toBe('/clients/2'), WAIT);
    const { data: saved } = await admin.dataProvider.getOne('clients', { id: 2 });
    expect(saved).toMatchObject({ gname: 'Acme LLP', underSanctions: false, account: { bic: 'KZKOKZKX' } });
  });

  it("shows the server's refusal of a field on an earlier step above the last step's Save", async () => {
    const admin = renderAdmin('/clients/create', [clients, contacts], data(), undefined, (d) => ({
      ...d,
      create: () => Promise.reject(new HttpError('Validation failed', 400, { errors: { gname: 'is already taken' } })),
    }));
    fireEvent.change(await screen.findByLabelText('Name *'), { target: { value: 'Existing' } });
    for (const step of ['contact-info', 'bank-account-info', 'complete']) {
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      await waitFor(() => expect(admin.location()).toBe(`/clients/create?step=${step}`), WAIT);
    }
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Name: is already taken');
    // back on its own step the error sits at the input, not twice
    fireEvent.click(screen.getByRole('button', { name: /Client info/ }));
    await waitFor(() => expect(admin.location()).toBe('/clients/create?step=client-info'), WAIT);
    expect(screen.queryByText('Name: is already taken')).not.toBeInTheDocument();
  });

  it('NAV-17 edits contacts in the contact-info step without a client picker; Enter moves to the next step', async () => {
    const admin = renderAdmin('/clients/create?step=contact-info', [clients, contacts], data());
    const step = await screen.findByRole('group', { name: 'Contact info' });
    fireEvent.click(within(step).getByRole('button', { name: 'Add' }));
    const name = await within(step).findByLabelText('Full name *');
    expect(within(step).queryByLabelText('Client *')).not.toBeInTheDocument();
    fireEvent.change(name, { target: { value: 'Ada Byron' } });
    fireEvent.keyDown(name, { key: 'Enter' });
    await waitFor(() => expect(admin.location()).toBe('/clients/create?step=bank-account-info'), WAIT);
  });

  it('NAV-17 CLI-10 the contact-info step of an edited client shows the contacts it loaded', async () => {
    const contactList = [
      { id: 5, gname: 'Ada Byron', client: { id: 1 } },
      { id: 6, gname: 'Charles Babbage', client: { id: 1 } },
    ];
    renderAdmin('/clients/1/card/edit?step=contact-info', [clients, contacts], {
      ...data(),
      clients: [{ id: 1, gname: 'Existing', contactList }],
    });
    const step = await screen.findByRole('group', { name: 'Contact info' });
    await waitFor(
      () =>
        expect(
          within(step)
            .getAllByLabelText('Full name *')
            .map((i) => (i as HTMLInputElement).value),
        ).toEqual(['Ada Byron', 'Charles Babbage']),
      WAIT,
    );
  });
  it('NAV-17 an edited client opens on client info, any step opens from the stepper, Save on the first step sends the record', async () => {
    const admin = renderAdmin('/clients/1/card/edit', [clients, contacts], {
      ...data(),
      clients: [{ id: 1, gname: 'Existing', account: { bic: 'KZKOKZKX' } }],
    });
    const name = await screen.findByLabelText('Name *');
    await waitFor(() => expect(name).toHaveValue('Existing'), WAIT);
    expect(screen.getByRole('group', { name: 'Client info' })).toBeVisible();
    // every step is a live button, not only those already walked
    const stepper = screen.getByLabelText('Steps');
    for (const b of within(stepper).getAllByRole('button')) expect(b).toBeEnabled();
    fireEvent.click(within(stepper).getByRole('button', { name: /Bank account info/ }));
    await waitFor(() => expect(admin.location()).toBe('/clients/1/card/edit?step=bank-account-info'), WAIT);
    expect(screen.getByLabelText('BIC')).toHaveValue('KZKOKZKX');
    fireEvent.click(within(stepper).getByRole('button', { name: /Client info/ }));
    await waitFor(() => expect(admin.location()).toBe('/clients/1/card/edit?step=client-info'), WAIT);
    fireEvent.change(screen.getByLabelText('Name *'), { target: { value: 'Renamed LLP' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(
      async () =>
        expect((await admin.dataProvider.getOne('clients', { id: 1 })).data).toMatchObject({
          gname: 'Renamed LLP',
          account: { bic: 'KZKOKZKX' },
        }),
      WAIT,
    );
  });

  it('NAV-17 creating, the later steps stay closed and Save waits for the last step', async () => {
    renderAdmin('/clients/create', [clients, contacts], data());
    const stepper = await screen.findByLabelText('Steps', {}, WAIT);
    expect(within(stepper).getByRole('button', { name: /Bank account info/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it("NAV-17 editing, the server's refusal of a field on another step is listed above the current step", async () => {
    renderAdmin(
      '/clients/1/card/edit?step=bank-account-info',
      [clients, contacts],
      { ...data(), clients: [{ id: 1, gname: 'Existing' }] },
      undefined,
      (d) => ({
        ...d,
        update: () =>
          Promise.reject(new HttpError('Validation failed', 400, { errors: { gname: 'is already taken' } })),
      }),
    );
    const name = await screen.findByLabelText('Name *', {}, WAIT);
    await waitFor(() => expect(name).toHaveValue('Existing'), WAIT);
    // the renamed client is refused at the name, a field of the hidden first step
    fireEvent.change(name, { target: { value: 'Taken LLP' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert', {}, WAIT)).toHaveTextContent('Name: is already taken');
  });
  it('NAV-17 editing, Save on a later step with a required field of client info emptied opens client info at it', async () => {
    const admin = renderAdmin('/clients/1/card/edit', [clients, contacts], data());
    const name = await screen.findByLabelText('Name *', {}, WAIT);
    await waitFor(() => expect(name).toHaveValue('Existing'), WAIT);
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(within(screen.getByLabelText('Steps')).getByRole('button', { name: /Bank account info/ }));
    await waitFor(() => expect(admin.location()).toBe('/clients/1/card/edit?step=bank-account-info'), WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(admin.location()).toBe('/clients/1/card/edit?step=client-info'), WAIT);
    expect(await screen.findByText('Required')).toBeVisible();
    expect((await admin.dataProvider.getOne('clients', { id: 1 })).data).toMatchObject({ gname: 'Existing' });
  });
});
