/** Query keys of the habit loop, in a module of their own so the lesson player can refresh them cheaply. */
export const progressKey = (userId: string | null) => ['user', userId, 'progress'] as const;
export const leagueKey = (userId: string | null) => ['user', userId, 'league'] as const;
