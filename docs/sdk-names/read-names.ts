// Every public name of the official packages (@stackframe/js and @stackframe/react 2.8.108, as installed) and of
// ours (read from our sources through the entry list), by the TypeScript compiler: top-level exports, types
// included, and the members of the app classes and the user objects.
import { resolve } from 'node:path';
import ts from 'typescript';
import { LIB_ENTRIES, specifierOf } from '../../build/lib-entries.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** The surfaces the table lists: the top-level exports, then the members of each app and user type. */
export const SURFACES = ['exports', 'StackClientApp', 'StackServerApp', 'StackAdminApp', 'CurrentUser', 'ServerUser'] as const;
export type Surface = (typeof SURFACES)[number];

/** Where each member surface lives on our side: the entry that exports the type of that name. */
const OUR_MEMBER_ENTRIES: Record<Exclude<Surface, 'exports'>, string> = {
  StackClientApp: '.',
  StackServerApp: './server',
  StackAdminApp: './admin',
  CurrentUser: '.',
  ServerUser: './server',
};

export interface NameSet {
  /** Top-level export name -> the import specifiers that export it. */
  exports: Map<string, string[]>;
  /** Member names of each app and user type (official: each surface's own, the server app without the client's, ...). */
  members: Record<Exclude<Surface, 'exports'>, string[]>;
}

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
  allowImportingTsExtensions: true,
  noEmit: true,
  skipLibCheck: true,
  strict: true,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: [],
};

/** One program over the modules named (specifier -> module path or package name), with their export symbols. */
function exportsOf(modules: Record<string, string>): { checker: ts.TypeChecker; exports: Map<string, ts.Symbol[]> } {
  const probe = resolve(ROOT, '.cache/sdk-names-probe.ts');
  const text = Object.values(modules).map((path, i) => `export * as m${i} from ${JSON.stringify(path)};`).join('\n');
  const host = ts.createCompilerHost(OPTIONS);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (file) => file === probe || fileExists(file);
  host.readFile = (file) => (file === probe ? text : readFile(file));
  host.getSourceFile = (file, language, ...rest) => (file === probe ? ts.createSourceFile(file, text, language) : getSourceFile(file, language, ...rest));
  const program = ts.createProgram([probe], OPTIONS, host);
  const checker = program.getTypeChecker();
  const statements = program.getSourceFile(probe)?.statements ?? [];
  const exports = new Map<string, ts.Symbol[]>();
  Object.keys(modules).forEach((specifier, i) => {
    const declaration = statements[i] as ts.ExportDeclaration;
    const module = declaration.moduleSpecifier && checker.getSymbolAtLocation(declaration.moduleSpecifier);
    if (!module) throw new Error(`TypeScript cannot resolve ${specifier}`);
    exports.set(specifier, checker.getExportsOfModule(module));
  });
  return { checker, exports };
}

/** A private or protected class member. */
function isHidden(member: ts.Symbol): boolean {
  const declaration = member.valueDeclaration ?? member.declarations?.[0];
  return declaration !== undefined && (ts.getCombinedModifierFlags(declaration) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) !== 0;
}

/** The public members of the type a symbol names (an alias followed); internal (`_x`) and symbol-keyed ones left out. */
function membersOf(checker: ts.TypeChecker, symbol: ts.Symbol | undefined): string[] {
  if (!symbol) return [];
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const type = checker.getDeclaredTypeOfSymbol(target);
  return checker
    .getPropertiesOfType(type)
    .filter((p) => !p.name.startsWith('_') && !p.name.startsWith('#') && !isHidden(p))
    .map((p) => p.name);
}

function nameSet(
  checker: ts.TypeChecker,
  exports: Map<string, ts.Symbol[]>,
  memberEntry: (surface: Exclude<Surface, 'exports'>) => string,
  ownOnly: boolean,
): NameSet {
  const byName = new Map<string, string[]>();
  for (const [specifier, symbols] of exports) for (const s of symbols) byName.set(s.name, [...(byName.get(s.name) ?? []), specifier]);
  const find = (surface: Exclude<Surface, 'exports'>) => exports.get(memberEntry(surface))?.find((s) => s.name === surface);
  const all = Object.fromEntries(SURFACES.slice(1).map((surface) => [surface, membersOf(checker, find(surface as Exclude<Surface, 'exports'>))])) as NameSet['members'];
  const without = (names: string[], others: string[]) => (ownOnly ? names.filter((n) => !others.includes(n)) : names);
  return {
    exports: byName,
    members: {
      StackClientApp: all.StackClientApp,
      StackServerApp: without(all.StackServerApp, all.StackClientApp),
      StackAdminApp: without(all.StackAdminApp, all.StackServerApp),
      CurrentUser: all.CurrentUser,
      ServerUser: without(all.ServerUser, all.CurrentUser),
    },
  };
}

/** The official names: the React package's types are the JavaScript package's plus the hooks, so its members are read. */
export function officialNames(): NameSet {
  const { checker, exports } = exportsOf({ '@stackframe/js': '@stackframe/js', '@stackframe/react': '@stackframe/react' });
  return nameSet(checker, exports, () => '@stackframe/react', true);
}

/** Our names, from the sources of every entry but the worker's (the SDK has no worker). */
export function ourNames(): NameSet {
  const entries = Object.fromEntries(
    Object.entries(LIB_ENTRIES)
      .filter(([, entry]) => entry.lib === 'dom')
      .map(([subpath, entry]) => [specifierOf(subpath), resolve(ROOT, entry.source)]),
  );
  const { checker, exports } = exportsOf(entries);
  return nameSet(checker, exports, (surface) => specifierOf(OUR_MEMBER_ENTRIES[surface]), false);
}
