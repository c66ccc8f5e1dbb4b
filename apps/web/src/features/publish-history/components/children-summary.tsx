import {
  PUBLICATION_STATUSES,
  type Publication,
  type PublicationStatus,
} from '@postdeck/contract/publishing';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PublicationStatusTag } from '../../publishing/components/publication-status-tag';

/** How many of the accounts are in each state, in the states' own order. */
export function countByStatus(children: readonly Publication[]): [PublicationStatus, number][] {
  const counts = new Map<PublicationStatus, number>();
  for (const child of children) counts.set(child.status, (counts.get(child.status) ?? 0) + 1);
  return PUBLICATION_STATUSES.flatMap((status) => {
    const count = counts.get(status);
    return count ? [[status, count] as [PublicationStatus, number]] : [];
  });
}

/** A publish action's accounts at a glance: each state present, with how many are in it. */
export function ChildrenSummary({ publications }: { publications: readonly Publication[] }) {
  const { t } = useTranslation();
  if (publications.length === 0)
    return <Typography.Text type="secondary">{t('publishHistory.noAccounts')}</Typography.Text>;
  return (
    <Flex wrap gap={4} align="center">
      {countByStatus(publications).map(([status, count]) => (
        <Flex key={status} gap={2} align="center">
          <PublicationStatusTag status={status} />
          {count > 1 && <Typography.Text>{t('publishHistory.statusCount', { count })}</Typography.Text>}
        </Flex>
      ))}
    </Flex>
  );
}
