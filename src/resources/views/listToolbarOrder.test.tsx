/**
 * The list's toolbar comes in a chunk and a render of its own (`SchemaList.tsx`). This file has a
 * module registry of its own (vitest isolates files), so the toolbar's chunk is not loaded yet when
 * the list first renders, as on a page's first load.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clients } from '../../../schemas/index';
import { renderAdmin } from '../testUtils';

afterEach(cleanup);

describe('the list toolbar on a first load', { timeout: 60_000 }, () => {
  it('NAV-14 the rows never show before the toolbar, so it never pushes rows already on screen down', async () => {
    // after every change to the page, note whether a row is there and whether the toolbar is
    const states: { row: boolean; toolbar: boolean }[] = [];
    // plain DOM reads: a role query per mutation costs seconds over a first render's thousands of mutations
    const observer = new MutationObserver(() =>
      states.push({
        row: document.body.textContent?.includes('Client 7') === true,
        toolbar: [...document.querySelectorAll('button')].some(
          (b) => b.getAttribute('aria-label') === 'Export' || b.textContent?.trim() === 'Export',
        ),
      }),
    );
    observer.observe(document.body, { childList: true, subtree: true });
    renderAdmin('/clients', [clients], {
      'base-subtypes': [],
      departments: [],
      clients: [{ id: 7, gname: 'Client 7', vatPercent: 0.12, underSanctions: false }],
    });
    await screen.findByText('Client 7');
    observer.disconnect();
    expect(states.some((s) => s.toolbar && !s.row)).toBe(true);
    expect(states.filter((s) => s.row && !s.toolbar)).toEqual([]);
  });
});
