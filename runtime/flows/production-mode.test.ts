import { expect, test } from 'vitest';
import { getProductionModeErrors } from './production-mode.ts';

const project = (allowLocalhost: boolean, domains: string[]) => ({ id: 'p1', config: { allowLocalhost, domains: domains.map((domain) => ({ domain })) } });

test('a clean project has no errors', () => {
  expect(getProductionModeErrors(project(false, ['https://app.example.com']))).toEqual([]);
});

test('the exact texts of the SDK', () => {
  const errors = getProductionModeErrors(
    project(true, ['not a url', 'http://localhost:3000', 'https://app.localhost', 'http://127.0.0.1', 'https://10.0.0.1', 'http://app.example.com']),
  );
  expect(errors.map((e) => e.message)).toEqual([
    "Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings",
    'Trusted domain is not a valid URL: not a url',
    'Localhost domains are not allowed to be trusted in production mode: http://localhost:3000',
    'Localhost domains are not allowed to be trusted in production mode: https://app.localhost',
    'Localhost domains are not allowed to be trusted in production mode: http://127.0.0.1',
    'Direct IPs are not valid for trusted domains in production mode: https://10.0.0.1',
    'Trusted domains should be HTTPS: http://app.example.com',
  ]);
  expect(new Set(errors.map((e) => e.relativeFixUrl))).toEqual(new Set(['/projects/p1/domains']));
});

test('IPv6 literals count as direct IPs', () => {
  expect(getProductionModeErrors(project(false, ['https://[2001:db8::1]']))[0]?.message).toBe(
    'Direct IPs are not valid for trusted domains in production mode: https://[2001:db8::1]',
  );
});
