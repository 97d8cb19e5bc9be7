import { argentinaDay } from '@fm/domain';

/** Today in Argentina (the content's calendar), and the day `offset` days from it, as AAAA-MM-DD. */
export const today = argentinaDay();
export const day = argentinaDay;
