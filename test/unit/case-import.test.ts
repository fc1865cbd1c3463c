import { Readable } from 'node:stream';
import {
  type Assignable,
  assigneeFinder,
  type CaseImport,
  checkedRows,
  clientNameOf,
  columnsOf,
  CSV_COLUMNS,
  isoDateOf,
  type Rejection,
} from '../../src/cases/import';
import { ServiceError } from '../../src/shared/errors';

const ANA: Assignable = {
  id: '00000000-0000-4000-8000-00000000000a',
  loginId: 'ana.lopez',
  email: 'ana@demo.example',
  name: 'Ana Lopez',
};
const BEN: Assignable = {
  id: '00000000-0000-4000-8000-00000000000b',
  loginId: 'ben',
  email: 'ben@demo.example',
  name: 'Ben Okafor',
};
const TWIN: Assignable = {
  ...BEN,
  id: '00000000-0000-4000-8000-00000000000c',
  loginId: 'ben2',
  email: 'b2@x.example',
};

async function readAll(text: string | Buffer, maxRows?: number, users = [ANA, BEN]) {
  const rows: Array<CaseImport | Rejection> = [];
  for await (const row of checkedRows(Readable.from([text]), assigneeFinder(users), maxRows)) rows.push(row);
  return rows;
}

/** The refusal of the whole file, as a person reads it. */
async function refusalOf(text: string | Buffer, maxRows?: number): Promise<string> {
  try {
    await readAll(text, maxRows);
  } catch (error) {
    if (error instanceof ServiceError) return error.message;
    throw error;
  }
  throw new Error('the file was not refused');
}

const HEADER = 'Client Name,Case Type,Form Type,Due Date,Receipt Number';

describe('Import Cases: the header', () => {
  it("accepts the export's own header and the common names for each column", () => {
    expect(columnsOf(Object.values(CSV_COLUMNS))).toEqual([
      'caseNumber', // the case to update, in update mode
      'clientName',
      'caseType',
      'formType',
      'status',
      'assignee',
      'dueDate',
      'description',
      'receiptNumber',
      'priorityDate',
      'legalFee',
      'amountPaid',
      undefined, // Created: the case is created now
    ]);
    expect(
      columnsOf(['client_name', 'Type', 'Form', 'Deadline', 'Assignee', 'legal fee', 'AMOUNT PAID', '']),
    ).toEqual([
      'clientName',
      'caseType',
      'formType',
      'dueDate',
      'assignee',
      'legalFee',
      'amountPaid',
      undefined,
    ]);
    expect(columnsOf(['Client', 'Case Type', 'Form Type', 'due', 'Assigned To'])).toEqual([
      'clientName',
      'caseType',
      'formType',
      'dueDate',
      'assignee',
    ]);
  });

  it('refuses an unknown column, a column named twice and a missing required column', () => {
    expect(() => columnsOf(['Client', 'Case Type', 'Form Type', 'Due Dte'])).toThrow(
      'The first row names a column Import Cases does not know: "Due Dte". Columns it reads: Case Number, Client Name, Case Type, Form Type, Status, Assigned To, Due Date, Description, Receipt Number, Priority Date, Legal Fee, Amount Paid.',
    );
    expect(() => columnsOf(['Client', 'Client Name', 'Type', 'Form'])).toThrow(
      'The columns "Client" and "Client Name" are the same column: keep one.',
    );
    expect(() => columnsOf(['Client', 'Due Date'])).toThrow(
      'The first row must name the columns, and Case Type, Form Type are missing from it.',
    );
  });
});

describe('Import Cases: the values', () => {
  it('reads dates written MM/DD/YYYY or YYYY-MM-DD, and only real ones', () => {
    expect(isoDateOf('11/23/2026')).toBe('2026-11-23');
    expect(isoDateOf('1/5/2027')).toBe('2027-01-05');
    expect(isoDateOf('2026-11-23')).toBe('2026-11-23');
    expect(isoDateOf('02/30/2026')).toBeUndefined();
    expect(isoDateOf('23/11/2026')).toBeUndefined();
    expect(isoDateOf('2026-13-01')).toBeUndefined();
    expect(isoDateOf('tomorrow')).toBeUndefined();
  });

  it('reads a client name as "First Last" whichever way it is written', () => {
    expect(clientNameOf('  Ana   Lopez ')).toBe('Ana Lopez');
    expect(clientNameOf('Lopez, Ana María')).toBe('Ana María Lopez');
  });

  it('finds the assignee by user ID, email or full name, in any case', () => {
    const find = assigneeFinder([ANA, BEN]);
    expect(find('ana.lopez')).toBe(ANA.id);
    expect(find('ANA@demo.example')).toBe(ANA.id);
    expect(find('ana  lopez')).toBe(ANA.id);
    expect(find('Carla')).toEqual({
      problem: 'Assigned To "Carla" is not an active user of the firm (give a user ID, email or full name)',
    });
    expect(assigneeFinder([BEN, TWIN])('Ben Okafor')).toEqual({
      problem: 'Assigned To "Ben Okafor" names 2 users of the firm: give a user ID or email instead',
    });
  });
});

describe('Import Cases: the rows', () => {
  it('turns a good row into the case to store, money in cents', async () => {
    const csv = [
      'Client Name,Case Type,Form Type,Status,Assigned To,Due Date,Description,Receipt Number,Priority Date,Legal Fee,Amount Paid',
      'Lopez, Ana,Visa,i130,On Hold,ben,12/01/2026,"Spouse petition, filed ""early""",ioe-0912345678,2024-03-01,"$1,250.50",100',
    ].join('\r\n');
    // An unquoted comma splits the client's name: that row is refused, not misread.
    expect(await readAll(csv)).toEqual([
      {
        line: 2,
        reason:
          'This row has 12 values where the first row names 11 columns (is a comma missing, or a value with a comma not in quotes?)',
      },
    ]);
    const quoted = csv.replace('Lopez, Ana', '"Lopez, Ana"');
    expect(await readAll(quoted)).toEqual([
      {
        line: 2,
        caseNumber: null,
        given: new Set([
          'clientName',
          'caseType',
          'formType',
          'status',
          'assignee',
          'dueDate',
          'description',
          'receiptNumber',
          'priorityDate',
          'legalFee',
          'amountPaid',
        ]),
        clientName: 'Ana Lopez',
        caseType: 'visa',
        formType: 'I-130',
        status: 'on-hold',
        assigneeId: BEN.id,
        dueDate: '2026-12-01',
        priorityDate: '2024-03-01',
        description: 'Spouse petition, filed "early"',
        receiptNumber: 'IOE0912345678',
        legalFeeCents: 125050,
        amountPaidCents: 10000,
      },
    ]);
  });

  it('leaves the optional columns empty (no status: a new case is pending, an updated one keeps its own)', async () => {
    const [row] = await readAll('Client,Type,Form\nBen Okafor,family,I-485\n');
    expect(row).toMatchObject({
      line: 2,
      caseNumber: null,
      status: null,
      assigneeId: null,
      dueDate: null,
      receiptNumber: null,
      legalFeeCents: null,
      description: '',
    });
  });

  it('says for each bad row its line and why, in words', async () => {
    const csv = [
      HEADER,
      'Ana Lopez,visa,I-130,02/30/2026,', // 2: wrong date
      'Ben Okafor,boat,I-130,,', // 3: unknown type
      ',asylum,I-589,,', // 4: missing client
      'Carla Diaz,family,I-999,,IOE0912345678', // 5: unknown form
      'Dan Wu,visa,I-130,,IOE0912345678', // 6: the receipt is free (line 5 was refused)
      'Eve Park,visa,I-765,,ioe0912345678', // 7: same receipt as line 6
      'Finn Ray,visa,I-765,2026-11-23,XYZ123', // 8: malformed receipt
      '"Gil Moss",citizenship,N-400,13/01/2026,', // 9: a day-first date
    ].join('\n');
    expect((await readAll(csv)).map((r) => ('reason' in r ? [r.line, r.reason] : [r.line, 'ok']))).toEqual([
      [2, 'Due Date "02/30/2026" is not a date: write it as MM/DD/YYYY or YYYY-MM-DD'],
      [3, 'Case Type "boat" is not one of visa, citizenship, asylum, family'],
      [4, 'Client Name is required'],
      [
        5,
        `Form Type "I-999" is not one of I-90, I-129F, I-130, I-130A, I-131, I-140, I-485, I-589, I-751, I-765, I-864, N-400`,
      ],
      [6, 'ok'],
      [7, 'Receipt Number IOE0912345678 is on line 6 already'],
      [8, 'Receipt number must be three letters and ten digits, such as IOE0912345678'],
      [9, 'Due Date "13/01/2026" is not a date: write it as MM/DD/YYYY or YYYY-MM-DD'],
    ]);
  });

  it('names every problem of a row at once', async () => {
    const [row] = await readAll(`${HEADER},Status,Legal Fee\n,boat,I-130,soon,,done,-5\n`);
    expect(row).toEqual({
      line: 2,
      reason: [
        'Client Name is required',
        'Case Type "boat" is not one of visa, citizenship, asylum, family',
        'Status "done" is not one of pending, processing, on-hold, approved, rejected',
        'Due Date "soon" is not a date: write it as MM/DD/YYYY or YYYY-MM-DD',
        'Legal fee cannot be negative',
      ].join('; '),
    });
  });

  it('counts lines as the file has them: blank lines skipped, line breaks inside quotes counted', async () => {
    const csv = `${HEADER},Description\n\nAna Lopez,visa,I-130,,,"two\nlines"\nBen Okafor,boat,I-130,,,x\n`;
    const rows = await readAll(csv);
    expect(rows.map((r) => r.line)).toEqual([3, 5]);
    expect(rows[0]).toMatchObject({ description: 'two\nlines' });
  });

  it("reads back a value our export guarded against formulas, without the export's apostrophe", async () => {
    const [row] = await readAll(`${HEADER},Description\n'+cmd,visa,I-130,,,"'=HYPERLINK(""x"")"\n`);
    expect(row).toMatchObject({ clientName: '+cmd', description: '=HYPERLINK("x")' });
  });
});

describe('Import Cases: files refused whole', () => {
  it('refuses more rows than the limit, counting only rows below the header', async () => {
    const rows = (n: number) =>
      [HEADER, ...Array.from({ length: n }, (_, i) => `Client ${i},visa,I-130,,`)].join('\n');
    expect(await readAll(rows(3), 3)).toHaveLength(3);
    expect(await refusalOf(rows(4), 3)).toBe(
      'The file has more than 3 rows below its header: import at most 3 cases at a time (split the file).',
    );
  });

  it('refuses a file that is not CSV, not UTF-8 text, empty, or has no rows', async () => {
    expect(await refusalOf(`${HEADER}\n"Ana Lopez"x,visa,I-130,,\n`)).toBe(
      'The file could not be read as CSV (line 2): a quoted value has other characters after its closing quote. Put quotes around a value that holds a comma, quote or line break, and write a quote inside it twice ("").',
    );
    expect(await refusalOf(`${HEADER}\n"Ana Lopez,visa,I-130,,\n`)).toMatch(
      /^The file could not be read as CSV \(line \d\): a value opens a quote that is never closed\./,
    );
    const latin1 = Buffer.concat([
      Buffer.from(`${HEADER}\nJos`),
      Buffer.from([0xe9]),
      Buffer.from(',visa,I-130,,\n'),
    ]);
    expect(await refusalOf(latin1)).toBe(
      'The file is not UTF-8 text. Save it from your spreadsheet as "CSV UTF-8 (comma delimited)" and try again.',
    );
    expect(await refusalOf(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00]))).toBe(
      'The file is not UTF-8 text. Save it from your spreadsheet as "CSV UTF-8 (comma delimited)" and try again.',
    );
    expect(await refusalOf('')).toBe(
      'The file is empty. Its first row names the columns, and each row below is a case.',
    );
    expect(await refusalOf(`${HEADER}\r\n`)).toBe(
      'The file has no rows below its header: there is no case to import.',
    );
  });

  it('reads a file that starts with a byte order mark, as Excel writes it', async () => {
    const rows = await readAll(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${HEADER}\nAna Lopez,visa,I-130,,\n`)]),
    );
    expect(rows).toEqual([expect.objectContaining({ line: 2, clientName: 'Ana Lopez' })]);
  });
});
