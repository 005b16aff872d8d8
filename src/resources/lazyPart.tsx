/**
 * Lazy bespoke parts: a part (card tab, toolbar button, field cell or input) whose code loads the
 * first time it renders, so an area's parts file (`src/app/resources.tsx` gathers them all at
 * start) keeps their components, forms and widgets out of the first load. Source: `bench:ui`'s
 * initial-JS goal (bench/ui/README.md, "flat in the number of entities").
 */
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import type { InputRenderProps, InputRenderer } from './fieldTypes/types';

/**
 * A component loaded on first render, shown as `fallback` (nothing by default) while its chunk loads.
 * @param load `() => import('./Module').then((m) => m.Export)`: the component, not the module
 * @returns a component with the same props
 * @example const PaymentsTab = lazyPart<TabProps>(() => import('../payments/PaymentsTab').then((m) => m.PaymentsTab));
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactElement | null = null,
): ComponentType<P> {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  const Part = (props: P) => (
    <Suspense fallback={fallback}>
      <Lazy {...props} />
    </Suspense>
  );
  return Part;
}

/**
 * A field input part (`fields.<name>.input`) loaded on first render; the form shows nothing for
 * the field until its chunk arrives (it comes with the form's own lazy chunk in practice).
 * @param load `() => import('./Inputs').then((m) => m.MyInput)`: a component taking the input renderer's props
 * @example fields: { username: { input: lazyInput(() => import('./UserInputs').then((m) => m.UsernameInput)) } }
 */
export function lazyInput(load: () => Promise<ComponentType<InputRenderProps>>): InputRenderer {
  const Input = lazyPart(load);
  return (props: InputRenderProps) => <Input {...props} />;
}
