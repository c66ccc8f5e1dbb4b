import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useUserStore } from '../../../stores/user-store';
import { LoadError } from '../../../components/load-error';
import { useContentDetail } from '../api/content-detail';
import { type ComposerClock, systemClock } from '../composer-clock';
import { ADOPTION_STATE, parseContentId } from '../composer-session';
import { Composer } from '../components/composer';

/**
 * /api/content/publish/pubContent: a new content, or `?id=<n>` to edit one. Each navigation here
 * starts a fresh composer (keyed by the location), except the address change after a new content's
 * first save, which the composer that made it keeps.
 */
export function ComposerPage({ clock = systemClock }: { clock?: ComposerClock }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = parseContentId(params.get('id'));
  const userId = useUserStore((state) => state.info?.id ?? 0);
  const [adopted, setAdopted] = useState<{ id: number; key: string } | null>(null);
  const own = adopted !== null && adopted.id === id;
  const sessionKey = own ? adopted.key : location.key;
  const detail = useContentDetail(own ? null : id);

  const onCreated = (newId: number) => {
    setAdopted({ id: newId, key: sessionKey });
    void navigate({ search: `?id=${newId}` }, { replace: true, state: ADOPTION_STATE });
  };

  if (id !== null && !own && !detail.data) {
    if (!detail.isError) return <Card loading title={t('composer.editTitle')} />;
    return (
      <Card title={t('composer.editTitle')}>
        <LoadError title={t('composer.loadFailed')} onRetry={() => detail.refetch()} />
      </Card>
    );
  }

  return (
    <Composer
      key={sessionKey}
      detail={own ? null : (detail.data ?? null)}
      userId={userId}
      clock={clock}
      onCreated={onCreated}
    />
  );
}
