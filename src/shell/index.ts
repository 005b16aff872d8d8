export { uiStore, useUiState, createUiStore, type UiState, type UiStore } from './uiStore';
export { showToast, onToast, TOAST_LIFE_MS, type Toast } from './toasts';
export { handleForbidden, createForbiddenHandler, FORBIDDEN_TOAST, FORBIDDEN_FLAG_MS } from './forbidden';
export { ToastBridge } from './ToastBridge';
export { ConfirmProvider, useConfirm, type ConfirmOptions } from './useConfirm';
