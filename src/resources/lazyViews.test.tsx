import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { EntitySchema } from '../../schemas/define';

const order: string[] = [];

vi.mock('./views/SchemaCreateEdit', () => ({
  SchemaCreate: () => {
    order.push('create rendered');
    return <p>create form</p>;
  },
  SchemaEdit: () => {
    order.push('edit rendered');
    return <p>edit form</p>;
  },
}));

describe('lazy generated views', () => {
  it('runs the forms preparation (the widgets) once, before the first form renders', async () => {
    const { LazySchemaCreate, LazySchemaEdit, setFormsPreparation } = await import('./lazyViews');
    let release!: () => void;
    const prepare = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          release = () => {
            order.push('prepared');
            resolve();
          };
        }),
    );
    setFormsPreparation(prepare);
    const schema = { route: 'clients' } as unknown as EntitySchema;
    const first = render(<LazySchemaCreate schema={schema} />);
    await vi.waitFor(() => expect(prepare).toHaveBeenCalled());
    expect(screen.queryByText('create form')).toBeNull();
    release();
    expect(await screen.findByText('create form')).toBeInTheDocument();
    first.unmount();

    render(<LazySchemaEdit schema={schema} />);
    expect(await screen.findByText('edit form')).toBeInTheDocument();
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(order).toEqual(['prepared', 'create rendered', 'edit rendered']);
  });
});
