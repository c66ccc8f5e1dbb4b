import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Pagination, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a list answered about its paging (keyset lists add the cursors). */
export interface PagedAnswer {
  total: number;
  /** False when the server stopped counting at its bound: `total` is that bound. */
  totalExact?: boolean;
  next?: string | null;
  prev?: string | null;
}

/** Where the list is: a numbered page, or (keyset lists) the rows after or before a cursor. */
export interface Paging {
  page: number;
  pageSize: number;
  after?: string | undefined;
  before?: string | undefined;
}

export type PagingChange = { page: number; pageSize: number } | { after: string } | { before: string };

interface ListPagerProps {
  answer: PagedAnswer | undefined;
  paging: Paging;
  onChange: (next: PagingChange) => void;
  /** The list's own words for an exact total; without them no total is shown unless capped. */
  totalText?: (count: number) => string;
  showSizeChanger?: boolean;
}

/**
 * How a list words its total: `exactText` for an exact one, "10,000+" (in the reader's
 * language and number format) for one the server stopped counting.
 */
export function useTotalText() {
  const { t, i18n } = useTranslation();
  return (answer: PagedAnswer | undefined, exactText?: (count: number) => string) =>
    answer?.totalExact === false
      ? t('list.totalAtLeast', { total: new Intl.NumberFormat(i18n.language).format(answer.total) })
      : exactText?.(answer?.total ?? 0);
}

/**
 * Paging under a list. A total past the server's count bound reads "10,000+" in the reader's
 * language; numbered pages reach that far, and from the last of them "Later pages" goes on by
 * cursor, where the pager offers First page, Previous and Next instead of numbers.
 */
export function ListPager({ answer, paging, onChange, totalText, showSizeChanger = true }: ListPagerProps) {
  const { t } = useTranslation();
  const total = answer?.total ?? 0;
  const exact = answer?.totalExact !== false;
  const totalLabel = useTotalText()(answer, totalText);
  const next = answer?.next ?? null;
  const prev = answer?.prev ?? null;
  const byCursor = paging.after !== undefined || paging.before !== undefined;
  const { pageSize } = paging;

  if (byCursor) {
    return (
      <Flex
        component="nav"
        aria-label={t('list.pager')}
        justify="end"
        align="center"
        gap={8}
        wrap
        style={{ marginTop: 16 }}
      >
        {totalLabel && <Typography.Text>{totalLabel}</Typography.Text>}
        <Button onClick={() => onChange({ page: 1, pageSize })}>{t('list.firstPage')}</Button>
        <Button icon={<LeftOutlined />} disabled={!prev} onClick={() => prev && onChange({ before: prev })}>
          {t('list.previous')}
        </Button>
        <Button disabled={!next} onClick={() => next && onChange({ after: next })}>
          {t('list.next')} <RightOutlined />
        </Button>
      </Flex>
    );
  }
  // As antd's tables do: no pager under an empty list.
  if (total === 0) return null;
  const lastNumbered = Math.ceil(total / pageSize);
  return (
    <Flex justify="end" align="center" gap={8} wrap style={{ marginTop: 16 }}>
      <Pagination
        current={paging.page}
        pageSize={pageSize}
        total={total}
        showSizeChanger={showSizeChanger}
        {...(totalLabel ? { showTotal: () => totalLabel } : {})}
        onChange={(page, size) => onChange({ page, pageSize: size })}
      />
      {!exact && next && paging.page >= lastNumbered && (
        <Button onClick={() => onChange({ after: next })}>
          {t('list.later')} <RightOutlined />
        </Button>
      )}
    </Flex>
  );
}
