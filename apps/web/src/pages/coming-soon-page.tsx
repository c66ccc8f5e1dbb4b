import { ClockCircleOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { matchedTitle } from '../app/route-handle';
import { routeTitle } from '../i18n/i18n';
import styles from './coming-soon-page.module.css';

/** Stands in for every page whose feature has not landed yet (see app/page-registry.ts). */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const title = matchedTitle(useMatches());
  return (
    <Result
      icon={<ClockCircleOutlined />}
      title={<h1 className={styles.title}>{title ? routeTitle(title) : t('app.title')}</h1>}
      subTitle={t('comingSoon.description')}
      data-testid="coming-soon"
    />
  );
}
