import { HEADING_LEVELS } from '@postdeck/rich-text/extensions';
import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { type ChainedCommands, type Editor, useEditorState } from '@tiptap/react';
import type { TFunction } from 'i18next';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './editor-toolbar.module.css';
import { EmojiPopover } from './emoji-popover';
import { LinkPopover } from './link-popover';
import { ToolbarButton } from './toolbar-button';

type FormatName = 'bold' | 'italic' | 'strike' | 'bulletList' | 'orderedList' | 'blockquote';

interface Format {
  id: string;
  label: (t: TFunction) => string;
  icon: ReactNode;
  isActive: (editor: Editor) => boolean;
  toggle: (chain: ChainedCommands) => ChainedCommands;
}

const mark = (name: FormatName, icon: ReactNode, toggle: Format['toggle']): Format => ({
  id: name,
  label: (t) => t(`composer.toolbar.${name}`),
  icon,
  isActive: (editor) => editor.isActive(name),
  toggle,
});

/** The formats the toolbar toggles: all inside the shared schema (@postdeck/rich-text). */
const FORMATS: readonly Format[] = [
  ...HEADING_LEVELS.map((level): Format => ({
    id: `heading${level}`,
    label: (t) => t('composer.toolbar.heading', { level }),
    // The label names the letters too (WCAG 2.5.3, label in name): "click H1" works by voice. One
    // text node: axe-core reads "H" and "1" as two words.
    icon: <span className={styles.heading}>{`H${level}`}</span>,
    isActive: (editor) => editor.isActive('heading', { level }),
    toggle: (chain) => chain.toggleHeading({ level }),
  })),
  mark('bold', <BoldOutlined />, (chain) => chain.toggleBold()),
  mark('italic', <ItalicOutlined />, (chain) => chain.toggleItalic()),
  mark('strike', <StrikethroughOutlined />, (chain) => chain.toggleStrike()),
  mark('bulletList', <UnorderedListOutlined />, (chain) => chain.toggleBulletList()),
  mark('orderedList', <OrderedListOutlined />, (chain) => chain.toggleOrderedList()),
  mark('blockquote', <span className={styles.quote}>“</span>, (chain) => chain.toggleBlockquote()),
];

const NEXT_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/** Arrow keys, Home and End move between the buttons (the ARIA toolbar pattern); Tab still reaches each. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const next = NEXT_KEYS[event.key];
  // Keys typed in a popover bubble here through React, not through the DOM: leave them alone.
  if (!next || !event.currentTarget.contains(event.target as Node)) return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
  const index = buttons.indexOf(event.target as HTMLButtonElement);
  if (index < 0) return;
  event.preventDefault();
  buttons[next(index, buttons.length)]?.focus();
}

/** Formatting buttons above the editor; TipTap's own shortcuts (Mod-B, Mod-Z, ...) work as well. */
export function EditorToolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      active: FORMATS.map((format) => format.isActive(current)),
      link: current.isActive('link'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });

  return (
    <div
      role="toolbar"
      aria-label={t('composer.toolbar.label')}
      className={styles.toolbar}
      onKeyDown={moveFocus}
    >
      {FORMATS.map((format, index) => (
        <ToolbarButton
          key={format.id}
          label={format.label(t)}
          icon={format.icon}
          active={state.active[index] ?? false}
          onClick={() => format.toggle(editor.chain().focus()).run()}
        />
      ))}
      <LinkPopover editor={editor} active={state.link} />
      <EmojiPopover editor={editor} />
      <ToolbarButton
        label={t('composer.toolbar.undo')}
        icon={<UndoOutlined />}
        disabled={!state.canUndo}
        onClick={() => editor.chain().focus().undo().run()}
      />
      <ToolbarButton
        label={t('composer.toolbar.redo')}
        icon={<RedoOutlined />}
        disabled={!state.canRedo}
        onClick={() => editor.chain().focus().redo().run()}
      />
    </div>
  );
}
