import type {
  DatesSetArg,
  EventClickArg,
  EventContentArg,
  EventDropArg,
  EventInput,
  LocaleInput,
} from '@fullcalendar/core';
import esLocale from '@fullcalendar/core/locales/es';
import jaLocale from '@fullcalendar/core/locales/ja';
import zhLocale from '@fullcalendar/core/locales/zh-cn';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { Language } from '@postdeck/contract/constants';
import type { ScheduleItem } from '@postdeck/contract/publish-schedule';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import type { CalendarView } from '../schedule-query';
import { dayStart } from '../schedule-query';
import { PlatformIcon } from '../../../components/platform-icon';
import { LOOK_COLOURS, lookOf } from './status-look';
import styles from './schedule.module.css';

/** FullCalendar's texts and week start for the interface language; English is its own. */
const FC_LOCALES: Record<Language, LocaleInput | 'en'> = {
  en: 'en',
  zh: zhLocale,
  es: esLocale,
  ja: jaLocale,
};

const FC_VIEWS: Record<CalendarView, string> = {
  month: 'dayGridMonth',
  week: 'timeGridWeek',
  day: 'timeGridDay',
};

export interface ScheduleCalendarProps {
  view: CalendarView;
  /** The day to show (YYYY-MM-DD, local). */
  day: string;
  items: readonly ScheduleItem[];
  /** Whether events can be dragged to another time (publish:create). */
  editable: boolean;
  /** The range shown, and its title in the interface language, whenever it changes. */
  onRange: (range: { start: Date; end: Date; title: string }) => void;
  onOpen: (publication: ScheduleItem) => void;
  onMove: (move: { publication: ScheduleItem; to: Date; revert: () => void }) => void;
}

/** One event: the platform's mark, the time, the title and the account. */
function EventContent({ event, timeText }: EventContentArg) {
  const publication = event.extendedProps['publication'] as ScheduleItem;
  return (
    <span className={styles.event} data-publication-id={publication.id}>
      <PlatformIcon platform={publication.account.platform} />
      {timeText && <span className={styles.eventTime}>{timeText}</span>}
      <span className={styles.eventTitle}>{publication.title}</span>
      <span className={styles.eventAccount}>{publication.account.name}</span>
    </span>
  );
}

/**
 * The upcoming publications on FullCalendar (month, week, day) in the browser's time zone. The
 * page's own toolbar drives it: `view` and `day` come from the address.
 */
export function ScheduleCalendar({
  view,
  day,
  items,
  editable,
  onRange,
  onOpen,
  onMove,
}: ScheduleCalendarProps) {
  const { i18n } = useTranslation();
  const ref = useRef<FullCalendar>(null);
  const lang = currentLanguage(i18n.language);

  // The address changed (toolbar, back button): the calendar follows.
  useEffect(() => {
    const api = ref.current?.getApi();
    if (!api) return;
    if (api.view.type !== FC_VIEWS[view]) api.changeView(FC_VIEWS[view], dayStart(day));
    else api.gotoDate(dayStart(day));
  }, [view, day]);

  const events = useMemo<EventInput[]>(
    () =>
      items.flatMap((publication) => {
        if (!publication.scheduledAt) return [];
        const colour = LOOK_COLOURS[lookOf(publication)];
        return [
          {
            id: String(publication.id),
            start: publication.scheduledAt,
            title: publication.title,
            backgroundColor: colour,
            borderColor: colour,
            textColor: '#fff',
            extendedProps: { publication },
          },
        ];
      }),
    [items],
  );

  const byId = (id: string) => items.find((item) => String(item.id) === id);

  return (
    <div className={styles.calendar}>
      <FullCalendar
        ref={ref}
        plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
        initialView={FC_VIEWS[view]}
        initialDate={dayStart(day)}
        headerToolbar={false}
        locale={FC_LOCALES[lang]}
        timeZone="local"
        height="auto"
        nowIndicator
        dayMaxEvents={4}
        displayEventEnd={false}
        // A publication is an instant: a short slot, only its start can move.
        defaultTimedEventDuration="00:15"
        // One just before midnight stays on its own day rather than spilling into the next.
        nextDayThreshold="01:00:00"
        allDaySlot={false}
        eventDisplay="block"
        editable={editable}
        eventDurationEditable={false}
        eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        slotLabelFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        scrollTime="08:00:00"
        events={events}
        eventContent={(arg) => <EventContent {...arg} />}
        datesSet={(arg: DatesSetArg) => onRange({ start: arg.start, end: arg.end, title: arg.view.title })}
        eventClick={(arg: EventClickArg) => {
          arg.jsEvent.preventDefault();
          const publication = byId(arg.event.id);
          if (publication) onOpen(publication);
        }}
        eventDrop={(arg: EventDropArg) => {
          const publication = byId(arg.event.id);
          if (!publication || !arg.event.start) return arg.revert();
          onMove({ publication, to: arg.event.start, revert: arg.revert });
        }}
      />
    </div>
  );
}
