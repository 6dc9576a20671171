// The two projects every fresh emulator database starts with, and their fixed development keys: plain data with no
// import, so a tool that only needs the keys (the demo's Vite config) does not load the emulator.
export interface SeedProject {
  id: string;
  displayName: string;
  publishableClientKey: string;
  secretServerKey: string;
  superSecretAdminKey: string;
}

export const INTERNAL_PROJECT: SeedProject = {
  id: 'internal',
  displayName: 'Stack Dashboard',
  publishableClientKey: 'this-publishable-client-key-is-for-local-development-only',
  secretServerKey: 'this-secret-server-key-is-for-local-development-only',
  superSecretAdminKey: 'this-super-secret-admin-key-is-for-local-development-only',
};

export const DEMO_PROJECT: SeedProject = {
  id: 'dfa45225-c0f9-490d-98d7-d2c978934c58',
  displayName: 'Demo',
  publishableClientKey: 'pck_pmy7skfgdxsnw8q561n2qjdyqtkz0cm2d26eqbg01z9pf',
  secretServerKey: 'ssk_daxst1wd7qxxxk0nd65rnqzjg3410nhv7xynfpwc8ffan',
  superSecretAdminKey: 'sak_94q46a1frgqhxh48zm9z72dkwd09n4cy8307wcsnrgy5v',
};
