import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Page not found': 'Página não encontrada',
  'There is no handler page at {path}.': 'Não há nenhuma página em {path}.',
  'This page is set to send you to an address this app does not trust, so you stay here.': 'Esta página enviaria você para um endereço em que este app não confia, então você fica aqui.',
  'Signing you in…': 'Entrando…',
  'You are not signed in': 'Você não está conectado',
  'Sign-in could not continue': 'Não foi possível continuar o login',
  'The server stopped this with the code {code}. Go back and try again, or tell the app’s owner.': 'O servidor interrompeu isso com o código {code}. Volte e tente de novo, ou avise o responsável pelo app.',
  'This page was opened without saying what went wrong. Go back and try again.': 'Esta página foi aberta sem dizer o que deu errado. Volte e tente de novo.',
  'Signing out…': 'Saindo…',
  'This sign-in link has no code. Open the link from the e-mail again.': 'Este link de login não tem código. Abra o link do e-mail de novo.',
  'This sign-in could not be completed. Please sign in again.': 'Não foi possível concluir o login. Entre de novo.',
  'Team invitation': 'Convite para uma equipe',
  'Checking your invitation…': 'Verificando seu convite…',
  'This invitation link has no code. Ask for a new one.': 'Este link de convite não tem código. Peça um novo.',
  'You were invited to a team.': 'Você foi convidado para uma equipe.',
  'Sign in to join it': 'Entre para participar',
  'You are invited to join this team:': 'Você foi convidado para participar desta equipe:',
  'Joining…': 'Entrando na equipe…',
  'Join team': 'Entrar na equipe',
} satisfies AreaTranslation<'handler'>;
