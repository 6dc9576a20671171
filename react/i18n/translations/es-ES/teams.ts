import type { AreaTranslation } from '../../keys/index.ts';

export default {
  "Team": "Equipo",
  "Select team": "Elegir equipo",
  "No teams yet": "Aún no hay equipos",
  "No team": "Sin equipo",
  "Current team": "Equipo actual",
  "Other teams": "Otros equipos",
  "Create a team": "Crear un equipo",
  "Team settings": "Ajustes del equipo",
  "Offline: switching teams needs a connection.": "Sin conexión: cambiar de equipo necesita conexión.",
} satisfies AreaTranslation<'teams'>;
