import type { Material, MaterialKind, UploadComplete } from '@postdeck/contract/materials';
import { PERMISSIONS } from '@postdeck/contract/permissions';
import { Button, Modal, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '../../stores/user-store';
import { PickerLibrary } from './picker-library';
import { addToSelection, toggleSelection } from './selection';
import { UploadPanel } from './upload-panel';
import { UrlImport } from './url-import';

export interface MaterialPickerProps {
  open: boolean;
  /** Closed without picking (also called right after onPick). */
  onClose: () => void;
  /** The chosen materials, in the order they were clicked. */
  onPick: (materials: Material[]) => void;
  /** Only images or only videos: the library, the uploader and the URL import follow. */
  kind?: MaterialKind;
  /** Several materials; otherwise a click replaces the choice. */
  multiple?: boolean;
  title?: string;
  /** Where uploads and imports are filed; the server defaults to the user's department. */
  departmentId?: number;
}

/**
 * Chooses materials from the library, or adds new ones first: uploaded, imported or already
 * there (a duplicate), a new material is selected at once and can be picked.
 */
export function MaterialPicker({
  open,
  onClose,
  onPick,
  kind,
  multiple = false,
  title,
  departmentId,
}: MaterialPickerProps) {
  const { t } = useTranslation();
  const canAdd = useUserStore(
    (state) => state.info?.permissions.includes(PERMISSIONS.materialManage) ?? false,
  );
  const [selected, setSelected] = useState<Material[]>([]);
  const selectedIds = selected.map((material) => material.id);
  const toggle = (material: Material) => setSelected((list) => toggleSelection(list, material, multiple));
  const added = ({ material }: UploadComplete) =>
    setSelected((list) => addToSelection(list, material, multiple));

  const close = () => {
    setSelected([]);
    onClose();
  };
  const pick = () => {
    onPick(selected);
    close();
  };

  const selectButton = (material: Material) => {
    const on = selectedIds.includes(material.id);
    return (
      <Button size="small" aria-pressed={on} onClick={() => toggle(material)}>
        {t(on ? 'materials.picker.selectedOne' : 'materials.picker.select')}
      </Button>
    );
  };

  return (
    <Modal
      open={open}
      onCancel={close}
      title={title ?? t(kind ? `materials.picker.title.${kind}` : 'materials.picker.title.any')}
      width={960}
      footer={
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <Typography.Text aria-live="polite">
            {t('materials.picker.selectedCount', { count: selected.length })}
          </Typography.Text>
          <Space>
            <Button onClick={close}>{t('materials.cancel')}</Button>
            <Button type="primary" disabled={selected.length === 0} onClick={pick}>
              {t('materials.picker.confirm')}
            </Button>
          </Space>
        </Space>
      }
    >
      <Tabs
        items={[
          {
            key: 'library',
            label: t('materials.picker.library'),
            children: (
              <PickerLibrary
                kind={kind}
                selectedIds={selectedIds}
                onToggle={toggle}
                numbered={multiple}
                active={open}
              />
            ),
          },
          ...(canAdd
            ? [
                {
                  key: 'upload',
                  label: t('materials.picker.upload'),
                  children: (
                    <UploadPanel
                      kind={kind}
                      departmentId={departmentId}
                      onUploaded={added}
                      action={selectButton}
                    />
                  ),
                },
              ]
            : []),
          // Only images can be imported from an address.
          ...(canAdd && kind !== 'video'
            ? [
                {
                  key: 'url',
                  label: t('materials.picker.fromUrl'),
                  children: <UrlImport departmentId={departmentId} onImported={added} />,
                },
              ]
            : []),
        ]}
      />
    </Modal>
  );
}
