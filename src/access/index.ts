export { createCanAccess, canViewPage, toPermissions, type Permissions, type CanAccessParams } from './canAccess';
export { RequireAccess } from './RequireAccess';
