// The page's reading and writing of entity JSON (the protocol's schemas and mappers). Loaded on first use:
// the page's initial bundle then carries no zod, and the worker has already checked the transport.
import {
  contactChannelSchema,
  toContactChannel,
  toContactChannelCreateWire,
  toContactChannelUpdateWire,
  type ContactChannelData,
} from '../protocol/schemas/contact-channel.ts';
import { listResponseSchema } from '../protocol/schemas/list.ts';
import { clientProjectSchema, toClientProject, type ClientProjectData } from '../protocol/schemas/project.ts';
import { clientUserSchema, toCurrentUser, toUserUpdateWire, type CurrentUserData } from '../protocol/schemas/user.ts';

export { toContactChannelCreateWire, toContactChannelUpdateWire, toUserUpdateWire };

export function readCurrentUser(body: unknown): CurrentUserData {
  return toCurrentUser(clientUserSchema.parse(body));
}

export function readClientProject(body: unknown): ClientProjectData {
  return toClientProject(clientProjectSchema.parse(body));
}

export function readContactChannel(body: unknown): ContactChannelData {
  return toContactChannel(contactChannelSchema.parse(body));
}

const channelList = listResponseSchema(contactChannelSchema);

export function readContactChannels(body: unknown): ContactChannelData[] {
  return channelList.parse(body).items.map(toContactChannel);
}
