import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clients, getSchema } from '../../schemas/index';
import { fieldDisplays } from './fieldTypes/display';
import { fieldInputs } from './fieldTypes/inputs';
import { registerFieldRenderer, registeredRenderers } from './fieldTypes/registry';
import { registerShowPanel, showPanelsOf } from './views/showPanels';

afterEach(cleanup);

describe('the registries areas fill at start-up', () => {
  it('the display and input tables read the registered renderers of file and files when used', () => {
    const registered = registeredRenderers('file');
    expect(fieldDisplays.file).toBe(registered.display);
    expect(fieldInputs.file).toBe(registered.input);
    expect(Object.keys(fieldDisplays)).toContain('files');
    const replacement = {
      display: { ...registered.display, column: !registered.display.column },
      input: registered.input,
    };
    try {
      registerFieldRenderer('file', replacement);
      expect(fieldDisplays.file).toBe(replacement.display);
    } finally {
      registerFieldRenderer('file', registered);
    }
    expect(fieldDisplays.file).toBe(registered.display);
  });

  it('the verification panel shows on the cards of entities that declare verification, and only there', () => {
    const invoices = getSchema('invoices');
    expect(invoices.verification).toBeDefined();
    expect(showPanelsOf(invoices).map((p) => p.key)).toContain('verification');
    expect(clients.verification).toBeUndefined();
    expect(showPanelsOf(clients).map((p) => p.key)).not.toContain('verification');
  });

  it('a panel registered again under its key replaces the first, keeping its place', () => {
    // shown on no real card: the registry is shared with the test files run after this one
    const shows = (schema: { name: string }) => schema.name === 'registries-test';
    const schema = { ...clients, name: 'registries-test' };
    registerShowPanel({ key: 'registries-test-a', shows, Panel: () => <p>first</p> });
    registerShowPanel({ key: 'registries-test-b', shows, Panel: () => <p>second</p> });
    registerShowPanel({ key: 'registries-test-a', shows, Panel: () => <p>replaced</p> });
    const panels = showPanelsOf(schema).filter((p) => p.key.startsWith('registries-test'));
    expect(panels.map((p) => p.key)).toEqual(['registries-test-a', 'registries-test-b']);
    const { Panel } = panels[0]!;
    render(<Panel schema={schema} />);
    expect(screen.getByText('replaced')).toBeInTheDocument();
  });
});
