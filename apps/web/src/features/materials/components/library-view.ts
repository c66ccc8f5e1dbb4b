import type { Material } from '@postdeck/contract/materials';
import type { ReactNode } from 'react';
import type { MaterialFilters } from '../list-query';

/** What the grid and the list views both show and report. */
export interface LibraryViewProps {
  items: readonly Material[];
  loading: boolean;
  filters: MaterialFilters;
  /** Sorting (in the list view). */
  onChange: (next: Partial<MaterialFilters>) => void;
  selectedIds: readonly number[];
  /** These materials were selected (on) or unselected. */
  onSelect: (materials: readonly Material[], on: boolean) => void;
  onOpen: (material: Material) => void;
  emptyText: ReactNode;
}
