import * as Select from '@radix-ui/react-select';
import { useEffect, useId, useRef, useState } from 'react';
import type { Team } from '../../runtime/client/user/teams.ts';
import { useSession, useStackApp, useUser } from '../hooks.ts';
import { useProject } from '../project.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { useTeams } from '../teams.ts';
import { Scope } from './frame.tsx';
import { Icon } from './icons.tsx';
import { useAction } from './kit.tsx';
import { MenuStyles } from './menu-styles.tsx';
import { UserAvatar } from './user-avatar.tsx';

/** What the switchers read of a team: the current user's teams, or the objects an app passes (the official SDK's teams too). */
export interface SwitcherTeam {
  id: string;
  displayName: string;
  profileImageUrl?: string | null;
}

/** The team passed to `onChange`: null only where `allowNull` offers "No team". */
type Chosen<AllowNull extends boolean> = AllowNull extends true ? Team | null : Team;

/** The official switchers' preview data: teams and a project with no backend behind them. */
interface MockProps {
  mockTeams?: SwitcherTeam[];
  mockProject?: { config: { clientTeamCreationEnabled: boolean } };
}

/** The official `TeamSwitcher`'s props. */
export interface TeamSwitcherProps<AllowNull extends boolean = false> extends MockProps {
  /** The team shown as chosen (else the one of `teamId`). */
  team?: SwitcherTeam;
  teamId?: string;
  /** The teams offered; the current user's by default. */
  teams?: SwitcherTeam[];
  allowNull?: AllowNull;
  /** The label of the "no team" choice; "No team" by default. */
  nullLabel?: string;
  /** Class names for the listbox's button. */
  triggerClassName?: string;
  onChange?: (team: Chosen<AllowNull>) => Promise<void>;
  /** A preview: the team shown as chosen. */
  mockUser?: { team?: SwitcherTeam };
}

interface SwitcherViewProps {
  teams: SwitcherTeam[];
  chosen: SwitcherTeam | null;
  allowNull?: boolean;
  nullLabel?: string;
  triggerClassName?: string;
  canCreate: boolean;
  /** A preview: no links to the account settings. */
  mock?: boolean;
  /** The change is a write of the user's (the selected team): refused offline, with the reason shown. */
  write?: boolean;
  onChange: (team: SwitcherTeam | null) => Promise<void> | void;
}

const NO_TEAM = 'aw-no-team';
const CREATE = 'aw-create-team';

function TeamOption({ team, label }: { team: SwitcherTeam; label?: string }) {
  return (
    <Select.Item className="aw-menu-item" value={team.id} textValue={team.displayName}>
      <UserAvatar user={{ displayName: team.displayName, profileImageUrl: team.profileImageUrl }} size={22} />
      <Select.ItemText>
        <span title={team.displayName}>{team.displayName}</span>
      </Select.ItemText>
      <Select.ItemIndicator>
        <Icon name="check" className="aw-check" />
      </Select.ItemIndicator>
      {label && <span className="aw-sr-only">{label}</span>}
    </Select.Item>
  );
}

/**
 * A listbox of teams (Radix Select: arrow keys, type-ahead, Escape, focus returned): the chosen team on top, the
 * "Other teams", "No team" where allowed, and "Create a team" (to the account settings) where the project allows.
 */
function SwitcherView({ teams, chosen, allowNull, nullLabel, triggerClassName, canCreate, mock, write, onChange }: SwitcherViewProps) {
  const t = useTranslation();
  const app = useStackApp();
  const offline = useSession().network === 'offline' && write;
  const reasonId = useId();
  // The team picked shows in the trigger while the change runs (a mutation resolves once the user is read again).
  const [pending, setPending] = useState<string | null>(null);
  const picked = useRef<string | null>(null);
  const change = useAction(async () => {
    await onChange(teams.find((team) => team.id === picked.current) ?? null);
  }, !write);
  const settings = app.urls.accountSettings;
  const pick = (value: string) => {
    // Busy, the listbox stays enabled (a disabled one would drop the focus) and takes no second pick.
    if (change.busy) return;
    if (value === CREATE) {
      location.assign(`${settings}#team-creation`);
      return;
    }
    picked.current = value === NO_TEAM ? null : value;
    setPending(value);
    void change.run().finally(() => setPending(null));
  };
  const others = teams.filter((team) => team.id !== chosen?.id);
  // Written out, so a server render shows it too (Radix reads an item's text only once the items mount).
  const value = pending ?? chosen?.id ?? (allowNull ? NO_TEAM : '');
  const shown = value === NO_TEAM ? (nullLabel ?? t('No team')) : (teams.find((team) => team.id === value) ?? chosen)?.displayName;
  return (
    <Scope inline className="aw-switcher">
      <MenuStyles />
      <Select.Root value={value} onValueChange={pick} disabled={offline}>
        <Select.Trigger className={`aw-trigger aw-select ${triggerClassName ?? ''}`} aria-label={t('Team')} aria-busy={change.busy} aria-describedby={offline ? reasonId : undefined}>
          <Select.Value placeholder={teams.length ? t('Select team') : t('No teams yet')}>{shown}</Select.Value>
          <Icon name="chevronsUpDown" className="aw-chevron" />
        </Select.Trigger>
        <Select.Portal>
          <Select.Content className="aw-page aw-menu" position="popper" sideOffset={6} collisionPadding={8}>
            <Select.Viewport>
              {chosen && (
                <Select.Group>
                  <Select.Label className="aw-menu-heading">{t('Current team')}</Select.Label>
                  <TeamOption team={chosen} />
                </Select.Group>
              )}
              {others.length > 0 && (
                <Select.Group>
                  <Select.Label className="aw-menu-heading">{t('Other teams')}</Select.Label>
                  {others.map((team) => (
                    <TeamOption key={team.id} team={team} />
                  ))}
                </Select.Group>
              )}
              {allowNull && (
                <Select.Item className="aw-menu-item" value={NO_TEAM}>
                  <Select.ItemText>{nullLabel ?? t('No team')}</Select.ItemText>
                </Select.Item>
              )}
              {!mock && canCreate && (
                <>
                  <Select.Separator className="aw-menu-separator" />
                  <Select.Item className="aw-menu-item" value={CREATE}>
                    <Icon name="plus" />
                    <Select.ItemText>{t('Create a team')}</Select.ItemText>
                  </Select.Item>
                </>
              )}
            </Select.Viewport>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
      {!mock && chosen && (
        <a className="aw-icon-link" href={`${settings}#team-${chosen.id}`} aria-label={t('Team settings')} title={t('Team settings')}>
          <Icon name="settings" />
        </a>
      )}
      {offline && (
        <span id={reasonId} className="aw-muted">
          {t('Offline: switching teams needs a connection.')}
        </span>
      )}
      {change.error && (
        <span className="aw-error" role="alert">
          {change.error}
        </span>
      )}
    </Scope>
  );
}

/** The props every switcher hands to its select as they are. */
type SelectOptions = Pick<SwitcherViewProps, 'allowNull' | 'nullLabel' | 'triggerClassName'>;
const selectOptions = ({ allowNull, nullLabel, triggerClassName }: SelectOptions): SelectOptions => ({ allowNull, nullLabel, triggerClassName });

/** A preview of either switcher: the mock teams and project, no backend, no links. */
function MockSwitcher(props: MockProps & SelectOptions & Pick<SwitcherViewProps, 'chosen' | 'onChange'>) {
  const canCreate = props.mockProject?.config.clientTeamCreationEnabled ?? false;
  return <SwitcherView {...selectOptions(props)} teams={props.mockTeams ?? []} chosen={props.chosen} canCreate={canCreate} mock onChange={props.onChange} />;
}

function LiveTeamSwitcher<AllowNull extends boolean>(props: TeamSwitcherProps<AllowNull>) {
  const mine = useTeams();
  const teams = props.teams ?? mine;
  const { config } = useProject();
  const chosen = props.team ?? teams.find((team) => team.id === props.teamId) ?? null;
  return (
    <SwitcherView
      {...selectOptions(props)}
      teams={teams}
      chosen={chosen}
      canCreate={config.clientTeamCreationEnabled}
      onChange={(team) => props.onChange?.(team as Chosen<AllowNull>)}
    />
  );
}

/** The official `TeamSwitcher`: picks one of the user's teams (or of `teams`) and calls `onChange`; it does not change the selected team. */
export function TeamSwitcher<AllowNull extends boolean = false>(props: TeamSwitcherProps<AllowNull>) {
  if (!props.mockUser) return <LiveTeamSwitcher {...props} />;
  return <MockSwitcher {...props} chosen={props.team ?? props.mockUser.team ?? null} onChange={(team) => props.onChange?.(team as Chosen<AllowNull>)} />;
}

/** The official `SelectedTeamSwitcher`'s props. */
export interface SelectedTeamSwitcherProps<AllowNull extends boolean = false> extends MockProps {
  /** Where to go after a change: the URL of the chosen team (a full page load). */
  urlMap?: (team: Chosen<AllowNull>) => string;
  /** Makes this team the selected one as the switcher mounts (unless `noUpdateSelectedTeam`). */
  selectedTeam?: SwitcherTeam;
  /** Only calls `onChange` (and follows `urlMap`): the user's selected team stays. */
  noUpdateSelectedTeam?: boolean;
  allowNull?: AllowNull;
  nullLabel?: string;
  onChange?: (team: Chosen<AllowNull>) => void;
  triggerClassName?: string;
  /** A preview: the team shown as selected. */
  mockUser?: { selectedTeam?: SwitcherTeam };
}

function LiveSelectedTeamSwitcher<AllowNull extends boolean>(props: SelectedTeamSwitcherProps<AllowNull>) {
  const user = useUser();
  const teams = useTeams();
  const { config } = useProject();
  const { selectedTeam, noUpdateSelectedTeam } = props;
  useEffect(() => {
    if (user && selectedTeam && !noUpdateSelectedTeam && user.selectedTeamId !== selectedTeam.id) {
      // Nobody is waiting for this write (offline, say): the next change tries again.
      user.setSelectedTeam(selectedTeam.id).catch((error: unknown) => console.warn('[authworker] SelectedTeamSwitcher could not select the team', error));
    }
    // Once per team to select: the user object changes with every edit.
  }, [selectedTeam?.id, noUpdateSelectedTeam]);
  const chosen = selectedTeam ?? user?.selectedTeam ?? null;
  const change = async (team: SwitcherTeam | null) => {
    const mine = (team && teams.find((t) => t.id === team.id)) ?? null;
    props.onChange?.(mine as Chosen<AllowNull>);
    if (!noUpdateSelectedTeam && user) await user.setSelectedTeam(mine?.id ?? null);
    if (props.urlMap) location.assign(props.urlMap(mine as Chosen<AllowNull>));
  };
  return (
    <SwitcherView {...selectOptions(props)} teams={teams} chosen={chosen} canCreate={config.clientTeamCreationEnabled} write={!noUpdateSelectedTeam} onChange={change} />
  );
}

/** The official `SelectedTeamSwitcher`: shows the user's selected team and makes the one picked the selected team. */
export function SelectedTeamSwitcher<AllowNull extends boolean = false>(props: SelectedTeamSwitcherProps<AllowNull>) {
  if (!props.mockUser) return <LiveSelectedTeamSwitcher {...props} />;
  return <MockSwitcher {...props} chosen={props.selectedTeam ?? props.mockUser.selectedTeam ?? null} onChange={(team) => props.onChange?.(team as Chosen<AllowNull>)} />;
}
