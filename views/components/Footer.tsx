import { useTranslation } from 'react-i18next';
import { COMPANY_NAME, PRODUCT_NAME } from '../../src/shared/constants';
import { useRenderContext } from '../context';

export function Footer() {
  const { year, language } = useRenderContext();
  const { t } = useTranslation();
  // SPEC's footer in English; a client reading Spanish gets it in Spanish.
  if (language !== 'en')
    return (
      <footer className="site-footer">
        <p>{t('chrome.rights', { year, product: PRODUCT_NAME })}</p>
        <p className="muted">{t('chrome.builtBy', { company: COMPANY_NAME })}</p>
      </footer>
    );
  return (
    <footer className="site-footer">
      <p>{`© ${year} ${PRODUCT_NAME}. All rights reserved.`}</p>
      <p className="muted">{`Built by ${COMPANY_NAME} for immigration lawyers and the firms they work in.`}</p>
    </footer>
  );
}
