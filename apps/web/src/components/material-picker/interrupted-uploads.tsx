import { Alert, Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PreviousUpload, defaultOptions } from 'tus-js-client';
import { forgetUpload } from './tus-upload';

/**
 * Uploads an earlier page load left unfinished. The browser cannot reopen a file by itself, so
 * this only says which ones: added again, each continues where the server stopped.
 */
export function InterruptedUploads({ activeNames }: { activeNames: readonly string[] }) {
  const { t } = useTranslation();
  const [earlier, setEarlier] = useState<PreviousUpload[]>([]);

  // Read again as files come and go: finished or cancelled uploads leave the storage.
  const active = activeNames.join('\n');
  useEffect(() => {
    let alive = true;
    defaultOptions.urlStorage
      .findAllUploads()
      .then((uploads) => alive && setEarlier(uploads))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [active]);

  const names = [
    ...new Set(
      earlier
        .map((upload) => upload.metadata['filename'] ?? '')
        .filter((name) => name && !activeNames.includes(name)),
    ),
  ];
  if (names.length === 0) return null;

  const forget = () => {
    for (const upload of earlier) void forgetUpload(upload);
    setEarlier([]);
  };

  return (
    <Alert
      type="info"
      showIcon
      style={{ marginTop: 12 }}
      title={t('materials.upload.interrupted', { names: names.join(', ') })}
      action={
        <Button size="small" onClick={forget}>
          {t('materials.upload.forget')}
        </Button>
      }
    />
  );
}
