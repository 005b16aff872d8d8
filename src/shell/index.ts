export { uiStore, useUiState, createUiStore, type UiState, type UiStore } from './uiStore';
export { showToast, onToast, TOAST_LIFE_MS, type Toast } from './toasts';
export { handleForbidden, createForbiddenHandler, FORBIDDEN_TOAST, FORBIDDEN_FLAG_MS } from './forbidden';
export { ToastBridge } from './ToastBridge';
export { ConfirmProvider, useConfirm, type ConfirmOptions } from './useConfirm';
export {
  installBridge,
  handleNativeMessage,
  parseNativeMessage,
  findNativeBridge,
  burgerMessages,
  type BureauAppApi,
  type BridgeMessage,
} from './bridge';
export { BurgerSync } from './BurgerSync';
export { lazyReported, resolveLayoutName, DYNAMIC_IMPORT_ERROR, LAYOUT_NAMES, type LayoutName } from './lazyImport';
