import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  employees,
  officeAccounts,
  officeApprovers,
  officeIncomeDistributionPercents,
  officeIncomeDistributions,
  offices,
  officeTemplates,
  officeTransitAccounts,
} from '../../schemas/index';
import { renderAdmin } from '../resources/testUtils';

/** The office screens: the three-step wizard, the card's tabs and their guards, the account card. */
afterEach(cleanup);

const WAIT = { timeout: 4000 };
const all = [
  offices,
  officeAccounts,
  officeTransitAccounts,
  officeIncomeDistributions,
  officeIncomeDistributionPercents,
  officeTemplates,
  officeApprovers,
  employees,
];
const data = () => ({
  'base-subtypes': [],
  currencies: [
    { id: 1, code: 'USD', gname: 'US dollar' },
    { id: 2, code: 'EUR', gname: 'Euro' },
  ],
  employees: [],
  officeApprovers: [],
  officeTemplates: [],
  officeIncomeDistributions: [],
  officeIncomeDistributionPercents: [],
  offices: [{ id: 3, gfirmName: 'Bureau Almaty', bin: '123456789012', timeDurationRange: 14 }],
  accounts: [
    {
      id: 7,
      office: { id: 3, gfirmName: 'Bureau Almaty' },
      expenseIncreasePercent: 0.05,
      active: true,
      account: { gbankName: 'Halyk Bank', number: 'KZ86601A871001726091' },
    },
  ],
  officeTransitAccounts: [
    { id: 11, officeAccount: { id: 7 }, currency: { id: 1, code: 'USD' }, correspondingAccount: '30111840' },
    { id: 12, officeAccount: { id: 7 }, currency: { id: 2, code: 'EUR' }, correspondingAccount: '30111978' },
  ],
});

const TABS = ['Main', 'Accounts', 'Team', 'Approvers', 'Payments', 'Templates', 'Cashbox'];
const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);

describe('offices', { timeout: 20_000 }, () => {
  it('NAV-91 the office wizard has the steps office info, payment-info and cashbox-info', async () => {
    renderAdmin('/offices/list/create', all, data());
    const stepper = await screen.findByLabelText('Steps', {}, WAIT);
    expect(
      within(stepper)
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/^\d+/, '')),
    ).toEqual(['Office info', 'Payment info', 'Cashbox info']);
  });

  it('NAV-91 OFF-01 the cashbox-info step edits the national bank rate, the trial limits and the time range', async () => {
    renderAdmin('/offices/3/card/edit?step=cashbox-info', all, data());
    const step = await screen.findByRole('group', { name: 'Cashbox info' }, WAIT);
    for (const label of ['National bank rate', 'Client trial until', 'Royalty trial until'])
      expect(within(step).getByLabelText(label)).toBeInTheDocument();
    expect(within(step).getByLabelText('Days back a time may be logged')).toHaveValue('14');
  });

  it('NAV-92 the office card has the tabs main, accounts, teams, approvers, payments, templates and cashbox', async () => {
    renderAdmin('/offices/3', all, data());
    await screen.findByRole('tab', { name: 'Main' }, WAIT);
    expect(tabNames()).toEqual([...TABS, 'History']);
  });

  it('NAV-93 NAV-94 NAV-95 NAV-96 NAV-97 NAV-98 each tab needs view of its own module', async () => {
    const cases: [string, string[]][] = [
      ['OFFICE_ACCOUNT', ['Accounts']],
      ['employee', ['Team']],
      ['office', ['Approvers']],
      ['PAYMENT_OFFICE', ['Payments', 'Templates', 'Cashbox']],
    ];
    for (const [module, tabs] of cases) {
      renderAdmin('/offices/3', all, data(), (action, resource) => !(action === 'view' && resource === module));
      await screen.findByRole('tab', { name: 'Main' }, WAIT);
      expect(tabNames()).toEqual([...TABS.filter((t) => !tabs.includes(t)), 'History']);
      cleanup();
    }
  });

  it('NAV-25 NAV-26 NAV-27 the account card under its office has the tabs main and transits, transits listing the currencies', async () => {
    renderAdmin('/offices/3/accounts/7/transits', all, data());
    expect(await screen.findByText('30111978', {}, WAIT)).toBeInTheDocument();
    expect(tabNames()).toEqual(['Main', 'Transit accounts', 'History']);
    expect(screen.getByText('30111840')).toBeInTheDocument();
    cleanup();
    renderAdmin(
      '/accounts/7',
      all,
      data(),
      (action, resource) => !(action === 'view' && resource === 'OFFICE_ACCOUNT_TRANSIT_CURRENCY'),
    );
    await waitFor(() => expect(screen.getByText('KZ86601A871001726091')).toBeInTheDocument(), WAIT);
    expect(tabNames()).toEqual(['Main', 'History']);
  });
});
