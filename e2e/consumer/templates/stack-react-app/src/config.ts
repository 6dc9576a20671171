// The project the app talks to; the consumer suite writes its emulator's URL here.
export const config = {
  projectId: 'dfa45225-c0f9-490d-98d7-d2c978934c58',
  publishableClientKey: 'pck_pmy7skfgdxsnw8q561n2qjdyqtkz0cm2d26eqbg01z9pf',
  baseUrl: 'http://localhost:8102',
};
