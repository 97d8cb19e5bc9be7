import { arDay } from '../../test/ar-days';

/** Today in Argentina (the content's calendar), and the day `offset` days from it, as AAAA-MM-DD. */
export const today = arDay();
export const day = arDay;
