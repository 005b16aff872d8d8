import { useEffect } from 'react';
import { useSidebarState } from 'react-admin';
import { uiStore } from './uiStore';

/**
 * Keeps react-admin's sidebar (the burger menu) and the shell's burger-open flag in step both ways
 * (SHELL-07), so the native bridge (SHELL-13..18) opens and closes whatever menu the page shows.
 * Mount once per layout that has a burger menu.
 */
export const BurgerSync = () => {
  const [open, setOpen] = useSidebarState();
  useEffect(() => {
    uiStore.set({ burgerOpen: open });
  }, [open]);
  useEffect(() => uiStore.subscribe(() => setOpen(uiStore.get().burgerOpen)), [setOpen]);
  return null;
};
