import { Breadcrumb as AntBreadcrumb } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type UIMatch, useMatches } from 'react-router';
import { routeTitle } from '../../i18n/i18n';
import { type Crumb, type CrumbSource, buildBreadcrumb } from './build-breadcrumb';

const sourceOf = (match: UIMatch): CrumbSource => {
  const handle = (typeof match.handle === 'object' && match.handle !== null ? match.handle : {}) as {
    title?: string;
    breadcrumb?: boolean;
    redirect?: string;
  };
  return {
    pathname: match.pathname,
    title: handle.title,
    breadcrumb: handle.breadcrumb,
    redirect: handle.redirect,
  };
};

/** Checklist BC-1..BC-7: built from useMatches() and route handles; separator '/'. */
export function Breadcrumb() {
  const { t } = useTranslation();
  const matches = useMatches();
  // BC-1: on /redirect/ paths the previous breadcrumb stays (React's 'previous render' pattern).
  const [kept, setKept] = useState<Crumb[]>([]);
  const built = buildBreadcrumb(matches.map(sourceOf));
  if (built && JSON.stringify(built) !== JSON.stringify(kept)) setKept(built);
  const crumbs = built ?? kept;

  const items = crumbs.map((crumb, index) => {
    const title = routeTitle(crumb.title, t);
    return {
      key: `${index}:${crumb.title}`,
      title: crumb.to ? <Link to={crumb.to}>{title}</Link> : <span className="no-redirect">{title}</span>,
    };
  });
  return (
    <nav aria-label={t('shell.breadcrumb')} data-testid="breadcrumb">
      <AntBreadcrumb separator="/" items={items} />
    </nav>
  );
}
