import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Checklist NB-4: toggles full screen; warns when the browser cannot. */
export function Screenfull() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [full, setFull] = useState(() => Boolean(document.fullscreenElement));

  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggle = () => {
    if (!document.fullscreenEnabled) {
      void message.warning(t('shell.screenfullUnsupported'));
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen();
  };

  return (
    <Button
      type="text"
      icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      aria-label={full ? t('shell.exitScreenfull') : t('shell.screenfull')}
      data-testid="screenfull"
      onClick={toggle}
    />
  );
}
