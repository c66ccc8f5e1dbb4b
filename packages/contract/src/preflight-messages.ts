import type { Language } from './constants.ts';
import type { PreflightCode } from './preflight.ts';

/** The preflight's problems in words (preflight.ts), keyed `publish.preflight.<code>`; {{figures}} from its params. */
const TEXTS: Record<Language, Record<PreflightCode, string>> = {
  en: {
    textTooLong: 'The text is {{length}} characters as the platform counts them; it takes at most {{max}}',
    textRequired: 'Write a text or add media',
    mediaRequired: 'This platform needs an image or a video',
    videoRequired: 'This platform needs a video',
    tooManyImages: '{{count}} images; this platform takes at most {{max}}',
    tooManyVideos: '{{count}} videos; this platform takes at most {{max}}',
    imagesNotTaken: 'This platform takes no images',
    videosNotTaken: 'This platform takes no videos',
    mixedMedia: 'This platform takes images or videos in one post, not both',
    fileTooLarge: 'File {{position}} is larger than this platform takes ({{max}} bytes)',
    videoTooLong: 'Video {{position}} is longer than this platform takes ({{max}} s)',
    formatNotTaken: 'File {{position}} ({{format}}) is not a format this platform takes',
    titleRequired: 'A title is required',
    titleTooLong: 'The title is {{length}} characters; at most {{max}}',
  },
  zh: {
    textTooLong: '按平台的计数方式，正文为 {{length}} 个字符；最多 {{max}} 个',
    textRequired: '请填写正文或添加媒体',
    mediaRequired: '此平台需要图片或视频',
    videoRequired: '此平台需要视频',
    tooManyImages: '共 {{count}} 张图片；此平台最多 {{max}} 张',
    tooManyVideos: '共 {{count}} 个视频；此平台最多 {{max}} 个',
    imagesNotTaken: '此平台不接受图片',
    videosNotTaken: '此平台不接受视频',
    mixedMedia: '此平台的一条帖子只能包含图片或视频，不能同时包含',
    fileTooLarge: '第 {{position}} 个文件超过此平台的上限（{{max}} 字节）',
    videoTooLong: '第 {{position}} 个视频超过此平台的时长上限（{{max}} 秒）',
    formatNotTaken: '第 {{position}} 个文件（{{format}}）不是此平台接受的格式',
    titleRequired: '标题为必填项',
    titleTooLong: '标题为 {{length}} 个字符；最多 {{max}} 个',
  },
  es: {
    textTooLong:
      'El texto tiene {{length}} caracteres según cuenta la plataforma; admite como máximo {{max}}',
    textRequired: 'Escriba un texto o añada contenido multimedia',
    mediaRequired: 'Esta plataforma necesita una imagen o un vídeo',
    videoRequired: 'Esta plataforma necesita un vídeo',
    tooManyImages: '{{count}} imágenes; esta plataforma admite como máximo {{max}}',
    tooManyVideos: '{{count}} vídeos; esta plataforma admite como máximo {{max}}',
    imagesNotTaken: 'Esta plataforma no admite imágenes',
    videosNotTaken: 'Esta plataforma no admite vídeos',
    mixedMedia: 'Esta plataforma admite imágenes o vídeos en una publicación, no ambos',
    fileTooLarge: 'El archivo {{position}} supera lo que admite esta plataforma ({{max}} bytes)',
    videoTooLong: 'El vídeo {{position}} dura más de lo que admite esta plataforma ({{max}} s)',
    formatNotTaken: 'El archivo {{position}} ({{format}}) no tiene un formato que admita esta plataforma',
    titleRequired: 'El título es obligatorio',
    titleTooLong: 'El título tiene {{length}} caracteres; como máximo {{max}}',
  },
  ja: {
    textTooLong: 'プラットフォームの数え方で本文は {{length}} 文字です。上限は {{max}} 文字です',
    textRequired: '本文を入力するかメディアを追加してください',
    mediaRequired: 'このプラットフォームには画像または動画が必要です',
    videoRequired: 'このプラットフォームには動画が必要です',
    tooManyImages: '画像が {{count}} 枚あります。上限は {{max}} 枚です',
    tooManyVideos: '動画が {{count}} 本あります。上限は {{max}} 本です',
    imagesNotTaken: 'このプラットフォームは画像を受け付けません',
    videosNotTaken: 'このプラットフォームは動画を受け付けません',
    mixedMedia: 'このプラットフォームでは 1 つの投稿に画像と動画を混在できません',
    fileTooLarge: '{{position}} 番目のファイルがこのプラットフォームの上限（{{max}} バイト）を超えています',
    videoTooLong: '{{position}} 番目の動画がこのプラットフォームの上限（{{max}} 秒）より長いです',
    formatNotTaken: '{{position}} 番目のファイル（{{format}}）はこのプラットフォームが受け付けない形式です',
    titleRequired: 'タイトルは必須です',
    titleTooLong: 'タイトルは {{length}} 文字です。上限は {{max}} 文字です',
  },
};

export const preflightKey = (code: PreflightCode) => `publish.preflight.${code}`;

export const PREFLIGHT_MESSAGES: Record<Language, Record<string, string>> = Object.fromEntries(
  Object.entries(TEXTS).map(([lang, texts]) => [
    lang,
    Object.fromEntries(
      Object.entries(texts).map(([code, text]) => [preflightKey(code as PreflightCode), text]),
    ),
  ]),
) as Record<Language, Record<string, string>>;
