import { ERROR_CODES } from '@postdeck/contract/error-codes';
import { FACEBOOK_AUDIENCE_MAX, type FacebookAudience } from '@postdeck/contract/publish-options';
import { Flex, Select, Spin, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { type FacebookArea, useFacebookAreas } from '../api/publish-queries';

/** How long typing must pause before the places are searched. */
export const AUDIENCE_SEARCH_DELAY_MS = 300;

const AREA_TYPES = ['country', 'region', 'city'] as const;
type AreaType = (typeof AREA_TYPES)[number];
const isAreaType = (type: string): type is AreaType => (AREA_TYPES as readonly string[]).includes(type);

/** One place of the audience; a country's key is its ISO code, and its name is the reader's language's. */
interface Place {
  type: AreaType;
  key: string;
  name: string;
}

const valueOf = (place: Pick<Place, 'type' | 'key'>) => `${place.type}:${place.key}`;

/** The places of a variant's audience option, in the order stored; anything malformed is left out. */
function placesOf(audience: unknown): Place[] {
  if (typeof audience !== 'object' || audience === null) return [];
  const { countries, regions, cities } = audience as Record<string, unknown>;
  const list = (value: unknown) => (Array.isArray(value) ? (value as unknown[]) : []);
  const areas = (value: unknown, type: 'region' | 'city') =>
    list(value).flatMap((item) => {
      const { key, name } = (item ?? {}) as { key?: unknown; name?: unknown };
      return typeof key === 'string' ? [{ type, key, name: typeof name === 'string' ? name : key }] : [];
    });
  return [
    ...list(countries).flatMap((code) =>
      typeof code === 'string' ? [{ type: 'country' as const, key: code, name: code }] : [],
    ),
    ...areas(regions, 'region'),
    ...areas(cities, 'city'),
  ];
}

/** A place found, as the audience holds it. */
const placeOf = (item: FacebookArea & { type: AreaType }): Place => ({
  type: item.type,
  key: item.type === 'country' ? item.key.toUpperCase() : item.key,
  name: item.name,
});

/** The option as the contract takes it: grouped by kind, absent when no place is chosen (everyone). */
function audienceOf(places: readonly Place[]): FacebookAudience | undefined {
  if (places.length === 0) return undefined;
  const of = (type: 'region' | 'city') =>
    places.filter((p) => p.type === type).map(({ key, name }) => ({ key, name }));
  return {
    countries: places.filter((p) => p.type === 'country').map((p) => p.key.toUpperCase()),
    regions: of('region'),
    cities: of('city'),
  };
}

/** A country's name in the reader's language, from its ISO code (Graph's answers name it by code). */
function useCountryName(): (code: string | null) => string | null {
  const { i18n } = useTranslation();
  return useMemo(() => {
    let names: Intl.DisplayNames | undefined;
    try {
      names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    } catch {
      names = undefined;
    }
    return (code) => {
      if (!code) return null;
      try {
        return names?.of(code.toUpperCase()) ?? code;
      } catch {
        return code;
      }
    };
  }, [i18n.language]);
}

/** The text typed, once typing has paused for `delay` ms. */
function useSettled(text: string, delay: number): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), delay);
    return () => clearTimeout(timer);
  }, [text, delay]);
  return settled;
}

export interface FacebookAudienceFieldProps {
  /** The control's id, which the field's label points at. */
  id: string;
  /** The Facebook page (channel account) whose places are searched. */
  accountId: number;
  /** The variant's `audience` option as it is held. */
  value: unknown;
  onChange: (audience: FacebookAudience | undefined) => void;
  status?: 'error' | 'warning' | undefined;
}

/**
 * Who may see a Facebook post: places searched by name with queryFacebookArea as the author
 * types (after a pause), picked as chips, held grouped by kind with their names so that the
 * chips read the same when the post is opened again. No place: everyone sees it. Keyboard: type,
 * arrows to move through the results, Enter to pick, Backspace to take the last chip out.
 */
export function FacebookAudienceField({
  id,
  accountId,
  value,
  onChange,
  status,
}: FacebookAudienceFieldProps) {
  const { t } = useTranslation();
  const countryName = useCountryName();
  const errorId = useId();
  const [typed, setTyped] = useState('');
  const q = useSettled(typed.trim(), AUDIENCE_SEARCH_DELAY_MS);
  const search = useFacebookAreas(accountId, q);
  const chosen = useMemo(() => placesOf(value), [value]);
  const found = useMemo(
    () =>
      (search.data?.items ?? []).flatMap((item): (FacebookArea & { type: AreaType })[] =>
        isAreaType(item.type) ? [{ ...item, type: item.type }] : [],
      ),
    [search.data],
  );

  const typeName = (type: AreaType) => t(`publishing.audienceSearch.types.${type}`);
  const chipLabel = (place: Place) =>
    place.type === 'country' ? (countryName(place.key) ?? place.key) : place.name;
  /** "Toronto · Ontario, Canada (city)": the name, where it is, and what kind of place. */
  const optionLabel = (item: FacebookArea & { type: AreaType }) => {
    const name =
      item.type === 'country' ? (countryName(item.countryCode ?? item.key) ?? item.name) : item.name;
    const where = [
      item.type === 'city' && item.region && item.region !== item.name ? item.region : null,
      item.type === 'country' ? null : countryName(item.countryCode),
    ].filter((part): part is string => Boolean(part));
    return `${name}${where.length > 0 ? ` · ${where.join(', ')}` : ''} (${typeName(item.type)})`;
  };

  const change = (values: { value: string }[]) => {
    const known = new Map<string, Place>(chosen.map((place) => [valueOf(place), place]));
    for (const item of found) known.set(valueOf(item), placeOf(item));
    onChange(audienceOf(values.flatMap(({ value: v }) => known.get(v) ?? [])));
  };

  const failure = search.isError ? failureText(t, search.error) : null;
  const searching = search.isFetching && q !== '';
  const empty = searching ? (
    <Flex gap={8} align="center">
      <Spin size="small" />
      {t('publishing.audienceSearch.searching')}
    </Flex>
  ) : failure ? (
    t('publishing.audienceSearch.failedShort')
  ) : q === '' ? (
    t('publishing.audienceSearch.typeToSearch')
  ) : (
    t('publishing.audienceSearch.noMatch', { q })
  );

  return (
    <Flex vertical gap={4}>
      <Select<{ value: string; label: string }[]>
        id={id}
        mode="multiple"
        labelInValue
        allowClear
        status={status}
        aria-describedby={failure ? errorId : undefined}
        placeholder={t('publishing.audienceSearch.placeholder')}
        value={chosen.map((place) => ({ value: valueOf(place), label: chipLabel(place) }))}
        onChange={change}
        showSearch={{ filterOption: false, onSearch: setTyped }}
        loading={searching}
        maxCount={FACEBOOK_AUDIENCE_MAX}
        notFoundContent={empty}
        // The chip shows the place's name (label); the list, where it is and its kind too.
        options={found.map((item) => {
          const long = optionLabel(item);
          return { value: valueOf(item), label: chipLabel(placeOf(item)), title: long, 'aria-label': long };
        })}
        optionRender={(option) => option.data.title}
      />
      {chosen.length >= FACEBOOK_AUDIENCE_MAX && (
        <Typography.Text type="secondary">
          {t('publishing.audienceSearch.full', { max: FACEBOOK_AUDIENCE_MAX })}
        </Typography.Text>
      )}
      {failure && (
        <Typography.Text id={errorId} type="danger" role="alert">
          {failure}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** Why the places could not be searched, in the reader's language (the server's message is already). */
function failureText(t: TFunction, error: unknown): string {
  // The sentence ends the reason itself.
  const reason = (error instanceof Error ? error.message : '').trim().replace(/[.。!！]+$/, '');
  const code = isApiError(error) ? error.code : 0;
  if (code === ERROR_CODES.publishAccountUnavailable.code || code === ERROR_CODES.platformRefused.code)
    return t('publishing.audienceSearch.failedReconnect', { reason });
  return t('publishing.audienceSearch.failed', { reason });
}
