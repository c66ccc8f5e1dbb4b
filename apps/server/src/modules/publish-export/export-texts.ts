import type { Language } from '@postdeck/contract/constants';
import type { PublicationStatus } from '@postdeck/contract/publishing';

/** The export's columns, in order: what the publish list page shows of each account's publication. */
export const PUBLISH_EXPORT_COLUMNS = [
  'publishId',
  'title',
  'author',
  'department',
  'account',
  'platform',
  'status',
  'createdAt',
  'scheduledAt',
  'publishedAt',
  'link',
  'error',
] as const;
export type PublishExportColumn = (typeof PUBLISH_EXPORT_COLUMNS)[number];

interface ExportTexts {
  /** Times carry the zone they are in: `{{zone}}`. */
  headers: Record<PublishExportColumn, string>;
  statuses: Record<PublicationStatus, string>;
  sheet: string;
}

/** The headers and states in the caller's language, worded as the publish list page words them. */
export const PUBLISH_EXPORT_TEXTS: Record<Language, ExportTexts> = {
  en: {
    headers: {
      publishId: 'Publish ID',
      title: 'Title',
      author: 'Author',
      department: 'Department',
      account: 'Account',
      platform: 'Platform',
      status: 'Status',
      createdAt: 'Created ({{zone}})',
      scheduledAt: 'Scheduled for ({{zone}})',
      publishedAt: 'Published ({{zone}})',
      link: 'Link',
      error: 'Error',
    },
    statuses: {
      scheduled: 'Scheduled',
      queued: 'Queued',
      publishing: 'Publishing',
      published: 'Published',
      failed: 'Failed',
      unconfirmed: 'Unconfirmed',
      held: 'Held',
      cancelled: 'Cancelled',
      withdrawn: 'Withdrawn',
    },
    sheet: 'Publications',
  },
  zh: {
    headers: {
      publishId: '发布编号',
      title: '标题',
      author: '作者',
      department: '部门',
      account: '账号',
      platform: '平台',
      status: '状态',
      createdAt: '创建时间（{{zone}}）',
      scheduledAt: '定时时间（{{zone}}）',
      publishedAt: '发布时间（{{zone}}）',
      link: '链接',
      error: '错误信息',
    },
    statuses: {
      scheduled: '已定时',
      queued: '排队中',
      publishing: '发布中',
      published: '已发布',
      failed: '失败',
      unconfirmed: '待确认',
      held: '已暂停',
      cancelled: '已取消',
      withdrawn: '已撤回',
    },
    sheet: '发布记录',
  },
  es: {
    headers: {
      publishId: 'ID de publicación',
      title: 'Título',
      author: 'Autor',
      department: 'Departamento',
      account: 'Cuenta',
      platform: 'Plataforma',
      status: 'Estado',
      createdAt: 'Creada ({{zone}})',
      scheduledAt: 'Programada para ({{zone}})',
      publishedAt: 'Publicada ({{zone}})',
      link: 'Enlace',
      error: 'Error',
    },
    statuses: {
      scheduled: 'Programada',
      queued: 'En cola',
      publishing: 'Publicando',
      published: 'Publicada',
      failed: 'Fallida',
      unconfirmed: 'Sin confirmar',
      held: 'Retenida',
      cancelled: 'Cancelada',
      withdrawn: 'Retirada',
    },
    sheet: 'Publicaciones',
  },
  ja: {
    headers: {
      publishId: '公開 ID',
      title: 'タイトル',
      author: '作成者',
      department: '部署',
      account: 'アカウント',
      platform: 'プラットフォーム',
      status: 'ステータス',
      createdAt: '作成日時（{{zone}}）',
      scheduledAt: '予約日時（{{zone}}）',
      publishedAt: '公開日時（{{zone}}）',
      link: 'リンク',
      error: 'エラー',
    },
    statuses: {
      scheduled: '予約済み',
      queued: '待機中',
      publishing: '公開中',
      published: '公開済み',
      failed: '失敗',
      unconfirmed: '未確認',
      held: '保留',
      cancelled: 'キャンセル済み',
      withdrawn: '取り下げ済み',
    },
    sheet: '公開履歴',
  },
};
