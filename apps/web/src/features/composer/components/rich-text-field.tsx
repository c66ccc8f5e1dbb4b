import { MAX_TEXT_LENGTH } from '@postdeck/rich-text/limits';
import { richTextExtensions } from '@postdeck/rich-text/extensions';
import type { RichTextDocument } from '@postdeck/contract/content';
import { CharacterCount, Placeholder } from '@tiptap/extensions';
import { EditorContent, type JSONContent, useEditor, useEditorState } from '@tiptap/react';
import { Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import { EMPTY_DOCUMENT } from '../composer-values';
import { EditorToolbar } from './editor-toolbar';
import styles from './rich-text-field.module.css';

/**
 * The shared schema plus two client-only helpers that add no nodes or marks, so what the
 * editor produces is still exactly what the server validates.
 */
const EXTENSIONS = [
  ...richTextExtensions,
  CharacterCount,
  // A function, so the text follows a language switch.
  Placeholder.configure({ placeholder: () => i18n.t('composer.fields.bodyPlaceholder') }),
];

export interface RichTextFieldProps {
  /** Given by Form.Item: the document, and where changes go. */
  value?: RichTextDocument;
  onChange?: (value: RichTextDocument) => void;
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
  /** The visible label's id: a contenteditable cannot be the target of <label for>. */
  labelId: string;
}

// The contract leaves the document's inside open (the server checks it against the schema).
const asJson = (doc: RichTextDocument) => doc as JSONContent;

/** The body editor as a form control: toolbar, TipTap editor and character count. */
export function RichTextField({ value, onChange, labelId, ...aria }: RichTextFieldProps) {
  const { t } = useTranslation();
  const [initial] = useState(() => value ?? EMPTY_DOCUMENT);
  // The document last sent to the form, to tell our own echo from a value set from outside.
  const emitted = useRef<RichTextDocument | undefined>(value);

  const { id, 'aria-describedby': describedBy, 'aria-invalid': invalid, 'aria-required': required } = aria;
  const editorProps = useMemo(() => {
    const attributes: Record<string, string> = {
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-labelledby': labelId,
      class: styles.editor ?? '',
    };
    if (id) attributes['id'] = id;
    if (describedBy) attributes['aria-describedby'] = describedBy;
    if (invalid !== undefined) attributes['aria-invalid'] = String(invalid);
    if (required !== undefined) attributes['aria-required'] = String(required);
    return { attributes };
  }, [labelId, id, describedBy, invalid, required]);

  const editor = useEditor({
    extensions: EXTENSIONS,
    content: asJson(initial),
    editorProps,
    onUpdate: ({ editor: current }) => {
      const doc = current.getJSON() as RichTextDocument;
      emitted.current = doc;
      onChange?.(doc);
    },
  });

  // A value set from outside (a loaded version, a restored draft) replaces the document, without
  // an undo step that would bring the old one back and without echoing it to the form.
  useEffect(() => {
    if (!value || value === emitted.current) return;
    emitted.current = value;
    editor.chain().setMeta('addToHistory', false).setContent(asJson(value), { emitUpdate: false }).run();
  }, [editor, value]);

  const count = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      characters: current.storage.characterCount.characters(),
      words: current.storage.characterCount.words(),
    }),
  });

  return (
    <div className={styles.frame} data-invalid={invalid === true || invalid === 'true'}>
      <EditorToolbar editor={editor} />
      <EditorContent editor={editor} />
      <Typography.Text
        type={count.characters > MAX_TEXT_LENGTH ? 'danger' : 'secondary'}
        className={styles.count}
      >
        {t('composer.fields.bodyCount', { ...count, max: MAX_TEXT_LENGTH })}
      </Typography.Text>
    </div>
  );
}
