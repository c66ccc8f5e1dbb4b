import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { SettingsForm } from './settings-form';

interface SettingsDrawerProps {
  open: boolean;
  width: number;
  clickNotClose: boolean;
  onClose: () => void;
}

/** The settings panel itself: antd's drawer with the form, loaded when the panel first opens. */
export function SettingsDrawer({ open, width, clickNotClose, onClose }: SettingsDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      mask={{ closable: !clickNotClose }}
      placement="right"
      size={width}
      title={t('settings.title')}
      onClose={onClose}
      destroyOnHidden
    >
      <SettingsForm />
    </Drawer>
  );
}
