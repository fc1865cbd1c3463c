/**
 * Checks the forms' field maps (src/forms/maps/*.json) against the official PDFs (src/forms/official):
 * every name exists, check boxes name an on-value the box has, text boxes get text. Prints, for each form,
 * the fields mapped against the form's field count. `npx tsx scripts/check-form-maps.ts [i-130 …]`
 */
import fs from 'node:fs';
import path from 'node:path';
import { checkMap } from '../src/forms/maps/check';
import { formMapSchema } from '../src/forms/maps/schema';
import { prepare, templateOf } from '../src/forms/templates';

const dir = path.join(__dirname, '..', 'src', 'forms');

async function main() {
  const only = process.argv.slice(2);
  const files = fs
    .readdirSync(path.join(dir, 'maps'))
    .filter((f) => f.endsWith('.json') && (only.length === 0 || only.includes(f.replace('.json', ''))));
  let failed = false;
  for (const file of files) {
    const parsed = formMapSchema.safeParse(JSON.parse(fs.readFileSync(path.join(dir, 'maps', file), 'utf8')));
    if (!parsed.success) {
      failed = true;
      console.log(
        `${file}: ${parsed.error.issues
          .slice(0, 10)
          .map((i) => `${i.path.join('.')}: ${i.message}`)
          .join('\n  ')}`,
      );
      continue;
    }
    const map = parsed.data;
    if (!map.file) {
      console.log(
        `${map.form}: no official PDF shipped (the firm uploads it); ${map.fields.length} fields mapped`,
      );
      continue;
    }
    const template = await templateOf(await prepare(fs.readFileSync(path.join(dir, 'official', map.file))));
    const { problems, mapped } = checkMap(map, template.fields);
    if (problems.length > 0) failed = true;
    console.log(
      `${map.form} ${map.edition}: ${mapped} of ${template.fields.size} fields mapped${problems.length ? `, ${problems.length} problems:` : ''}`,
    );
    for (const p of problems.slice(0, 40)) console.log(`  ${p}`);
  }
  process.exit(failed ? 1 : 0);
}

void main();
