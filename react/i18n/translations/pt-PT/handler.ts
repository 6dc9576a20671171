import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Page not found': 'Página não encontrada',
  'There is no handler page at {path}.': 'Não existe nenhuma página em {path}.',
  'This page is set to send you to an address this app does not trust, so you stay here.': 'Esta página enviá-lo-ia para um endereço em que esta aplicação não confia, por isso fica aqui.',
  'Signing you in…': 'A iniciar sessão…',
  'You are not signed in': 'Não tem sessão iniciada',
  'Sign-in could not continue': 'Não foi possível continuar o início de sessão',
  'The server stopped this with the code {code}. Go back and try again, or tell the app’s owner.': 'O servidor interrompeu isto com o código {code}. Volte atrás e tente novamente, ou avise o responsável pela aplicação.',
  'This page was opened without saying what went wrong. Go back and try again.': 'Esta página foi aberta sem indicar o que correu mal. Volte atrás e tente novamente.',
  'Signing out…': 'A terminar sessão…',
  'This sign-in link has no code. Open the link from the e-mail again.': 'Esta ligação de início de sessão não tem código. Abra novamente a ligação do e-mail.',
  'This sign-in could not be completed. Please sign in again.': 'Não foi possível concluir o início de sessão. Inicie sessão novamente.',
  'Team invitation': 'Convite para uma equipa',
  'Checking your invitation…': 'A verificar o seu convite…',
  'This invitation link has no code. Ask for a new one.': 'Esta ligação de convite não tem código. Peça uma nova.',
  'You were invited to a team.': 'Foi convidado para uma equipa.',
  'Sign in to join it': 'Inicie sessão para aderir',
  'You are invited to join this team:': 'Foi convidado para aderir a esta equipa:',
  'Joining…': 'A aderir…',
  'Join team': 'Aderir à equipa',
} satisfies AreaTranslation<'handler'>;
