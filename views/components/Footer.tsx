import { COMPANY_NAME, PRODUCT_NAME } from '../../src/shared/constants';
import { useRenderContext } from '../context';

export function Footer() {
  const { year } = useRenderContext();
  return (
    <footer className="site-footer">
      <p>{`© ${year} ${PRODUCT_NAME}. All rights reserved.`}</p>
      <p className="muted">{`Built by ${COMPANY_NAME} for immigration lawyers and the firms they work in.`}</p>
    </footer>
  );
}
