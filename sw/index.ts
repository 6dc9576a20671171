export { installAuthWorker, type AuthWorker, type InstallAuthWorkerOverrides } from './install.ts';
export type { AuthWorkerOptions } from './options.ts';
export { MemoryVault, IndexedDbVault, type TokenVault, type StoredSession } from '../runtime/host/vault.ts';
