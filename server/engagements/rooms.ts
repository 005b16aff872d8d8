import { referenceId } from '../../schemas/engagements/rules';
import { approversOfOffice, officeOfPosition } from '../approvals/verification';
import { defineServer } from '../define';
import { matterBalance, matterDocuments } from './matterReads';
import { checkManagerShares, checkRateOverlap, checkRates, nextNumber } from './rules';

/**
 * The server side of projects, their managers, matters and titles (`schemas/engagements/`):
 * generated numbers, the managers' shares per period, a matter's rates and approval chain, the
 * matters' reads, and how many employees hold a title today.
 */
export const engagementsServer = [
  defineServer('projects', {
    hooks: {
      beforeChange: [
        async ({ tx, mode }) => (mode === 'create' ? { number: await nextNumber(tx, 'projects', 'P') } : undefined),
      ],
      afterChange: [async ({ tx, id }) => checkManagerShares(tx, id)],
    },
  }),
  defineServer('projectManagers', {
    hooks: {
      // the shares of one period add up to at most 100%, whichever way a manager is written
      afterChange: [
        async ({ tx, id }) => {
          const [row] = await tx.query<{ project_id: unknown }>(
            'SELECT project_id FROM project_managers WHERE id = $1',
            [id],
          );
          const project = referenceId(row?.project_id);
          if (project !== undefined) await checkManagerShares(tx, project);
        },
      ],
    },
  }),
  defineServer('matters', {
    hooks: {
      beforeValidate: [async ({ tx, body, stored }) => checkRates(tx, body, stored)],
      beforeChange: [
        async ({ tx, mode }) => (mode === 'create' ? { number: await nextNumber(tx, 'matters', 'M') } : undefined),
      ],
      // one rate per matter, job title and period (MC-3), judged on the stored rates
      afterChange: [
        async ({ tx, id, mode, body }) =>
          mode !== 'delete' && body !== undefined && Object.hasOwn(body, 'matterRateList')
            ? checkRateOverlap(tx, id, 'matterRateList')
            : undefined,
      ],
    },
    verification: {
      approvers: approversOfOffice(5, officeOfPosition('responsiblePosition')),
      description: ({ record }) => `Matter: ${String(record.description ?? '')}`,
    },
    actions: {
      // GET first10: read through the generic list, so the access rule and the default filter apply
      first10: async ({ list }) => {
        const page = await list.page({ size: '10', projection: 'matterList', 'status.code.ne': '3' });
        return { _embedded: { matters: page.items } };
      },
      balance: matterBalance,
      'check-documents': matterDocuments,
    },
  }),
  defineServer('matterRates', {
    hooks: {
      // a rate written on its own: one per matter, job title and period (MC-3)
      afterChange: [
        async ({ tx, id, mode }) => {
          if (mode === 'delete') return;
          const [row] = await tx.query<{ matter_id: string | number }>(
            'SELECT matter_id FROM matter_rates WHERE id = $1',
            [id],
          );
          if (row) await checkRateOverlap(tx, Number(row.matter_id), 'title');
        },
      ],
    },
  }),
  defineServer('titles', {
    computed: {
      member:
        '(SELECT count(DISTINCT et.employee_id)::int FROM employee_titles et WHERE et.title_id = {row}.id AND et.date_gte <= CURRENT_DATE AND (et.date_lte IS NULL OR et.date_lte >= CURRENT_DATE))',
    },
  }),
];
