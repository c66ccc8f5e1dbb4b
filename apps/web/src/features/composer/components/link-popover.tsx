import { isAllowedHref } from '@postdeck/rich-text/link-href';
import { LinkOutlined } from '@ant-design/icons';
import type { Editor } from '@tiptap/react';
import { Button, Input, Popover, Space, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolbarButton } from './toolbar-button';

/**
 * The link button: asks for the address in a small popover. Only addresses the server accepts
 * (absolute http, https, mailto) are set, so a link never vanishes on save.
 */
export function LinkPopover({ editor, active }: { editor: Editor; active: boolean }) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const [refused, setRefused] = useState(false);

  const close = () => {
    setOpen(false);
    editor.commands.focus();
  };

  const onOpenChange = (next: boolean) => {
    if (next) {
      setHref(String(editor.getAttributes('link')['href'] ?? ''));
      setRefused(false);
    }
    setOpen(next);
  };

  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    setOpen(false);
  };

  const apply = () => {
    const url = href.trim();
    if (!url) return remove();
    if (!isAllowedHref(url)) return setRefused(true);
    const chain = editor.chain().focus().extendMarkRange('link');
    // With nothing selected there is no text to link: the address itself becomes the text.
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] }).run();
    } else {
      chain.setLink({ href: url }).run();
    }
    setOpen(false);
  };

  const content = (
    <Space orientation="vertical" onKeyDown={(event) => event.key === 'Escape' && close()}>
      <label htmlFor={inputId}>{t('composer.link.address')}</label>
      <Input
        id={inputId}
        autoFocus
        value={href}
        placeholder="https://"
        status={refused ? 'error' : undefined}
        aria-invalid={refused}
        aria-describedby={refused ? errorId : undefined}
        onChange={(event) => {
          setHref(event.target.value);
          setRefused(false);
        }}
        onPressEnter={apply}
      />
      {refused && (
        <Typography.Text id={errorId} type="danger" role="alert">
          {t('composer.link.invalid')}
        </Typography.Text>
      )}
      <Space>
        <Button type="primary" size="small" onClick={apply}>
          {t('composer.link.apply')}
        </Button>
        {active && (
          <Button size="small" onClick={remove}>
            {t('composer.link.remove')}
          </Button>
        )}
      </Space>
    </Space>
  );

  return (
    <Popover trigger="click" open={open} onOpenChange={onOpenChange} content={content}>
      <ToolbarButton label={t('composer.toolbar.link')} active={active} icon={<LinkOutlined />} />
    </Popover>
  );
}
