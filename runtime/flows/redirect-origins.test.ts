// An app's redirects: the app's own trust first, the project's list and
// allow-localhost setting only when needed, from whichever dialect the backend speaks; code and state removed.
import { describe, expect, test } from 'vitest';
import type { ClientProjectData } from '../protocol/schemas/project.ts';
import { projectTrust, stripOAuthParamsFromTarget, trustedRedirectTarget, withProjectTrust } from './redirect-origins.ts';
import { isTrustedRedirect, UntrustedRedirectError } from './redirect-trust.ts';

const PAGE = new URL('https://app.example.com/handler/sign-in?x=1');

function project(config: Partial<ClientProjectData['config']> = {}): ClientProjectData {
  const base = { signUpEnabled: true, credentialEnabled: true, magicLinkEnabled: false, passkeyEnabled: false, clientTeamCreationEnabled: false, clientUserDeletionEnabled: false, oauthProviders: [] };
  return { id: 'p', displayName: 'P', config: { ...base, ...config } };
}

describe("the project's part, in either dialect", () => {
  test('the newer dialect brings its trusted domains and allow-localhost setting', () => {
    const current = project({ allowLocalhost: true, domains: [{ domain: 'https://*.example.org', handlerPath: '/handler' }] });
    expect(projectTrust(current)).toEqual({ trustedDomains: ['https://*.example.org'], allowLocalhost: true });
  });

  test('the older dialect sends neither: nothing is trusted on its account, localhost included', () => {
    expect(projectTrust(project())).toEqual({ trustedDomains: [], allowLocalhost: false });
  });

  test("the app's own trustedDomains count beside the project's; allow-localhost is the project's", () => {
    const merged = withProjectTrust({ currentUrl: PAGE, trustedDomains: ['https://partner.example.net'] }, { trustedDomains: ['https://*.example.org'], allowLocalhost: true });
    expect(merged).toEqual({ currentUrl: PAGE, trustedDomains: ['https://partner.example.net', 'https://*.example.org'], allowLocalhost: true });
    expect(isTrustedRedirect('https://a.example.org/', merged)).toBe(true);
    expect(isTrustedRedirect('https://partner.example.net/', merged)).toBe(true);
    expect(isTrustedRedirect('http://localhost:5173/', merged)).toBe(true);
  });
});

describe('trustedRedirectTarget', () => {
  function projectReads(trust = projectTrust(project({ allowLocalhost: true, domains: [{ domain: 'https://*.example.org', handlerPath: '/handler' }] }))) {
    let reads = 0;
    return {
      read: async () => {
        reads++;
        return trust;
      },
      reads: () => reads,
    };
  }

  test("relative, same-origin and app-listed targets need no project read; code and state go", async () => {
    const project = projectReads();
    const local = { currentUrl: PAGE, trustedDomains: ['https://partner.example.net'] };
    expect(await trustedRedirectTarget('/x?code=1&a=2', local, project.read)).toBe('/x?a=2');
    expect(await trustedRedirectTarget('https://app.example.com/y?state=s#h', local, project.read)).toBe('/y#h');
    expect(await trustedRedirectTarget('https://partner.example.net/z?code=c', local, project.read)).toBe('https://partner.example.net/z');
    expect(project.reads()).toBe(0);
  });

  test("others are checked against the project's list (wildcards, localhost) and refused with the SDK's text", async () => {
    const project = projectReads();
    const local = { currentUrl: PAGE };
    expect(await trustedRedirectTarget('https://accounts.example.org/z?code=c#h', local, project.read)).toBe('https://accounts.example.org/z#h');
    expect(await trustedRedirectTarget('http://localhost:3000/dev?state=s', local, project.read)).toBe('http://localhost:3000/dev');
    await expect(trustedRedirectTarget('https://evil.example.com/', local, project.read)).rejects.toThrow(UntrustedRedirectError);
    await expect(trustedRedirectTarget('https://a.b.example.org/', local, project.read)).rejects.toThrow('Redirect URL https://a.b.example.org/ is not trusted; should be relative.');
    expect(project.reads()).toBe(4);
  });

  test('against a backend of the older dialect, absolute targets need the app\'s trustedDomains', async () => {
    const older = projectReads(projectTrust(project()));
    await expect(trustedRedirectTarget('https://accounts.example.org/', { currentUrl: PAGE }, older.read)).rejects.toThrow(UntrustedRedirectError);
    await expect(trustedRedirectTarget('http://localhost:3000/', { currentUrl: PAGE }, older.read)).rejects.toThrow(UntrustedRedirectError);
    expect(await trustedRedirectTarget('https://accounts.example.org/', { currentUrl: PAGE, trustedDomains: ['https://*.example.org'] }, older.read)).toBe('https://accounts.example.org/');
  });

  test('stripping keeps the kind of target', () => {
    expect(stripOAuthParamsFromTarget('https://app.example.com/cb?code=1&state=2&a=3')).toBe('https://app.example.com/cb?a=3');
    expect(stripOAuthParamsFromTarget('/cb?state=2#h')).toBe('/cb#h');
  });
});
