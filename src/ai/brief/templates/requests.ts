/**
 * Two requests an attorney writes weekly: to reschedule a biometrics appointment (the appointment from the
 * docket, the good cause in the attorney's words) and to expedite a case (the criterion chosen, the grounds
 * in the attorney's words, the evidence chosen). Neither states a reason the file does not hold: until the
 * attorney writes it, the review sheet asks for it.
 */
import { EXPEDITE_CRITERION_LABELS } from '../../../shared/ai';
import { formatDate } from '../../../shared/dates';
import { BIOMETRICS_RESCHEDULE, EXPEDITE } from '../authorities';
import {
  type Composer,
  closing,
  formName,
  lettered,
  ourClientWords,
  partyRows,
  uscisOpening,
} from '../compose';
import type { Block } from '../model';

/** The case's form and receipt number for a request about it; the review sheet notes a missing receipt. */
function caseFiling(c: Composer) {
  const { m } = c;
  const form = m.kase.formType;
  const receipt = m.kase.receiptNumber;
  if (!receipt)
    c.miss('The receipt number: the case has none. Enter it on the case; USCIS finds the case by it.');
  return { form, receipt, title: formName(form, m.formOf(form).title) };
}

const reRow = (subject: string, form: string, receipt: string | null): [string, string] => [
  'RE',
  `${subject}, Form ${form}${receipt ? `, Receipt Number ${receipt}` : ''}`,
];

/** The biometrics appointment on the docket: the next one, else the latest. */
function appointmentOf(c: Composer) {
  const { m } = c;
  const appointments = m.docket
    .filter((d) => /biometric/i.test(d.title) && d.state !== 'dismissed')
    .sort((a, b) => a.date.localeCompare(b.date));
  return appointments.find((d) => d.date >= m.asOf) ?? appointments.at(-1);
}

export function biometricsBlocks(c: Composer): Block[] {
  const { m } = c;
  const { form, receipt, title } = caseFiling(c);
  c.cite(BIOMETRICS_RESCHEDULE);
  c.assume(
    'USCIS also takes reschedule requests through the online account and the USCIS Contact Center, before the appointment; send this letter where the appointment notice or USCIS asks for a written request.',
  );
  const appointment = appointmentOf(c);
  if (!appointment)
    c.miss(
      'The appointment: no biometrics appointment is on the docket. Add it on the Deadline Tracker (Add a deadline, titled “Biometrics appointment”) from the appointment notice.',
    );
  else if (appointment.date < m.asOf)
    c.miss(
      `The appointment on ${formatDate(appointment.date)} has passed: a request made after it must also show why it could not be made before (8 CFR 103.2(b)(13)(ii)).`,
    );
  const on = appointment ? ` scheduled for ${formatDate(appointment.date)}` : '';
  const rows: Array<[string, string]> = [
    reRow('Request to reschedule a biometrics appointment', form, receipt),
    ...partyRows(c, form),
  ];
  if (appointment) rows.push(['Appointment', formatDate(appointment.date)]);
  return [
    ...uscisOpening(m, rows),
    ...c.para(
      'request',
      'The request',
      `On behalf of ${ourClientWords(c, form)}, we ask that USCIS reschedule the biometrics appointment${on} for ${m.client.name} in connection with the ${title}${receipt ? ` (receipt number ${receipt})` : ''}.`,
      [ourClientWords(c, form), on.trim(), m.client.name, title, receipt],
    ),
    ...c.slot(
      'reason',
      'The good cause',
      'The reason the appointment cannot be kept (good cause): write it in the text before generating.',
    ),
    ...(c.exhibits.length ? [{ type: 'heading', text: 'Enclosed' } as Block, lettered(c.exhibits)] : []),
    ...c.para(
      'closing-request',
      'Closing request',
      `Please send the new appointment notice to ${m.client.name}, with a copy to our office.`,
      [m.client.name],
    ),
    closing(m),
  ];
}

export function expediteBlocks(c: Composer): Block[] {
  const { m } = c;
  const { form, receipt, title } = caseFiling(c);
  c.cite(EXPEDITE);
  c.assume(
    'USCIS takes expedite requests through the USCIS Contact Center or, for a case in an online account, by secure message with the evidence uploaded: this letter is the written request to send or upload.',
  );
  const criterion = m.choices.criterion;
  if (!criterion)
    c.miss(
      'The expedite criterion: choose the one of the USCIS Policy Manual’s criteria (Vol. 1, Part A, Ch. 5) the request rests on.',
    );
  if (criterion === 'severe-financial-loss')
    c.assume(
      'Severe financial loss qualifies only where the need for urgent action is not the result of a late filing or a late response to a request for evidence.',
    );
  if (c.exhibits.length === 0)
    c.miss(
      'Evidence of the grounds: USCIS decides an expedite request on the documents that support it. Add them as exhibits.',
    );
  const label = criterion ? EXPEDITE_CRITERION_LABELS[criterion] : undefined;
  const under = label ? `, under the expedite criterion “${label}”` : '';
  return [
    ...uscisOpening(m, [reRow('Request to expedite', form, receipt), ...partyRows(c, form)]),
    ...c.para(
      'request',
      'The request',
      `On behalf of ${ourClientWords(c, form)}, we request that USCIS expedite the ${title}${receipt ? ` (receipt number ${receipt})` : ''}${under}.`,
      [ourClientWords(c, form), title, receipt, label],
    ),
    ...c.slot(
      'grounds',
      'The grounds',
      'Why the case meets the criterion, with the facts that show it: write it in the text before generating.',
    ),
    ...(c.exhibits.length
      ? [{ type: 'heading', text: 'Supporting evidence' } as Block, lettered(c.exhibits)]
      : []),
    ...c.para(
      'contact',
      'Closing request',
      'Should you need anything further to decide this request, please contact our office.',
    ),
    closing(m),
  ];
}
