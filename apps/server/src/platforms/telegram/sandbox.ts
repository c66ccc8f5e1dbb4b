import type { SandboxStarter } from '../sandbox.ts';

/** The sandbox's bot, in the format BotFather gives, and the channel it administers. */
const BOT_TOKEN = '7000000001:AAHsandbox-postdeck-demo-bot-token-01';
const CHANNEL = '@postdeck_news';

export const startTelegramSandbox: SandboxStarter = async ({ now }) => {
  const { startTelegramFake } = await import('@postdeck/platform-fakes/telegram/server');
  const fake = await startTelegramFake({ now });
  const bot = fake.addBot({ username: 'postdeck_sandbox_bot', firstName: 'Postdeck', token: BOT_TOKEN });
  fake.addChannel({
    title: 'Postdeck News',
    username: CHANNEL.slice(1),
    subscribers: 3_412,
    members: [[bot.id, { status: 'administrator', canPostMessages: true, canDeleteMessages: true }]],
  });
  fake.addChannel({
    title: 'Readers Club',
    username: 'postdeck_readers',
    members: [[bot.id, { status: 'member' }]],
  });
  return {
    hosts: { apiBase: fake.url, postUrlBase: fake.pageBase },
    hints: { botToken: BOT_TOKEN, channel: CHANNEL },
    stop: () => fake.stop(),
  };
};
