import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataProvider } from 'react-admin';
import type { EntitySchema } from '../../schemas/define';
import type { ActionParams } from '../../dataProvider/index';
import { matters, verificationChains } from '../../schemas/index';
import type { CanAccess } from '../resources/access';
import { partsSet } from '../resources/parts';
import { ADMIN_ONLY } from '../resources/status/rules';
import { sampleRecord } from '../resources/sampleRecords';
import { renderAdmin } from '../resources/testUtils';
import { approvalParts } from './approvalParts';

const WAIT = { timeout: 8000 };
afterEach(cleanup);

const step = (id: number, orderliness: number, code: number, comment: string | null = null) => ({
  id,
  orderliness,
  employee: { id: 20 + id, gfirstName: ['Anna', 'Carl'][id - 1], glastName: 'Approver' },
  decision: { id: code, code, gname: ['Pending', 'Approved', 'Rejected'][code - 1] },
  comment,
  decisionDate: code === 1 ? null : '2026-11-02T10:00:00Z',
  ...(code === 1 ? {} : { decidedByName: 'Natalya Volkova', onBehalf: true }),
});
const chain = {
  id: 1,
  version: 3,
  description: 'Matter: Share purchase review',
  decision: { id: 1, code: 1, gname: 'Pending' },
  ownerType: 'MATTER',
  ownerId: 1,
  currentApproverId: 22,
  waitingForMe: true,
  waitingSince: '2026-11-02T10:00:00Z',
  verificationApproverList: [step(1, 1, 2, 'Fine by me'), step(2, 2, 1)],
};

function render(path: string, canAccess: CanAccess) {
  const calls: Array<[string, ActionParams]> = [];
  const action = vi.fn(async (resource: string, params: ActionParams) => {
    calls.push([resource, params]);
    return { data: chain };
  });
  const wrap = (dp: DataProvider): DataProvider => ({ ...dp, action });
  const matter = { ...sampleRecord(matters, 1), verificationChain: { id: 1 } };
  renderAdmin(
    path,
    [matters, verificationChains] as EntitySchema[],
    { matters: [matter], verificationChains: [chain] },
    canAccess,
    wrap,
    partsSet(approvalParts),
  );
  return calls;
}

const admin: CanAccess = () => true;
const notAdmin: CanAccess = (_action, resource) => resource !== ADMIN_ONLY;

describe('approvals in the SPA', { timeout: 30_000 }, () => {
  it("MC-6 approvals: the owner's card shows the steps (who decided for whom), and approve/reject to an admin, who sends the chain's version", async () => {
    const calls = render('/matters/1', admin);
    const panel = await screen.findByRole('region', { name: 'Approval' }, WAIT);
    expect(await within(panel).findByText('Approval: Pending')).toBeInTheDocument();
    const rows = within(panel).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Anna Approver');
    expect(rows[1]).toHaveTextContent('Fine by me');
    // MC-6: a step decided by someone else for its approver names both
    expect(rows[1]).toHaveTextContent('decided by Natalya Volkova for Anna Approver');
    expect(rows[2]).not.toHaveTextContent('decided by');
    expect(rows[2]).toHaveTextContent('Carl Approver (current step)');
    await userEvent.click(within(panel).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    // a rejection needs a comment
    expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/Comment/), 'Missing engagement letter');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual([
      'verificationChains',
      {
        name: 'solve',
        data: { verificationChainId: 1, decisionCode: 3, comment: 'Missing engagement letter', version: 3 },
      },
    ]);
  });

  it('approvals: a reader who is neither the current approver nor an admin sees the steps without buttons', async () => {
    render('/matters/1', notAdmin);
    const panel = await screen.findByRole('region', { name: 'Approval' }, WAIT);
    expect(await within(panel).findByText('Approval: Pending')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('approvals: the inbox lists waiting documents with a link to the card and the decision buttons', async () => {
    render('/verificationChains', admin);
    const link = await screen.findByRole('link', { name: 'Open #1' }, WAIT);
    expect(link).toHaveAttribute('href', '/matters/1/show');
    expect(screen.getByText('Matter: Share purchase review')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
  });
});
