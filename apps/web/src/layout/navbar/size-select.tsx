import { FontSizeOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { type SizeName, useAppStore } from '../../stores/app-store';
import { useTagsStore } from '../tags-view/tags-store';

const SIZES = [
  { size: 'default', label: 'shell.sizeDefault' },
  { size: 'medium', label: 'shell.sizeMedium' },
  { size: 'small', label: 'shell.sizeSmall' },
  { size: 'mini', label: 'shell.sizeMini' },
] as const satisfies readonly { size: SizeName; label: string }[];

/** Checklist NB-5: the global size, the current one disabled; the page reloads in the new size. */
export function SizeSelect() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const current = useAppStore((state) => state.size);
  const setSize = useAppStore((state) => state.setSize);

  const items: MenuProps['items'] = SIZES.map(({ size, label }) => ({
    key: size,
    label: t(label),
    disabled: size === current,
  }));
  const onClick: MenuProps['onClick'] = ({ key }) => {
    const chosen = SIZES.find(({ size }) => size === key);
    if (!chosen) return;
    setSize(chosen.size);
    useTagsStore.setState({ cachedViews: [] });
    void navigate(`/redirect${pathname}${search}`, { replace: true });
    void message.success(t('shell.sizeSuccess'));
  };

  return (
    <Dropdown trigger={['click']} menu={{ items, onClick, selectable: false }}>
      <Button
        type="text"
        icon={<FontSizeOutlined />}
        aria-label={t('shell.size')}
        data-testid="size-select"
      />
    </Dropdown>
  );
}
