import { ExperimentOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../api/public-config';
import { WARNING } from '../../app/theme-colors';
import { useAppStore } from '../../stores/app-store';
import styles from './sandbox-tag.module.css';

/**
 * Issue 12: with the channel platforms on the local sandbox servers, the top bar says so plainly.
 * A default tag with an amber icon: antd's gold tag puts its text at 2.75:1, short of WCAG AA.
 * On mobile widths the top bar has no room for the word beside a long breadcrumb: the icon shows,
 * the word is read out and the tooltip says it.
 */
export function SandboxTag() {
  const { t } = useTranslation();
  const mobile = useAppStore((state) => state.device === 'mobile');
  if (!usePublicConfig().data?.sandbox) return null;
  return (
    <Tooltip title={t('shell.sandboxHint')}>
      <Tag
        icon={<ExperimentOutlined aria-hidden style={{ color: WARNING }} />}
        data-testid="sandbox-tag"
        tabIndex={0}
        className={mobile ? styles.iconOnly : undefined}
        style={{ marginInlineEnd: 0, flex: 'none' }}
      >
        <span className={mobile ? styles.hiddenLabel : undefined}>{t('shell.sandbox')}</span>
      </Tag>
    </Tooltip>
  );
}
