import '../test/prosemirror-dom';
import type { RichTextDocument } from '@postdeck/contract/content';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { Providers } from '../../../app/providers';
import { documentOf } from '../test/composer-harness';
import { RichTextField } from './rich-text-field';

function renderField() {
  const onChange = vi.fn<(value: RichTextDocument) => void>();
  render(
    <Providers queryClient={createQueryClient()}>
      <span id="body-label">Body</span>
      <RichTextField labelId="body-label" onChange={onChange} />
    </Providers>,
  );
  const lastDocument = () => onChange.mock.lastCall?.[0];
  return { editor: screen.getByRole('textbox', { name: 'Body' }), lastDocument };
}

describe('RichTextField', () => {
  it('has a labelled toolbar whose format buttons report their state', async () => {
    const user = userEvent.setup();
    const { editor, lastDocument } = renderField();
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    const bold = within(toolbar).getByRole('button', { name: 'Bold' });
    expect(bold).toHaveAttribute('aria-pressed', 'false');
    await user.click(editor);
    await user.click(bold);
    await user.keyboard('Loud');
    expect(bold).toHaveAttribute('aria-pressed', 'true');
    expect(lastDocument()).toEqual({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Loud', marks: [{ type: 'bold' }] }] }],
    });
    expect(screen.getByText('4 / 50000 characters, 1 words')).toBeInTheDocument();

    await user.click(within(toolbar).getByRole('button', { name: 'H2 heading' }));
    expect(within(toolbar).getByRole('button', { name: 'H2 heading' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('refuses a script address in the link popover and links a web address', async () => {
    const user = userEvent.setup();
    const { editor } = renderField();
    await user.type(editor, 'See ');
    await user.click(screen.getByRole('button', { name: 'Link' }));
    const address = await screen.findByLabelText('Link address');
    await user.type(address, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a full address starting with https://');
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(editor.querySelector('a')).toBeNull();

    await user.clear(address);
    await user.type(address, 'https://example.com/news{Enter}');
    expect(editor.querySelector('a')).toHaveAttribute('href', 'https://example.com/news');
    expect(editor).toHaveTextContent('See https://example.com/news');
  });

  it('inserts an emoji as plain text', async () => {
    const user = userEvent.setup();
    const { editor, lastDocument } = renderField();
    await user.type(editor, 'Party');
    await user.click(screen.getByRole('button', { name: 'Insert emoji' }));
    const grid = await screen.findByRole('group', { name: 'Emoji' });
    await user.click(within(grid).getByRole('button', { name: '🎉' }));
    expect(lastDocument()).toEqual(documentOf('Party🎉'));
  });
});
