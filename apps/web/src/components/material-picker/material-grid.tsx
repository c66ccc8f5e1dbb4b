import type { Material } from '@postdeck/contract/materials';
import type { ReactNode } from 'react';
import { MaterialTile } from './material-tile';
import styles from './material-tiles.module.css';

interface MaterialGridProps {
  items: readonly Material[];
  /** Selected ids in the order they were picked. */
  selectedIds: readonly number[];
  onToggle: (material: Material) => void;
  /** Names the grid for assistive technology. */
  label: string;
  /** Number the selected tiles by their order (the picker hands them over in that order). */
  numbered?: boolean;
  onOpen?: (material: Material) => void;
  footer?: (material: Material) => ReactNode;
}

/** Thumbnails in as many columns as fit. */
export function MaterialGrid({
  items,
  selectedIds,
  onToggle,
  label,
  numbered,
  onOpen,
  footer,
}: MaterialGridProps) {
  return (
    <div role="group" aria-label={label} className={styles.grid}>
      {items.map((material) => {
        const index = selectedIds.indexOf(material.id);
        return (
          <MaterialTile
            key={material.id}
            material={material}
            selected={index >= 0}
            order={numbered && index >= 0 ? index + 1 : undefined}
            onToggle={() => onToggle(material)}
            onOpen={onOpen && (() => onOpen(material))}
            footer={footer?.(material)}
          />
        );
      })}
    </div>
  );
}
