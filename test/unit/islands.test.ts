import fs from 'node:fs';
import path from 'node:path';

const ISLANDS = path.join(__dirname, '..', '..', 'islands');

describe('islands by folder', () => {
  const files = fs.readdirSync(ISLANDS).filter((f) => f.endsWith('.tsx'));

  it('finds the islands the product has', () => {
    expect(files.map((f) => path.basename(f, '.tsx')).sort()).toEqual([
      'ActionsTable',
      'CasePicker',
      'CasesTable',
      'ContactModal',
      'DocumentUpload',
      'FirmOnboarding',
      'HealthChecks',
      'LoginModal',
      'PermissionGrid',
      'RecoveryCodeTools',
      'RequestUpload',
    ]);
  });

  it.each(files)(
    '%s is marked as the island of its own file, which is how the browser loads it',
    async (file) => {
      const island = (await import(path.join(ISLANDS, file))).default as { islandName?: string };
      expect(island.islandName).toBe(path.basename(file, '.tsx'));
    },
  );
});
