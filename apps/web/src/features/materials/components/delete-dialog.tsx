import type { Material } from '@postdeck/contract/materials';
import { contentEditUrl } from '@postdeck/contract/pages';
import { Alert, Button, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { type UsingContent, contentsUsing, useMaterialDelete } from '../api/material-delete';

type Outcome =
  { state: 'deleted' } | { state: 'inUse'; contents: UsingContent[] } | { state: 'failed'; message: string };

interface DeleteDialogProps {
  /** What to delete; the dialog is open while this is not empty. */
  materials: readonly Material[];
  onClose: () => void;
  /** The ids that are gone (the page drops them from its selection, closes their preview). */
  onDeleted: (ids: number[]) => void;
}

/** The composer opened on a content. */

/**
 * Confirms, deletes one by one, and keeps open for what could not go: a material that contents
 * use lists them (the 409's data), and 'Delete anyway' asks again with force, which the server
 * allows administrators only.
 */
export function DeleteDialog({ materials, onClose, onDeleted }: DeleteDialogProps) {
  const { t } = useTranslation();
  const { remove, refresh } = useMaterialDelete();
  const [outcomes, setOutcomes] = useState<Record<number, Outcome>>({});
  const [busy, setBusy] = useState(false);

  const inUse = materials.filter((m) => outcomes[m.id]?.state === 'inUse');
  const pending = materials.filter((m) => outcomes[m.id] === undefined);
  const asked = Object.keys(outcomes).length > 0;

  const close = () => {
    setOutcomes({});
    onClose();
  };

  const run = async (targets: readonly Material[], force: boolean) => {
    setBusy(true);
    const next: Record<number, Outcome> = { ...outcomes };
    for (const material of targets) {
      try {
        await remove(material.id, force);
        next[material.id] = { state: 'deleted' };
      } catch (error) {
        const contents = contentsUsing(error);
        next[material.id] = contents
          ? { state: 'inUse', contents }
          : { state: 'failed', message: isApiError(error) ? error.message : String(error) };
      }
    }
    setOutcomes(next);
    setBusy(false);
    void refresh();
    const gone = materials.filter((m) => next[m.id]?.state === 'deleted').map((m) => m.id);
    if (gone.length > 0) onDeleted(gone);
    if (gone.length === materials.length) close();
  };

  const single = materials.length === 1 ? materials[0] : undefined;

  return (
    <Modal
      open={materials.length > 0}
      title={
        single
          ? t('materials.deleteOne', { name: single.name })
          : t('materials.deleteMany', { count: materials.length })
      }
      onCancel={close}
      footer={[
        <Button key="cancel" onClick={close}>
          {t(asked ? 'materials.close' : 'materials.cancel')}
        </Button>,
        pending.length > 0 && (
          <Button key="delete" danger type="primary" loading={busy} onClick={() => void run(pending, false)}>
            {t('materials.delete')}
          </Button>
        ),
        inUse.length > 0 && (
          <Button key="force" danger loading={busy} onClick={() => void run(inUse, true)}>
            {t('materials.deleteAnyway')}
          </Button>
        ),
      ]}
    >
      {!asked && <p>{t('materials.deleteWarning')}</p>}
      <ul style={{ margin: 0, padding: 0, listStyle: 'none' }}>
        {materials.map((material) => {
          const outcome = outcomes[material.id];
          return (
            <li key={material.id} style={{ padding: '6px 0' }}>
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Typography.Text strong>
                  {material.name}
                  {outcome?.state === 'deleted' && ` — ${t('materials.deleted')}`}
                </Typography.Text>
                {outcome?.state === 'failed' && <Alert type="error" showIcon title={outcome.message} />}
                {outcome?.state === 'inUse' && (
                  <Alert
                    type="warning"
                    showIcon
                    title={t('materials.inUse', { count: outcome.contents.length })}
                    description={
                      <ul style={{ margin: 0, paddingLeft: 20 }}>
                        {outcome.contents.map((content) => (
                          <li key={content.id}>
                            <Link to={contentEditUrl(content.id)} onClick={close}>
                              {content.title}
                            </Link>
                          </li>
                        ))}
                      </ul>
                    }
                  />
                )}
              </Space>
            </li>
          );
        })}
      </ul>
      {inUse.length > 0 && <p>{t('materials.deleteAnywayHint')}</p>}
    </Modal>
  );
}
