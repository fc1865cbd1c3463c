import type { Request, Response } from 'express';
import { EmailTestPage } from '../../views/admin/EmailTestPage';
import type { EmailTestFormProps } from '../../views/admin/EmailTestForm';
import type { Renderer } from '../http/render';

const META = {
  title: 'Send test email',
  description: "Send a test email through the firm's own mail server.",
  noindex: true,
};

export function showEmailTest(
  render: Renderer,
  req: Request,
  res: Response,
  props: EmailTestFormProps,
  status = 200,
) {
  render(req, res, <EmailTestPage {...props} />, { meta: META, status });
}
