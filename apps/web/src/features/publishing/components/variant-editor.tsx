import type { FieldError } from '@postdeck/contract/envelope';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { platformName } from '../../channels/platform-name';
import { problemMessage } from '../problem-text';
import { messagesOn } from '../publish-errors';
import {
  type PublishSource,
  type TargetAccount,
  type TargetProblem,
  type Variant,
  textCount,
  textOf,
} from '../target-variant';
import { type FieldFeedback, PlatformOptions } from './platform-options';
import { PostPreview } from './post-preview';
import styles from './publishing.module.css';

export interface VariantEditorProps {
  account: TargetAccount;
  variant: Variant;
  source: PublishSource;
  problems: readonly TargetProblem[];
  /** The server's refusals for this target, field relative to it. */
  serverErrors: readonly FieldError[] | undefined;
  /** The links are tagged (UTM): the counter and the preview measure and show them so. */
  utm: boolean;
  onChange: (variant: Variant) => void;
}

const Messages = ({ messages }: { messages: string[] }) =>
  messages.length === 1 ? (
    messages[0]
  ) : (
    <ul className={styles.problems}>
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );

/** One account's own post: its text, its platform's options, what is wrong with it, and a preview. */
export function VariantEditor({
  account,
  variant,
  source,
  problems,
  serverErrors,
  utm,
  onChange,
}: VariantEditorProps) {
  const { t } = useTranslation();
  const textId = useId();
  const counterId = useId();

  const feedback = (field: string): FieldFeedback => {
    const here = problems.filter((problem) => problem.field === field);
    const server = messagesOn(serverErrors, field);
    const messages = [...here.map((problem) => problemMessage(t, problem)), ...server];
    if (messages.length === 0) return {};
    const blocking = server.length > 0 || here.some((problem) => problem.blocking);
    return { validateStatus: blocking ? 'error' : 'warning', help: <Messages messages={messages} /> };
  };

  // What names no field shown here: the account itself, its media.
  const general = [...problems.filter((p) => p.field === 'media').map((p) => problemMessage(t, p))];
  const generalServer = (serverErrors ?? [])
    .filter((error) => error.field !== 'text' && !error.field.startsWith('options.'))
    .map((error) => error.message);
  const mediaBlocking = problems.some((p) => p.field === 'media' && p.blocking);

  const { length, max } = textCount(account.platform, variant, source, utm);
  const ownText = variant.text !== null && variant.text !== source.text;
  return (
    <Flex vertical gap={12}>
      {(general.length > 0 || generalServer.length > 0) && (
        <Alert
          type={mediaBlocking || generalServer.length > 0 ? 'error' : 'warning'}
          showIcon
          title={<Messages messages={[...generalServer, ...general]} />}
        />
      )}
      <Form layout="vertical" component={false}>
        <Form.Item
          label={t('publishing.fields.text')}
          htmlFor={textId}
          {...feedback('text')}
          extra={
            <Flex justify="space-between" align="center" wrap>
              <Typography.Text
                id={counterId}
                type={length > max ? 'danger' : 'secondary'}
                title={t('publishing.variant.counter', {
                  platform: platformName(account.platform),
                  length,
                  max,
                })}
              >
                {length} / {max}
              </Typography.Text>
              <Button
                size="small"
                type="link"
                disabled={!ownText}
                onClick={() => onChange({ ...variant, text: null })}
              >
                {t('publishing.variant.reset')}
              </Button>
            </Flex>
          }
        >
          <Input.TextArea
            id={textId}
            rows={5}
            aria-describedby={counterId}
            value={textOf(variant, source)}
            onChange={(event) => onChange({ ...variant, text: event.target.value })}
          />
        </Form.Item>
        <PlatformOptions
          platform={account.platform}
          accountId={account.id}
          variant={variant}
          source={source}
          onChange={onChange}
          feedback={feedback}
        />
      </Form>
      <PostPreview account={account} variant={variant} source={source} utm={utm} />
    </Flex>
  );
}
