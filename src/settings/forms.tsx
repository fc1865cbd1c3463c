import type { Request, Response } from 'express';
import type { ReactNode } from 'react';
import { SECTION_TITLES, SettingsPage, type SettingsPageProps } from '../../views/admin/SettingsPage';
import type { ActionContext, Refusal } from '../access/action';
import type { Renderer } from '../http/render';
import { stringFields } from '../http/validation';
import type { FirmSettings, SettingsSection } from '../shared/settings';
import type { SettingsService } from './service';

type Ctx = ActionContext<{ settings: SettingsService; render: Renderer }>;

/** Panels other features add under a section (backups, the test email, the logo), built per request. */
export type SectionPanels = (req: Request, res: Response, section: SettingsSection) => Promise<ReactNode>;

export function showSettings(
  render: Renderer,
  req: Request,
  res: Response,
  props: SettingsPageProps,
  status = 200,
) {
  render(req, res, <SettingsPage {...props} />, {
    meta: {
      title: `Settings: ${SECTION_TITLES[props.section]}`,
      description: "The firm's settings.",
      noindex: true,
    },
    status,
  });
}

/** A section's form refused: the values entered again (never a password), with the messages beside them. */
export async function renderSettingsRefusal(
  { deps, req, res }: Ctx,
  section: SettingsSection,
  refusal: Refusal,
  body: Record<string, unknown>,
) {
  const user = req.session?.user;
  if (!user) throw refusal.error;
  const settings: FirmSettings = await deps.settings.get(user);
  const entered = stringFields(body, Object.keys(settings[section]));
  const values = { ...entered, password: '' };
  showSettings(
    deps.render,
    req,
    res,
    {
      section,
      settings,
      values,
      errors: refusal.fields,
      refusal: refusal.fields ? undefined : refusal.message,
    },
    refusal.status,
  );
}
