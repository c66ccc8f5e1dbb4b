/**
 * The emoji picker's choice: inserted as plain text, so the document needs no emoji node and
 * every channel shows them as the platform draws them.
 */
export const EMOJI = [
  ...['😀', '😃', '😄', '😁', '😆', '😅', '😂', '🤣', '😊', '😇', '🙂', '😉', '😍', '🥰', '😘'],
  ...['😋', '😎', '🤩', '🥳', '🤔', '🤗', '😐', '😏', '😴', '😢', '😭', '😡', '😱', '🙄', '🤯'],
  ...['👍', '👎', '👏', '🙌', '🙏', '💪', '👀', '👋', '🤝', '✌️', '❤️', '🧡', '💛', '💚', '💙'],
  ...['💜', '🔥', '✨', '⭐', '🎉', '🎁', '🏆', '📣', '📰', '📸', '🎬', '🎵', '✅', '💡', '🚀'],
] as const;
