import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import { type ReactElement, createElement } from 'react';
import styles from './light-icon.module.css';

const render = (node: AbstractNode, key?: number): ReactElement =>
  createElement(node.tag, { key, ...node.attrs }, node.children?.map(render));

/**
 * An antd icon drawn from its SVG definition without @ant-design/icons' component and context,
 * for the pages that paint before antd loads (the login page). Decorative, as antd's are.
 */
export function LightIcon({ icon, className }: { icon: IconDefinition; className?: string }) {
  // Two-tone icons are functions of their colours; the light pages use none.
  if (typeof icon.icon === 'function') return null;
  const { attrs, children } = icon.icon;
  return (
    <span className={`${styles.icon} ${className ?? ''}`} aria-hidden>
      <svg {...attrs} width="1em" height="1em" fill="currentColor">
        {children?.map(render)}
      </svg>
    </span>
  );
}
