import { describe, expect, it } from 'vitest';
import { billingStatusColor, codeOf, NEW_CALENDAR_BILLING_STATUS, WORK_TYPE_ICONS } from './looks';

describe('how times look', () => {
  it('TIME-07 billing status 2 is shown as danger', () => expect(billingStatusColor(2)).toBe('error'));
  it('TIME-08 billing status 3 is shown as warning', () => expect(billingStatusColor(3)).toBe('warning'));
  it('TIME-09 billing status 4 is shown as success', () => expect(billingStatusColor(4)).toBe('success'));
  it('other billing statuses, or none, are neutral', () => {
    expect(billingStatusColor(1)).toBe('default');
    expect(billingStatusColor(undefined)).toBe('default');
    expect(billingStatusColor(codeOf({ code: '4' }))).toBe('success');
  });
  it('TIME-05 work type icons: 2 phone, 3 meeting, 4 e-mail, 5 task', () => {
    expect([2, 3, 4, 5].map((c) => WORK_TYPE_ICONS[c]?.name)).toEqual(['phone', 'meeting', 'e-mail', 'task']);
  });
  it('TIME-10 calendar entries start with billing status code 2', () => expect(NEW_CALENDAR_BILLING_STATUS).toBe(2));
});
