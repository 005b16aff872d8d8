import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { EntitySchema } from '../../schemas/define';

const loaded = vi.fn();

vi.mock('./views/SchemaCreateEdit', () => {
  loaded();
  return {
    SchemaCreate: () => <p>create form</p>,
    SchemaEdit: () => <p>edit form</p>,
  };
});

describe('lazy generated views', () => {
  it('loads the forms module on first use, once, and renders the form', async () => {
    const { LazySchemaCreate, LazySchemaEdit } = await import('./lazyViews');
    expect(loaded).not.toHaveBeenCalled();
    const schema = { route: 'clients' } as unknown as EntitySchema;
    const first = render(<LazySchemaCreate schema={schema} />);
    expect(await screen.findByText('create form')).toBeInTheDocument();
    first.unmount();
    render(<LazySchemaEdit schema={schema} />);
    expect(await screen.findByText('edit form')).toBeInTheDocument();
    expect(loaded).toHaveBeenCalledTimes(1);
  });
});
