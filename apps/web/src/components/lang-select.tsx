import { GlobalOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, i18n as instance } from '../i18n/i18n';
import { LANGUAGE_NAMES, isLanguage } from '../i18n/language';

/** Checklist I18-3: the four languages, the current one disabled. */
export function LangSelect({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const current = currentLanguage(i18n.language);

  const items = LANGUAGE_NAMES.map(({ lang, name }) => ({
    key: lang,
    label: name,
    disabled: lang === current,
  }));

  const onClick = async ({ key }: { key: string }) => {
    if (!isLanguage(key)) return;
    await changeLanguage(key);
    // Not `t`: it is bound to the language this render had, the one just left behind.
    void message.success(instance.getFixedT(key)('langSelect.success'));
  };

  return (
    <Dropdown trigger={['click']} menu={{ items, onClick, selectable: false }}>
      <Button
        type="text"
        className={className}
        icon={<GlobalOutlined />}
        aria-label={t('langSelect.label')}
        data-testid="lang-select"
      />
    </Dropdown>
  );
}
