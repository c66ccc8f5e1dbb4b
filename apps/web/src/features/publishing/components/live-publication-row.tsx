import { PAGES } from '@postdeck/contract/pages';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isWebLink } from '../../../utils/url';
import { platformName } from '../../channels/platform-name';
import { type LivePublication, isFinalStatus } from '../api/publication-live';
import { publicationErrorText } from '../publication-error-text';
import { PublicationStatusTag } from './publication-status-tag';
import { SettleUnconfirmed } from './settle-unconfirmed';

/** One account's publication in the summary: its state, and what the author can do about it. */
export function LivePublicationRow({ publication, checkError }: LivePublication) {
  const { t } = useTranslation();
  const { status, externalUrl } = publication;
  const problem =
    status === 'failed' || status === 'unconfirmed' ? publicationErrorText(t, publication) : null;
  return (
    <li data-publication-id={publication.id} style={{ paddingBlock: 8 }}>
      <Flex justify="space-between" align="center" gap={8}>
        <span>
          {publication.account.name}{' '}
          <Typography.Text type="secondary">
            {publication.account.handle ?? ''} · {platformName(publication.account.platform)}
          </Typography.Text>
        </span>
        <PublicationStatusTag status={status} />
      </Flex>
      {status === 'published' && (
        <Flex wrap gap={16}>
          {externalUrl && isWebLink(externalUrl) && (
            <Typography.Link href={externalUrl} target="_blank" rel="noopener noreferrer">
              {externalUrl}
            </Typography.Link>
          )}
          {/* A tab of its own: the summary keeps following the other accounts meanwhile. */}
          <Link to={`${PAGES.publicationScreenshot}?id=${publication.id}`} target="_blank">
            {t('publishing.live.screenshot')}
          </Link>
        </Flex>
      )}
      {problem && (
        <Flex vertical>
          {/* antd's warning text is short of WCAG AA: an unconfirmed one's sentence stays plain. */}
          <Typography.Text type={status === 'failed' ? 'danger' : undefined}>
            {problem.sentence}
          </Typography.Text>
          {problem.platformSaid && <Typography.Text type="secondary">{problem.platformSaid}</Typography.Text>}
        </Flex>
      )}
      {status === 'unconfirmed' && <SettleUnconfirmed publication={publication} />}
      {checkError && !isFinalStatus(status) && (
        <Typography.Text type="secondary" role="status">
          {t('publishing.live.checkFailed', { message: checkError.message })}
        </Typography.Text>
      )}
    </li>
  );
}
