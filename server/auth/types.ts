import type {} from 'fastify';
import type { Privilege } from '../../schemas/access';
import type { AccessPosition } from '../../schemas/define';

/**
 * The signed-in user as every route sees it (`request.user`), built by the auth plugin from a
 * verified JWT access token (`sub` = username) and our users/roles tables.
 */
export interface AuthUser {
  userId: number;
  username: string;
  roles: string[];
  /** Merged flag-wise across roles (PERM-09). */
  privileges: Map<string, Privilege>;
  employeeId: number | null;
  employeeOfficeId: number | null;
  employeeName: string | null;
  /** The employee's positions (the positions table), for access rules. */
  positions: AccessPosition[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth plugin on every `/core/api` and `/auth/api/v2` request; null when anonymous. */
    user: AuthUser | null;
  }
}
