import { LANGUAGES, LANGUAGE_NAMES, type Language } from '@postdeck/contract/constants';
import type { FieldError } from '@postdeck/contract/envelope';
import {
  MENU_KINDS,
  MENU_TITLE_MAX,
  type MenuAdminItem,
  type MenuIcon,
  type MenuTitles,
  menuCreateBodySchema,
} from '@postdeck/contract/menu';
import { ALL_PERMISSIONS, type Permission } from '@postdeck/contract/permissions';
import {
  Alert,
  App,
  Button,
  Col,
  Drawer,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Switch,
} from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { builtInRouteTitle, i18n } from '../../../i18n/i18n';
import { placeFieldErrors } from '../../../utils/field-errors';
import { localMenuTitle } from '../../../utils/menu-title';
import { subtreeIds } from '../../../utils/tree';
import { useMenuActions } from '../api/menu-admin';
import { DRAFT_ID, type MenuDraft, cleanTitles, previewMenu } from '../menu-preview';
import { IconSelect } from './icon-select';
import { ParentSelect } from './parent-select';
import { SideMenuPreview } from './side-menu-preview';

/**
 * What the drawer does: a new entry with its parent chosen on the form (the page's button), a
 * new entry under a given one (a row's "Add sub-entry", still movable), or an edit.
 */
export type MenuFormTarget =
  { kind: 'new' } | { kind: 'child'; parent: MenuAdminItem } | { kind: 'edit'; entry: MenuAdminItem };

type MenuKind = MenuAdminItem['kind'];

interface MenuFormValues {
  /** Empty: a top-level entry. */
  parentId?: number;
  kind: MenuKind;
  titles: MenuTitles;
  url: string;
  /** Empty: no icon. */
  icon?: MenuIcon;
  hidden: boolean;
  alwaysShow: boolean;
  /** Empty while the box is being retyped. */
  sort: number | null;
  permissions: Permission[];
}

/** The contract's bounds of `sort` and `url`. */
const SORT_MAX = 100_000;
const URL_MAX = 512;
const urlSchema = menuCreateBodySchema.shape.url;

/** Form fields a server refusal can name, other than the titles (placed per language). */
const FORM_FIELDS = [
  'parentId',
  'kind',
  'url',
  'icon',
  'hidden',
  'alwaysShow',
  'sort',
  'permissions',
] as const;
const TITLE_FIELD = /^titles\.(en|zh|es|ja)$/;

/** A refusal's field errors on the form's fields; titles.en lands on the English title. */
function placeMenuErrors(errors: readonly FieldError[]) {
  const titles = new Map<Language, string[]>();
  const rest: FieldError[] = [];
  for (const error of errors) {
    const lang = TITLE_FIELD.exec(error.field)?.[1] as Language | undefined;
    if (lang === undefined) {
      rest.push(error);
      continue;
    }
    const messages = titles.get(lang) ?? [];
    if (!messages.includes(error.message)) messages.push(error.message);
    titles.set(lang, messages);
  }
  const { fields, others } = placeFieldErrors(rest, FORM_FIELDS);
  const placed: { name: NamePath; errors: string[] }[] = [
    ...fields,
    ...[...titles].map(([lang, messages]) => ({ name: ['titles', lang], errors: messages })),
  ];
  return { fields: placed, others };
}

/** The body the contract takes, from the form (also for the preview while it is being filled). */
function toFields(values: Partial<MenuFormValues>) {
  const kind = values.kind ?? 'menu';
  return {
    parentId: values.parentId ?? null,
    kind,
    titles: cleanTitles(values.titles),
    url: kind === 'action' ? '' : (values.url ?? '').trim(),
    icon: values.icon ?? ('' as const),
    hidden: values.hidden ?? false,
    alwaysShow: values.alwaysShow ?? false,
    sort: values.sort ?? 0,
    permissions: values.permissions ?? [],
  };
}

const LANGUAGE_NAME = Object.fromEntries(LANGUAGE_NAMES.map(({ lang, name }) => [lang, name])) as Record<
  Language,
  string
>;

interface DraftPreviewProps {
  form: FormInstance<MenuFormValues>;
  items: readonly MenuAdminItem[];
  editingId: number | undefined;
  initialValues: MenuFormValues;
}

/**
 * The side menu with the form's unsaved values applied. It watches the form itself, so a
 * keystroke re-renders the preview and not the whole form, and the menu is rebuilt only when
 * the draft has changed.
 */
function DraftPreview({ form, items, editingId, initialValues }: DraftPreviewProps) {
  const { t } = useTranslation();
  // Every value as typed, unmounted fields too (the url of an action).
  const watched = Form.useWatch((values: MenuFormValues) => values, { form, preserve: true });
  const fields = toFields(watched ?? initialValues);
  const draft: MenuDraft = { ...fields, ...(editingId === undefined ? {} : { id: editingId }) };
  const key = JSON.stringify(draft);
  const menu = useMemo(() => previewMenu(items, JSON.parse(key) as MenuDraft), [items, key]);
  return (
    <SideMenuPreview
      menu={menu}
      selectedId={editingId ?? DRAFT_ID}
      selectedUrl={fields.url}
      description={t('menus.previewDraft')}
    />
  );
}

interface MenuFormProps {
  target: MenuFormTarget;
  items: readonly MenuAdminItem[];
  onDone: () => void;
}

function MenuForm({ target, items, onDone }: MenuFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<MenuFormValues>();
  const { create, update } = useMenuActions();
  const [formError, setFormError] = useState<string>();
  const editing = target.kind === 'edit' ? target.entry : undefined;
  const hasChildren = editing !== undefined && items.some((item) => item.parentId === editing.id);
  const menuEntries = useMemo(() => items.filter((item) => item.kind === 'menu'), [items]);
  const excluded = useMemo(
    () => (editing ? subtreeIds(items, editing.id) : new Set<number>()),
    [editing, items],
  );

  const [initialValues] = useState<MenuFormValues>(() =>
    editing
      ? {
          parentId: editing.parentId ?? undefined,
          kind: editing.kind,
          titles: { ...editing.titles },
          url: editing.url,
          icon: (editing.icon || undefined) as MenuIcon | undefined,
          hidden: editing.hidden,
          alwaysShow: editing.alwaysShow,
          sort: editing.sort,
          permissions: editing.permissions as Permission[],
        }
      : {
          parentId: target.kind === 'child' ? target.parent.id : undefined,
          kind: 'menu',
          titles: {},
          url: '',
          hidden: false,
          alwaysShow: false,
          sort: 0,
          permissions: [],
        },
  );
  const kind = Form.useWatch('kind', form) ?? initialValues.kind;
  const englishTitle = (Form.useWatch(['titles', 'en'], form) as string | undefined)?.trim();

  /** What an empty title in `lang` shows: the built-in name, else (added entries) the English one. */
  const fallbackTitle = (lang: Language): string | undefined => {
    if (editing?.builtIn) return builtInRouteTitle(editing.name, i18n.getFixedT(lang));
    if (lang === 'en') return editing?.name || undefined;
    return englishTitle || editing?.name || undefined;
  };

  const failed = (error: Error) => {
    if (!isApiError(error) || error.fieldErrors.length === 0) {
      if (!isApiError(error) || !error.handled) setFormError(error.message);
      return;
    }
    const placed = placeMenuErrors(error.fieldErrors);
    form.setFields(placed.fields);
    setFormError(placed.others.length > 0 ? [error.message, ...placed.others].join(' ') : undefined);
  };

  const submit = (submitted: MenuFormValues) => {
    setFormError(undefined);
    // The unmounted fields too (an action keeps the url it had as a menu entry; toFields drops it).
    const body = toFields({ ...(form.getFieldsValue(true) as MenuFormValues), ...submitted });
    const done = (saved: MenuAdminItem) => {
      const name = localMenuTitle(saved.name, saved.titles, t);
      void message.success(t(editing ? 'menus.saved' : 'menus.created', { name }));
      onDone();
    };
    if (editing) update.mutate({ id: editing.id, ...body }, { onSuccess: done, onError: failed });
    else create.mutate(body, { onSuccess: done, onError: failed });
  };

  const formContent = (
    <Form<MenuFormValues> form={form} layout="vertical" onFinish={submit} initialValues={initialValues}>
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
      <Form.Item name="parentId" label={t('menus.parent')} extra={t('menus.parentHint')}>
        <ParentSelect entries={menuEntries} excluded={excluded} />
      </Form.Item>
      <Form.Item
        name="kind"
        label={t('menus.kind')}
        extra={hasChildren ? t('menus.kindLocked') : t('menus.kindHint')}
      >
        <Radio.Group
          // The item's label points at the group's div, which a label cannot name.
          aria-label={t('menus.kind')}
          optionType="button"
          options={MENU_KINDS.map((value) => ({
            value,
            label: t(`menus.kinds.${value}`),
            disabled: value === 'action' && hasChildren && kind !== 'action',
          }))}
        />
      </Form.Item>
      <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <legend style={{ fontWeight: 600, marginBottom: 4 }}>{t('menus.titles')}</legend>
        <p style={{ marginTop: 0 }}>
          {editing?.builtIn ? t('menus.titlesHintBuiltIn') : t('menus.titlesHint')}
        </p>
        <Row gutter={16}>
          {LANGUAGES.map((lang) => (
            <Col xs={24} sm={12} key={lang}>
              <Form.Item
                name={['titles', lang]}
                label={<span lang={lang}>{LANGUAGE_NAME[lang]}</span>}
                rules={
                  lang === 'en' && !editing
                    ? [{ required: true, whitespace: true, message: t('validation.required') }]
                    : []
                }
              >
                <Input
                  lang={lang}
                  maxLength={MENU_TITLE_MAX}
                  autoComplete="off"
                  placeholder={fallbackTitle(lang)}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </fieldset>
      {kind === 'menu' && (
        <>
          <Form.Item
            name="url"
            label={t('menus.url')}
            extra={t('menus.urlHint')}
            rules={[
              { required: true, whitespace: true, message: t('validation.required') },
              {
                validator: (_, value: string | undefined) =>
                  !value?.trim() || urlSchema.safeParse(value).success
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('validation.menuUrl'))),
              },
            ]}
          >
            <Input maxLength={URL_MAX} autoComplete="off" spellCheck={false} />
          </Form.Item>
          <Form.Item name="icon" label={t('menus.icon')}>
            <IconSelect />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item
                name="hidden"
                label={t('menus.hidden')}
                extra={t('menus.hiddenHint')}
                valuePropName="checked"
              >
                <Switch />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="alwaysShow"
                label={t('menus.alwaysShow')}
                extra={t('menus.alwaysShowHint')}
                valuePropName="checked"
              >
                <Switch />
              </Form.Item>
            </Col>
          </Row>
        </>
      )}
      <Form.Item
        name="sort"
        label={t('menus.sort')}
        extra={t('menus.sortHint')}
        rules={[{ required: true, message: t('validation.required') }]}
      >
        <InputNumber min={0} max={SORT_MAX} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="permissions" label={t('menus.permissions')} extra={t('menus.permissionsHint')}>
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={ALL_PERMISSIONS.map((code) => ({ value: code, label: code }))}
          placeholder={t('menus.noPermissions')}
        />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
          {t(editing ? 'menus.save' : 'menus.create')}
        </Button>
        <Button onClick={onDone}>{t('menus.cancel')}</Button>
      </Space>
    </Form>
  );

  return (
    <Row gutter={[32, 24]}>
      <Col xs={24} md={14}>
        {formContent}
      </Col>
      <Col xs={24} md={10}>
        <div style={{ position: 'sticky', top: 0 }}>
          <DraftPreview form={form} items={items} editingId={editing?.id} initialValues={initialValues} />
        </div>
      </Col>
    </Row>
  );
}

interface MenuFormDrawerProps {
  target: MenuFormTarget | undefined;
  /** Every menu entry, for the parent picker and the preview. */
  items: readonly MenuAdminItem[];
  open: boolean;
  /** A form mounted afresh for each opening. */
  round: number;
  onClose: () => void;
  afterOpenChange: (open: boolean) => void;
}

/**
 * Creates a menu entry or action, or edits one, beside a live preview of the side menu with
 * the unsaved values applied; server field errors land on the fields.
 */
export function MenuFormDrawer({
  target,
  items,
  open,
  round,
  onClose,
  afterOpenChange,
}: MenuFormDrawerProps) {
  const { t } = useTranslation();
  const title =
    target === undefined
      ? undefined
      : target.kind === 'new'
        ? t('menus.createTitle')
        : target.kind === 'child'
          ? t('menus.createChildTitle', {
              name: localMenuTitle(target.parent.name, target.parent.titles, t),
            })
          : t('menus.editTitle', { name: localMenuTitle(target.entry.name, target.entry.titles, t) });
  return (
    <Drawer
      open={open}
      onClose={onClose}
      afterOpenChange={afterOpenChange}
      size={960}
      styles={{ wrapper: { maxWidth: '100vw' } }}
      title={title}
    >
      {target !== undefined && <MenuForm key={round} target={target} items={items} onDone={onClose} />}
    </Drawer>
  );
}
