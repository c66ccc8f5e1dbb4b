import { CheckOutlined } from '@ant-design/icons';
import type { Material } from '@postdeck/contract/materials';
import type { KeyboardEvent, ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { metaLine } from './material-format';
import { MaterialStatusTag } from './material-status';
import { MaterialThumb } from './material-thumb';
import styles from './material-tiles.module.css';

export interface MaterialTileProps {
  material: Material;
  selected: boolean;
  onToggle: () => void;
  /** The place in a selection made in order (the picker), shown on the tile. */
  order?: number;
  /** Double click (the library opens its preview). */
  onOpen?: () => void;
  /** Controls under the tile, outside the selectable area (a checkbox must not hold buttons). */
  footer?: ReactNode;
}

/**
 * One material in a grid. The tile itself is the checkbox: click, Space or Enter selects it.
 * Selection shows as a tick or the order number as well as the border colour.
 */
export function MaterialTile({ material, selected, onToggle, order, onOpen, footer }: MaterialTileProps) {
  const { t, i18n } = useTranslation();
  const describedBy = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== ' ' && event.key !== 'Enter') return;
    event.preventDefault();
    onToggle();
  };
  return (
    <div className={selected ? `${styles.tile} ${styles.tileSelected}` : styles.tile}>
      <div
        role="checkbox"
        aria-checked={selected}
        aria-label={material.name}
        aria-describedby={describedBy}
        tabIndex={0}
        className={styles.body}
        onClick={onToggle}
        onKeyDown={onKeyDown}
        onDoubleClick={onOpen}
      >
        <MaterialThumb material={material} />
        <span className={selected ? `${styles.mark} ${styles.markOn}` : styles.mark} aria-hidden>
          {selected ? (order ?? <CheckOutlined />) : null}
        </span>
        <span className={styles.name} title={material.name} aria-hidden>
          {material.name}
        </span>
        <span id={describedBy}>
          <span className={styles.meta}>{metaLine(material, i18n.language)}</span>{' '}
          <MaterialStatusTag status={material.status} />
          {material.note && (
            <span className={styles.note} title={t(`materials.notes.${material.note}`)}>
              {t(`materials.notes.${material.note}`)}
            </span>
          )}
        </span>
      </div>
      {footer && <div className={styles.footer}>{footer}</div>}
    </div>
  );
}
