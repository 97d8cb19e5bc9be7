const DAY = 86_400_000;

/** Today in Argentina (the content's calendar), and the day `offset` days from it, as AAAA-MM-DD. */
export const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date());
export const day = (offset: number) => new Date(Date.parse(`${today}T00:00:00Z`) + offset * DAY).toISOString().slice(0, 10);
