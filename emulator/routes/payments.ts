// The reads the official components make on load of payments, a feature outside the spec: answered as the hosted
// service answers a project without payments (no customer, no products, no invoices), so an official page such as
// AccountSettings renders instead of failing on a 404.
import { Hono, type Context } from 'hono';
import { getMembership } from '../domain/teams.ts';
import type { AppEnv, Auth } from '../http/env.ts';
import { endpoint, resolveUserId } from '../http/endpoint.ts';
import { json } from '../http/respond.ts';
import { number, object, string } from '../http/schema.ts';
import { StatusError } from '../core/status-error.ts';

const customerParams = object({ customer_type: string({ oneOf: ['user', 'team'] }), customer_id: string() });
const pageQuery = object({ cursor: string().optional(), limit: number({ integer: true, min: 1 }).optional() });
const EMPTY_PAGE = { items: [], is_paginated: true, pagination: { next_cursor: null } };

/** A client reads its own user's payments or a team's it belongs to; server and admin any customer's. */
async function checkCustomer(c: Context<AppEnv>, auth: Auth, type: string, id: string): Promise<void> {
  const denied = 'Clients can only read the payments of their own user or of their teams.';
  if (type === 'user') {
    await resolveUserId(c, auth, id, denied);
    return;
  }
  if (auth.type !== 'client') return;
  const member = auth.user ? await getMembership(c.get('services').db, auth.project.id, id, auth.user.row.id) : null;
  if (!member) throw new StatusError(403, denied);
}

const customerRead = (answer: unknown, query?: typeof pageQuery) =>
  endpoint({ access: 'any', params: customerParams, ...(query ? { query } : {}) }, async (c, { auth, params }) => {
    await checkCustomer(c, auth, params.customer_type, params.customer_id);
    return json(answer);
  });

export const paymentRoutes = new Hono<AppEnv>()
  .get('/payments/billing/:customer_type/:customer_id', customerRead({ has_customer: false, default_payment_method: null }))
  .get('/payments/products/:customer_type/:customer_id', customerRead(EMPTY_PAGE, pageQuery))
  .get('/payments/invoices/:customer_type/:customer_id', customerRead(EMPTY_PAGE, pageQuery));
