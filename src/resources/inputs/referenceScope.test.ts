import { describe, expect, it } from 'vitest';
import { scopeFromParent } from './referenceScope';

describe('scopeFromParent', () => {
  it('a direct via is preselected by the form: no scope', () => {
    expect(scopeFromParent('client', 12)).toEqual({});
  });

  it("a path narrows its first reference to the parent's records", () => {
    expect(scopeFromParent('contact.client', '12')).toEqual({ contact: { 'client.id': 12 } });
    expect(scopeFromParent('payerMatter.project.payerClient', 7)).toEqual({
      payerMatter: { 'project.payerClient.id': 7 },
    });
  });
});
