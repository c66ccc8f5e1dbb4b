import type { ScreenshotMessages } from './en';

export const zhScreenshot: ScreenshotMessages = {
  noId: '未指定发布：请从发布历史打开此页面。',
  notFound: '该发布不存在，或不在您的部门范围内。',
  loadFailed: '无法加载截图',
  takeAgain: '重新截图',
  taking: '正在打开帖子页面并截图，最长可能需要一分钟。',
  taken: '已截图',
  takenAt: '截于 {{time}}',
  openPost: '打开帖子',
  alt: '帖子公开页面的截图',
  none: '暂无截图',
  keptEarlier: '上方图片来自之前的一次截图。',
  triedAt: '尝试于 {{time}}',
  detail: '服务器遇到的情况：{{detail}}',
  reasons: {
    notPublished: '该发布尚未发出或已撤回：只有已发布的帖子才有可截图的页面。',
    refused: '帖子地址不是公网地址（本地或内网地址，或文件），服务器不会打开它。',
    unreachable: '无法访问帖子页面。',
    httpStatus: '平台返回了错误页面：帖子可能已被删除，或尚未显示。',
    timeout: '页面未能在 30 秒内加载完成。',
    tooLarge: '页面超出截图允许加载的大小。',
    browser: '服务器的浏览器（Chromium）无法启动：请联系管理员。',
    authorGone: '该发布的作者已不存在，图片无法存入素材库。',
    internal: '服务器出错，详情见服务器日志。',
  },
};
