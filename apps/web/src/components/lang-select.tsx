import { GlobalOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguageChoice } from './use-language-choice';

/** Checklist I18-3 in the navbar. */
export function LangSelect({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { items, choose } = useLanguageChoice();

  const onClick = async ({ key }: { key: string }) => {
    const success = await choose(key);
    if (success) void message.success(success);
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
