import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../api/public-config';

/** Issue 12: with the channel platforms on the local sandbox servers, the top bar says so plainly. */
export function SandboxTag() {
  const { t } = useTranslation();
  if (!usePublicConfig().data?.sandbox) return null;
  return (
    <Tooltip title={t('shell.sandboxHint')}>
      <Tag color="gold" data-testid="sandbox-tag" tabIndex={0} style={{ marginInlineEnd: 0 }}>
        {t('shell.sandbox')}
      </Tag>
    </Tooltip>
  );
}
