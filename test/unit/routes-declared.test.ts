import fs from 'node:fs';
import path from 'node:path';

/**
 * Every route that changes or returns a firm's data is a declaration (src/<feature>/actions.ts, a page of
 * src/<feature>/pages): the kit mounts it behind its matrix check. This scan finds routes written by hand
 * anywhere in src; the only ones left are these, none of which reads or changes a firm's data.
 */
const HAND_WRITTEN = [
  // The browser's icon, from the build.
  "src/app.tsx: get '/favicon.ico'",
  // The sign-in, two-factor, "Forgot password?" and contact limits, in front of those actions' own
  // routes: they answer only their 429 and otherwise pass the request on.
  'src/app.tsx: post pages.login',
  'src/app.tsx: post pages.mfa',
  'src/app.tsx: post pages.passwordForgot',
  'src/app.tsx: post pages.contact',
  // The old address of the backups list, which lives on the Settings page.
  'src/backups/index.ts: get pages.admin.backups',
  // A firm's stylesheet and logo at versioned addresses, cached for good (the look, not its data).
  'src/branding/assets.ts: get pages.firmTheme',
  'src/branding/assets.ts: get pages.firmLogo',
  // The Node.js app's own checks (SPEC's System Health): its uptime and the API's base URL.
  'src/health/index.ts: get node.ping',
  'src/health/index.ts: get node.config',
  // For search engines.
  "src/public/index.tsx: get '/robots.txt'",
  "src/public/index.tsx: get '/sitemap.xml'",
];

/** A route: an HTTP method called with a path (a string, a typed path, or a list starting with one). */
const ROUTE = /\.(get|post|put|patch|delete|all)\(\s*\[?\s*(pages\.[\w.]+|node\.\w+|'\/[^']*')/g;

function routesIn(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...routesIn(file));
    // The kit mounts the declarations.
    else if (/\.tsx?$/.test(entry.name) && file !== path.join('src', 'access', 'kit.ts'))
      for (const [, method, at] of fs.readFileSync(file, 'utf8').matchAll(ROUTE))
        found.push(`${file}: ${method} ${at}`);
  }
  return found;
}

describe('routes', () => {
  it('are all declarations, but for a few that read or change no firm data', () => {
    expect(routesIn('src').sort()).toEqual([...HAND_WRITTEN].sort());
  });
});
