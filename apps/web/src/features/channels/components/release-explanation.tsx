import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const STEPS = ['revoke', 'tokens', 'history', 'held'] as const;

/** What releasing an account does, said before the user confirms it. */
export function ReleaseExplanation() {
  const { t } = useTranslation();
  return (
    <section>
      <Typography.Title level={5}>{t('channels.releasePage.whatHappens')}</Typography.Title>
      <ul style={{ paddingInlineStart: 20, margin: 0 }}>
        {STEPS.map((step) => (
          <li key={step}>{t(`channels.releasePage.steps.${step}`)}</li>
        ))}
      </ul>
    </section>
  );
}
