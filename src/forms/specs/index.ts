import type { PacketForm } from '../../shared/forms';
import { G1145 } from './g1145';
import { I130 } from './i130';
import { I130A } from './i130a';
import { I131 } from './i131';
import { I140 } from './i140';
import { I485 } from './i485';
import { I765 } from './i765';
import { I864 } from './i864';
import { N400 } from './n400';
import type { FormSpec } from './types';

/** Every form's specification, by its code. */
export const FORM_SPECS: Record<PacketForm, FormSpec> = {
  'I-130': I130,
  'I-130A': I130A,
  'I-485': I485,
  'I-864': I864,
  'I-765': I765,
  'I-131': I131,
  'I-140': I140,
  'N-400': N400,
  'G-1145': G1145,
};
