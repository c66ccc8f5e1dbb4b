import { SmileOutlined } from '@ant-design/icons';
import type { Editor } from '@tiptap/react';
import { Button, Popover } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMOJI } from '../emoji';
import styles from './emoji-popover.module.css';
import { ToolbarButton } from './toolbar-button';

/** The emoji button: a grid of common emoji, each inserted at the cursor as text. */
export function EmojiPopover({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);

  const insert = (emoji: string) => {
    editor.chain().focus().insertContent(emoji).run();
    setOpen(false);
  };

  const grid = (
    <div
      role="group"
      aria-label={t('composer.toolbar.emojiGrid')}
      className={styles.grid}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        setOpen(false);
        editor.commands.focus();
      }}
    >
      {EMOJI.map((emoji, index) => (
        <Button key={emoji} type="text" size="small" autoFocus={index === 0} onClick={() => insert(emoji)}>
          {emoji}
        </Button>
      ))}
    </div>
  );

  return (
    <Popover trigger="click" open={open} onOpenChange={setOpen} content={grid}>
      <ToolbarButton label={t('composer.toolbar.emoji')} icon={<SmileOutlined />} />
    </Popover>
  );
}
