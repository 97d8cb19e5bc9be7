const DAY = 86_400_000;

/**
 * The calendar day `offset` days from today in Argentina, as AAAA-MM-DD: the app's calendar (ARCHITECTURE §3). A UTC
 * day is tomorrow in Argentina from 21:00 to 24:00 there, so tests that compare with the server's "today" use this.
 */
export function arDay(offset = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + offset * DAY).toISOString().slice(0, 10);
}
