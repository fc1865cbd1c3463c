import g1145 from './g-1145.json';
import i129f from './i-129f.json';
import i130 from './i-130.json';
import i130a from './i-130a.json';
import i131 from './i-131.json';
import i140 from './i-140.json';
import i485 from './i-485.json';
import i589 from './i-589.json';
import i751 from './i-751.json';
import i765 from './i-765.json';
import i864 from './i-864.json';
import i90 from './i-90.json';
import n400 from './n-400.json';
import { type FormMap, formMapSchema } from './schema';

/** Every form's field map by its code, checked when loaded: a bad map stops start-up, never a packet. */
export const FORM_MAPS: ReadonlyMap<string, FormMap> = new Map(
  [g1145, i130, i130a, i485, i864, i765, i131, i140, n400, i751, i129f, i90, i589].map((raw) => {
    const map = formMapSchema.parse(raw);
    return [map.form, map];
  }),
);
