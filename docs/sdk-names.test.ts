// docs/migrating.md's table of every public name of @stackframe/js and @stackframe/react 2.8.108 against both
// packages: each official name has a row (and no row names something the packages lack), a name marked `same` or
// `changed` exists in authworker, one marked `absent` does not (so exporting it fails here until its row says so),
// and the page carries the table as generated (`npm run gen`; scripts/gen.test.ts checks it).
import { beforeAll, describe, expect, it } from 'vitest';
import { officialNames, ourNames, SURFACES, type NameSet } from './sdk-names/read-names.ts';
import { FATES, officialList, weHave } from './sdk-names/table.ts';

let official: NameSet;
let ours: NameSet;

beforeAll(() => {
  official = officialNames();
  ours = ourNames();
}, 180_000);

describe('the official names table (docs/migrating.md)', () => {
  it('reads the official packages and our sources', () => {
    expect(official.exports.get('SignIn')).toEqual(['@stackframe/react']);
    expect(official.exports.has('StackServerApp')).toBe(true);
    expect(official.members.StackClientApp).toContain('signInWithMfa');
    expect(official.members.StackServerApp).not.toContain('signInWithMfa');
    expect(ours.exports.get('StackServerApp')).toEqual(['authworker/server']);
    expect(ours.members.StackClientApp).toContain('getAuthJson');
  });

  for (const surface of SURFACES) {
    it(`has one row for each official ${surface} name, and none for a name the packages lack`, () => {
      expect(Object.keys(FATES[surface]).sort()).toEqual([...officialList(official, surface)].sort());
    });

    it(`says same or changed for exactly the ${surface} names authworker has`, () => {
      const wrong = Object.entries(FATES[surface])
        .filter(([name, fate]) => weHave(ours, surface, name) !== (fate.status !== 'absent'))
        .map(([name, fate]) => `${name}: the table says ${fate.status}, authworker ${weHave(ours, surface, name) ? 'has it' : 'lacks it'}`);
      expect(wrong).toEqual([]);
    });
  }
});
