import { WhatsNewDialog } from '../features/me/components/whats-new-dialog';
import { MessageBell } from '../features/messages/components/message-bell';
import { PublishFailureBanner } from '../features/messages/components/publish-failure-banner';
import { AppLayout } from '../layout/app-layout';
import { logout } from './session';

/** The shell with the message features and the 'what's new' dialog composed in (layout/ must not import features/). */
export function LayoutWithMessages() {
  return (
    <>
      <AppLayout onLogout={logout} messageBell={<MessageBell />} banner={<PublishFailureBanner />} />
      <WhatsNewDialog />
    </>
  );
}
