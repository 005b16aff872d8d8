/**
 * The slice of `oidc-provider` v9 (no bundled types) that the auth plugin uses. Configuration is
 * typed loosely on purpose: `provider.ts` types each callback it passes.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface AdapterPayload {
    [key: string]: unknown;
    grantId?: string;
    userCode?: string;
    uid?: string;
    consumed?: number;
  }

  /** The storage contract of every model (Session, Interaction, Grant, AccessToken...). */
  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export class Grant {
    constructor(properties: { accountId: string; clientId: string });
    jti: string;
    accountId?: string;
    clientId?: string;
    addOIDCScope(scope: string): void;
    addResourceScope(resource: string, scope: string): void;
    getOIDCScope(): string;
    getResourceScope(resource: string): string;
    save(ttl?: number): Promise<string>;
    static find(id: string): Promise<Grant | undefined>;
  }

  export interface Interaction {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string; uid?: string };
    grantId?: string;
    returnTo: string;
  }

  export interface ClientModel {
    clientId: string;
    clientAuthMethod: string;
    redirectUris: string[];
    grantTypeAllowed(type: string): boolean;
  }

  /** The Koa context oidc-provider hands to configuration callbacks (only what we read). */
  export interface KoaContextWithOIDC {
    oidc: {
      client?: ClientModel;
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
      provider: Provider;
      route?: string;
    };
    body: unknown;
    type: string;
    status: number;
    host: string;
    set(field: string, value: string): void;
    response: { get(field: string): string };
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    readonly issuer: string;
    proxy: boolean;
    Grant: typeof Grant;
    Session: { find(id: string): Promise<{ accountId?: string } | undefined> };
    cookieName(type: 'session' | 'interaction' | 'resume'): string;
    createContext(
      req: IncomingMessage,
      res: ServerResponse,
    ): { cookies: { get(name: string, options?: { signed?: boolean }): string | undefined } };
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
