import type { Language } from '@postdeck/contract/constants';
import type { PostMetric } from '@postdeck/contract/statistics';
import type { PlatformErrorKind } from '../../platforms/errors.ts';

type Column =
  | 'bucket'
  | 'platform'
  | 'account'
  | 'publications'
  | 'published'
  | 'failed'
  | 'engagement'
  | 'followers'
  | 'followerChange'
  | 'title'
  | 'publishedAt'
  | 'link'
  | 'cause'
  | 'count'
  | 'figure'
  | 'value'
  | 'previous';

interface StatisticsExportTexts {
  /** A failure's class (platforms/errors.ts), as the statistics page words it; `other` for the rest. */
  causes: Record<PlatformErrorKind | 'other', string>;
  sheets: {
    overview: string;
    trend: string;
    platforms: string;
    accounts: string;
    top: string;
    failures: string;
  };
  columns: Record<Column | PostMetric, string>;
  figures: Record<
    'publications' | 'failed' | 'successRate' | 'engagement' | 'views' | 'followerChange' | 'range',
    string
  >;
}

/** The statistics workbook's sheets and headers in the caller's language, as the statistics page words them. */
export const STATISTICS_EXPORT_TEXTS: Record<Language, StatisticsExportTexts> = {
  en: {
    sheets: {
      overview: 'Overview',
      trend: 'Trend',
      platforms: 'Platforms',
      accounts: 'Accounts',
      top: 'Top publications',
      failures: 'Failures',
    },
    columns: {
      bucket: 'Period',
      platform: 'Platform',
      account: 'Account',
      publications: 'Publications',
      published: 'Published',
      failed: 'Failed',
      engagement: 'Engagement',
      followers: 'Followers',
      followerChange: 'Follower change',
      title: 'Title',
      publishedAt: 'Published (UTC)',
      link: 'Link',
      cause: 'Cause',
      count: 'Count',
      figure: 'Figure',
      value: 'This period',
      previous: 'Previous period',
      views: 'Views',
      reach: 'Reach',
      reactions: 'Reactions',
      comments: 'Comments',
      shares: 'Shares',
      saves: 'Saves',
      videoViews: 'Video views',
      watchTimeS: 'Watch time (s)',
      linkClicks: 'Link clicks',
    },
    figures: {
      publications: 'Publications',
      failed: 'Failures',
      successRate: 'Success rate',
      engagement: 'Engagement',
      views: 'Views',
      followerChange: 'Follower change',
      range: 'Range',
    },
    causes: {
      reauthorize: 'Needs re-authorisation',
      rateLimited: 'Rate limited',
      rejected: 'Refused by the platform',
      mediaInvalid: 'Media refused',
      transient: 'Platform unreachable',
      outcomeUnknown: 'Outcome unknown',
      other: 'Other ({{cause}})',
    },
  },
  zh: {
    sheets: {
      overview: '概览',
      trend: '趋势',
      platforms: '平台',
      accounts: '账号',
      top: '热门发布',
      failures: '失败',
    },
    columns: {
      bucket: '时段',
      platform: '平台',
      account: '账号',
      publications: '发布数',
      published: '已发布',
      failed: '失败',
      engagement: '互动',
      followers: '粉丝数',
      followerChange: '粉丝变化',
      title: '标题',
      publishedAt: '发布时间（UTC）',
      link: '链接',
      cause: '原因',
      count: '数量',
      figure: '指标',
      value: '本期',
      previous: '上期',
      views: '浏览量',
      reach: '覆盖人数',
      reactions: '点赞与反应',
      comments: '评论',
      shares: '分享',
      saves: '收藏',
      videoViews: '视频播放',
      watchTimeS: '观看时长（秒）',
      linkClicks: '链接点击',
    },
    figures: {
      publications: '发布数',
      failed: '失败数',
      successRate: '成功率',
      engagement: '互动',
      views: '浏览量',
      followerChange: '粉丝变化',
      range: '时间范围',
    },
    causes: {
      reauthorize: '需要重新授权',
      rateLimited: '发帖频率受限',
      rejected: '被平台拒绝',
      mediaInvalid: '媒体被拒绝',
      transient: '平台无法访问',
      outcomeUnknown: '结果未知',
      other: '其他（{{cause}}）',
    },
  },
  es: {
    sheets: {
      overview: 'Resumen',
      trend: 'Tendencia',
      platforms: 'Plataformas',
      accounts: 'Cuentas',
      top: 'Publicaciones destacadas',
      failures: 'Fallos',
    },
    columns: {
      bucket: 'Periodo',
      platform: 'Plataforma',
      account: 'Cuenta',
      publications: 'Publicaciones',
      published: 'Publicadas',
      failed: 'Fallidas',
      engagement: 'Interacción',
      followers: 'Seguidores',
      followerChange: 'Cambio de seguidores',
      title: 'Título',
      publishedAt: 'Publicada (UTC)',
      link: 'Enlace',
      cause: 'Causa',
      count: 'Cantidad',
      figure: 'Indicador',
      value: 'Este periodo',
      previous: 'Periodo anterior',
      views: 'Visualizaciones',
      reach: 'Alcance',
      reactions: 'Reacciones',
      comments: 'Comentarios',
      shares: 'Compartidos',
      saves: 'Guardados',
      videoViews: 'Reproducciones',
      watchTimeS: 'Tiempo de visualización (s)',
      linkClicks: 'Clics en el enlace',
    },
    figures: {
      publications: 'Publicaciones',
      failed: 'Fallos',
      successRate: 'Tasa de éxito',
      engagement: 'Interacción',
      views: 'Visualizaciones',
      followerChange: 'Cambio de seguidores',
      range: 'Intervalo',
    },
    causes: {
      reauthorize: 'Requiere volver a autorizar',
      rateLimited: 'Límite de frecuencia',
      rejected: 'Rechazada por la plataforma',
      mediaInvalid: 'Contenido multimedia rechazado',
      transient: 'Plataforma inaccesible',
      outcomeUnknown: 'Resultado desconocido',
      other: 'Otra ({{cause}})',
    },
  },
  ja: {
    sheets: {
      overview: '概要',
      trend: '推移',
      platforms: 'プラットフォーム',
      accounts: 'アカウント',
      top: '上位の投稿',
      failures: '失敗',
    },
    columns: {
      bucket: '期間',
      platform: 'プラットフォーム',
      account: 'アカウント',
      publications: '投稿数',
      published: '公開済み',
      failed: '失敗',
      engagement: 'エンゲージメント',
      followers: 'フォロワー',
      followerChange: 'フォロワー増減',
      title: 'タイトル',
      publishedAt: '公開日時（UTC）',
      link: 'リンク',
      cause: '原因',
      count: '件数',
      figure: '指標',
      value: '今期',
      previous: '前期',
      views: '表示回数',
      reach: 'リーチ',
      reactions: 'リアクション',
      comments: 'コメント',
      shares: 'シェア',
      saves: '保存',
      videoViews: '動画再生',
      watchTimeS: '視聴時間（秒）',
      linkClicks: 'リンククリック',
    },
    figures: {
      publications: '投稿数',
      failed: '失敗数',
      successRate: '成功率',
      engagement: 'エンゲージメント',
      views: '表示回数',
      followerChange: 'フォロワー増減',
      range: '期間',
    },
    causes: {
      reauthorize: '再認証が必要',
      rateLimited: '投稿頻度の制限',
      rejected: 'プラットフォームが拒否',
      mediaInvalid: 'メディアが拒否された',
      transient: 'プラットフォームに接続できない',
      outcomeUnknown: '結果不明',
      other: 'その他（{{cause}}）',
    },
  },
};
