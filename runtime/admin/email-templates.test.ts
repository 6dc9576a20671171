import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../protocol/endpoints.ts';
import { listEmailTemplates, resetEmailTemplate, updateEmailTemplate } from './email-templates.ts';
import { adminTestContext, expectBodyAccepted, expectCall, successBody } from '../../testing/runtime/admin.ts';

const template = { type: 'magic_link', subject: 'Sign in', content: { type: 'doc' }, is_default: false };

describe('e-mail templates', () => {
  it('lists, updates and resets', async () => {
    const { ctx, calls } = adminTestContext({ items: [template], is_paginated: false }, template, successBody);
    expect(await listEmailTemplates(ctx)).toEqual([{ type: 'magic_link', subject: 'Sign in', content: { type: 'doc' }, isDefault: false }]);
    expect((await updateEmailTemplate(ctx, 'magic_link', { subject: 'Sign in' })).isDefault).toBe(false);
    await resetEmailTemplate(ctx, 'magic_link');
    expectCall(calls[0], 'GET', '/email-templates');
    expectCall(calls[1], 'PATCH', '/email-templates/magic_link', { subject: 'Sign in' });
    expectBodyAccepted(ENDPOINTS.emailTemplatesUpdate, 'admin', calls[1]);
    expectCall(calls[2], 'DELETE', '/email-templates/magic_link', {});
  });

  it('sends the content document as given', async () => {
    const { ctx, calls } = adminTestContext(template);
    await updateEmailTemplate(ctx, 'password_reset', { content: { type: 'doc', blocks: [] } });
    expectCall(calls[0], 'PATCH', '/email-templates/password_reset', { content: { type: 'doc', blocks: [] } });
  });
});
