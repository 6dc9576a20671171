// The project as its admin sees it: every config field, update, delete, and
// the production-mode check.

import { getProductionModeErrors, type ProductionModeError } from '../flows/production-mode.ts';
import { ENDPOINTS } from '../protocol/endpoints.ts';
import { toAdminProject, toProjectUpdateWire, type AdminProjectData, type AdminProjectUpdate } from '../protocol/schemas/project.ts';
import { callEndpoint, type AppContext } from '../server/context.ts';

export type AdminProjectUpdateOptions = AdminProjectUpdate;

export interface AdminProject extends AdminProjectData {
  /** PATCH /projects/current. An `oauthProviders` list must name every existing provider. */
  update(options: AdminProjectUpdateOptions): Promise<AdminProject>;
  /** Deletes the project for good. */
  delete(): Promise<void>;
  /** Local check (the backend never enforces production mode). */
  getProductionModeErrors(): ProductionModeError[];
}

export function adminProject(ctx: AppContext, data: AdminProjectData): AdminProject {
  return {
    ...data,
    update: async (options) => adminProject(ctx, await updateAdminProject(ctx, options)),
    delete: () => deleteAdminProject(ctx),
    getProductionModeErrors: () => getProductionModeErrors(data),
  };
}

export async function getAdminProject(ctx: AppContext): Promise<AdminProjectData> {
  return toAdminProject(await callEndpoint(ctx, ENDPOINTS.projectsCurrentAdmin, {}));
}

export async function updateAdminProject(ctx: AppContext, options: AdminProjectUpdateOptions): Promise<AdminProjectData> {
  return toAdminProject(await callEndpoint(ctx, ENDPOINTS.projectsCurrentUpdate, { body: toProjectUpdateWire(options) }));
}

export async function deleteAdminProject(ctx: AppContext): Promise<void> {
  await callEndpoint(ctx, ENDPOINTS.projectsCurrentDelete, { body: {} });
}
