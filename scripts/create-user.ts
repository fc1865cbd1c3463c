import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { ServiceError } from '../src/shared/errors';
import { prepareDatabase } from '../src/setup';
import { createUsersService } from '../src/users/service';

/** A mistake of the person running the command: its message is all they need to see. */
const mistake = (message: string) => new ServiceError('invalid', message);

const USAGE = `Usage: npm run create-user -- --role reti|admin|user --user-id ID [--first-name NAME] [--last-name NAME]
       [--email EMAIL] [--firm-id UUID]
The password is read from standard input when it is not a terminal, else asked for twice.`;

const argsSchema = z
  .object({
    role: z.enum(['reti', 'admin', 'user']),
    'user-id': z.string().min(2),
    'first-name': z.string().min(1).default('User'),
    'last-name': z.string().default(''),
    email: z.string().email().optional(),
    'firm-id': z.string().uuid().optional(),
  })
  .refine((a) => (a.role === 'reti') === (a['firm-id'] === undefined), {
    message: '--firm-id is required for admin and user accounts, and not allowed for reti',
  });

/** Reads a line without echoing it. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput;
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) =>
      write.call(rl, s.startsWith(question) ? s : '');
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let input = '';
    for await (const chunk of process.stdin) input += chunk;
    return input.split(/\r?\n/)[0];
  }
  const first = await askHidden('Password: ');
  const second = await askHidden('Repeat password: ');
  if (first !== second) throw mistake('The passwords do not match.');
  return first;
}

async function main() {
  const { values } = parseArgs({
    options: {
      role: { type: 'string' },
      'user-id': { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      email: { type: 'string' },
      'firm-id': { type: 'string' },
    },
  });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success)
    throw mistake(
      `${parsed.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('\n')}\n${USAGE}`,
    );
  const args = parsed.data;
  const password = await readPassword();
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await prepareDatabase(database);
    const user = await createUsersService(database.db).create({
      firmId: args['firm-id'] ?? null,
      loginId: args['user-id'],
      firstName: args['first-name'],
      lastName: args['last-name'],
      email: args.email ?? `${args['user-id']}@localhost`,
      role: args.role,
      password,
    });
    console.log(`Created ${user.role} account ${user.login_id}.`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ServiceError ? error.message : error);
  process.exit(1);
});
