import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { positionFunds } from '../../schemas/index';
import { singularName } from './schemaUtils';
import { renderAdmin } from './testUtils';

/** The app bar's title slot, where react-admin's `<Title>` renders a page's title. */
let slot: HTMLElement;
beforeEach(() => {
  slot = document.createElement('span');
  slot.id = 'react-admin-title';
  document.body.appendChild(slot);
});
afterEach(() => slot.remove());

describe('form titles', () => {
  it('name the record in words: "New position fund", not the type name lowercased', async () => {
    expect(singularName(positionFunds)).toBe('position fund');
    renderAdmin('/position-funds/create', [positionFunds], { 'position-funds': [] });
    await waitFor(() => expect(slot).toHaveTextContent('New position fund'));
    expect(slot).not.toHaveTextContent('positionfund');
  });

  it('the edit form says "Edit position fund" and the record', async () => {
    renderAdmin('/position-funds/7/edit', [positionFunds], {
      'position-funds': [{ id: 7, put: 0.1, get: 0.05, dateGte: '2026-01-01' }],
    });
    await waitFor(() => expect(slot).toHaveTextContent(/^Edit position fund/));
    expect(screen.queryByText(/PositionFund/)).toBeNull();
  });
});
