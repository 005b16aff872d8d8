/**
 * Bespoke views by key: a schema's `views: { create: 'clientWizard' }` names a key, and the
 * component registered here under that key replaces the generated view (schemas stay free of
 * React). Area folders (`src/<area>/index.ts`) call `registerView` or add entries here.
 */
import type { ComponentType } from 'react';

export const bespokeViews: Record<string, ComponentType> = {};

/** Registers (or replaces) the component of a view key. */
export const registerView = (key: string, component: ComponentType): void => {
  bespokeViews[key] = component;
};
