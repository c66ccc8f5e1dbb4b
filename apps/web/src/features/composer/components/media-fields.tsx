import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ContentDetail } from '@postdeck/contract/content';
import type { Material } from '@postdeck/contract/materials';
import { Button, Form, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MaterialPicker } from '../../../components/material-picker/material-picker';
import { MaterialThumb } from '../../../components/material-picker/material-thumb';
import styles from './media-fields.module.css';

export interface MediaFieldsProps {
  /** The server's copy as last loaded or saved: the cover and materials as objects, for thumbnails. */
  server: ContentDetail | null;
}

/** Materials met so far (from the server's copy and the picker), by id, to draw the chosen ids. */
function useKnownMaterials(server: ContentDetail | null) {
  const [picked, setPicked] = useState<Material[]>([]);
  const known = useMemo(() => {
    const all = [...(server?.cover ? [server.cover] : []), ...(server?.materials ?? []), ...picked];
    return new Map(all.map((m) => [m.id, m]));
  }, [server, picked]);
  return { known, remember: (materials: Material[]) => setPicked((prev) => [...prev, ...materials]) };
}

function Thumb({ id, known }: { id: number; known: Map<number, Material> }) {
  const { t } = useTranslation();
  const material = known.get(id);
  // A draft restored on another device may name materials this page has not met yet.
  return material ? (
    <MaterialThumb material={material} size={96} />
  ) : (
    <span>{t('composer.media.unknown', { id })}</span>
  );
}

interface CoverProps {
  value?: number | null;
  onChange?: (value: number | null) => void;
  known: Map<number, Material>;
  remember: (materials: Material[]) => void;
}

/** The cover: one image from the library (or uploaded in place), or none. */
function CoverPicker({ value = null, onChange, known, remember }: CoverProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Space align="start">
      {value !== null && <Thumb id={value} known={known} />}
      <Space orientation="vertical">
        <Button onClick={() => setOpen(true)}>
          {t(value === null ? 'composer.media.chooseCover' : 'composer.media.changeCover')}
        </Button>
        {value !== null && (
          <Button danger icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
            {t('composer.media.removeCover')}
          </Button>
        )}
      </Space>
      <MaterialPicker
        open={open}
        kind="image"
        title={t('composer.media.chooseCover')}
        onClose={() => setOpen(false)}
        onPick={([image]) => {
          if (!image) return;
          remember([image]);
          onChange?.(image.id);
        }}
      />
    </Space>
  );
}

interface AttachedProps {
  value?: number[];
  onChange?: (value: number[]) => void;
  known: Map<number, Material>;
  remember: (materials: Material[]) => void;
}

/** Images and videos attached in order: add from the library, reorder, remove. */
function AttachedMaterials({ value = [], onChange, known, remember }: AttachedProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const move = (from: number, to: number) => {
    const next = [...value];
    const [id] = next.splice(from, 1);
    if (id !== undefined) next.splice(to, 0, id);
    onChange?.(next);
  };
  return (
    <div>
      <ol className={styles.list} aria-label={t('composer.media.attached')}>
        {value.map((id, index) => {
          const name = known.get(id)?.name ?? String(id);
          return (
            <li key={id} className={styles.item} data-testid="attached-material">
              <Thumb id={id} known={known} />
              <Space size={4}>
                <Button
                  size="small"
                  icon={<ArrowUpOutlined />}
                  disabled={index === 0}
                  aria-label={t('composer.media.moveUp', { name })}
                  onClick={() => move(index, index - 1)}
                />
                <Button
                  size="small"
                  icon={<ArrowDownOutlined />}
                  disabled={index === value.length - 1}
                  aria-label={t('composer.media.moveDown', { name })}
                  onClick={() => move(index, index + 1)}
                />
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('composer.media.remove', { name })}
                  onClick={() => onChange?.(value.filter((other) => other !== id))}
                />
              </Space>
            </li>
          );
        })}
      </ol>
      {value.length === 0 && <Typography.Text type="secondary">{t('composer.media.none')}</Typography.Text>}
      <div>
        <Button icon={<PlusOutlined />} onClick={() => setOpen(true)}>
          {t('composer.media.add')}
        </Button>
      </div>
      <MaterialPicker
        open={open}
        multiple
        title={t('composer.media.add')}
        onClose={() => setOpen(false)}
        onPick={(materials) => {
          remember(materials);
          onChange?.([...value, ...materials.map((m) => m.id).filter((id) => !value.includes(id))]);
        }}
      />
    </div>
  );
}

/** The composer's cover and media, kept in the form fields `coverMaterialId` and `materialIds`. */
export function MediaFields({ server }: MediaFieldsProps) {
  const { t } = useTranslation();
  const { known, remember } = useKnownMaterials(server);
  return (
    <>
      <Form.Item name="coverMaterialId" label={t('composer.media.cover')}>
        <CoverPicker known={known} remember={remember} />
      </Form.Item>
      <Form.Item name="materialIds" label={t('composer.media.materials')}>
        <AttachedMaterials known={known} remember={remember} />
      </Form.Item>
    </>
  );
}
