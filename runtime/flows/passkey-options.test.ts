import { expect, test } from 'vitest';
import { PASSKEY_RP_ID_SENTINEL, shapeAuthenticationOptions, shapeRegistrationOptions } from './passkey-options.ts';

const userIdB64 = btoa('9b3f2c1e-5d4a-4b7e-8f6a-1c2d3e4f5a6b').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const registration = {
  rp: { id: PASSKEY_RP_ID_SENTINEL, name: 'Demo' },
  user: { id: userIdB64, name: 'ada', displayName: 'Ada' },
  challenge: 'c',
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
};

test('registration: sentinel replaced by the hostname, rest untouched', () => {
  const shaped = shapeRegistrationOptions(registration, 'localhost');
  expect(shaped['rp']).toEqual({ id: 'localhost', name: 'Demo' });
  expect(shaped['challenge']).toBe('c');
  expect(registration.rp.id).toBe(PASSKEY_RP_ID_SENTINEL);
});

test('registration: other rp ids and bad user ids are refused', () => {
  expect(() => shapeRegistrationOptions({ ...registration, rp: { id: 'evil.com' } }, 'localhost')).toThrow(/expected THIS_VALUE/);
  expect(() => shapeRegistrationOptions({ ...registration, user: { id: '' } }, 'localhost')).toThrow(/1 to 64 bytes/);
  expect(() => shapeRegistrationOptions({ ...registration, user: { id: 'A'.repeat(100) } }, 'localhost')).toThrow(/1 to 64 bytes/);
  expect(() => shapeRegistrationOptions({ ...registration, user: { id: '***' } }, 'localhost')).toThrow(/1 to 64 bytes/);
  expect(() => shapeRegistrationOptions(null, 'localhost')).toThrow();
});

test('authentication: rpId sentinel replaced', () => {
  expect(shapeAuthenticationOptions({ challenge: 'c', rpId: PASSKEY_RP_ID_SENTINEL, allowCredentials: [] }, 'app.example.com')).toEqual({
    challenge: 'c',
    rpId: 'app.example.com',
    allowCredentials: [],
  });
  expect(() => shapeAuthenticationOptions({ rpId: 'x' }, 'h')).toThrow(/expected THIS_VALUE/);
});
