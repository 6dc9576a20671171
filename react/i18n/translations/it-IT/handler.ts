import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Page not found': 'Pagina non trovata',
  'There is no handler page at {path}.': 'Non c’è nessuna pagina in {path}.',
  'This page is set to send you to an address this app does not trust, so you stay here.': 'Questa pagina ti manderebbe a un indirizzo di cui questa app non si fida, quindi resti qui.',
  'Signing you in…': 'Accesso in corso…',
  'You are not signed in': 'Non hai effettuato l’accesso',
  'Sign-in could not continue': 'Non è stato possibile proseguire con l’accesso',
  'The server stopped this with the code {code}. Go back and try again, or tell the app’s owner.': 'Il server ha interrotto l’operazione con il codice {code}. Torna indietro e riprova, oppure avvisa chi gestisce l’app.',
  'This page was opened without saying what went wrong. Go back and try again.': 'Questa pagina è stata aperta senza dire cosa è andato storto. Torna indietro e riprova.',
  'Signing out…': 'Disconnessione in corso…',
  'This sign-in link has no code. Open the link from the e-mail again.': 'Questo link di accesso non contiene un codice. Riapri il link dall’e-mail.',
  'This sign-in could not be completed. Please sign in again.': 'Non è stato possibile completare l’accesso. Accedi di nuovo.',
  'Team invitation': 'Invito a un team',
  'Checking your invitation…': 'Verifica dell’invito in corso…',
  'This invitation link has no code. Ask for a new one.': 'Questo link di invito non contiene un codice. Chiedine uno nuovo.',
  'You were invited to a team.': 'Sei stato invitato in un team.',
  'Sign in to join it': 'Accedi per unirti',
  'You are invited to join this team:': 'Sei invitato a unirti a questo team:',
  'Joining…': 'Adesione in corso…',
  'Join team': 'Unisciti al team',
} satisfies AreaTranslation<'handler'>;
