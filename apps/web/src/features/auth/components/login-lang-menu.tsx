import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import { MESSAGE_DURATION_S } from '@postdeck/contract/constants';
import { type FocusEvent, type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LightIcon } from '../../../components/light-icon';
import { useLanguageChoice } from '../../../components/use-language-choice';
import styles from './login-lang-menu.module.css';

/**
 * Checklist I18-3 on the login page, without antd (the page paints before antd loads): a
 * button, a menu of the four languages, and the success text as a short status line.
 */
export function LoginLangMenu({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { items, choose } = useLanguageChoice();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<string>();

  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(undefined), MESSAGE_DURATION_S * 1000);
    return () => clearTimeout(timer);
  }, [status]);

  const pick = async (key: string) => {
    setOpen(false);
    setStatus(await choose(key));
  };
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') setOpen(false);
  };
  // Focus leaving the button and its menu closes the menu, as a click elsewhere does.
  const closeOnBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
  };

  return (
    <div className={`${styles.root} ${className ?? ''}`} onKeyDown={closeOnEscape} onBlur={closeOnBlur}>
      <button
        type="button"
        className={styles.trigger}
        aria-label={t('langSelect.label')}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((was) => !was)}
        data-testid="lang-select"
      >
        <LightIcon icon={GlobalOutlined} />
      </button>
      {open && (
        <ul className={styles.menu} role="menu">
          {items.map(({ key, label, disabled }) => (
            <li key={key} role="none">
              <button
                type="button"
                role="menuitem"
                className={styles.item}
                aria-disabled={disabled}
                disabled={disabled}
                onClick={() => void pick(key)}
              >
                {label}
              </button>
            </li>
          ))}
        </ul>
      )}
      {status && (
        <div className={styles.status} role="status">
          {status}
        </div>
      )}
    </div>
  );
}
