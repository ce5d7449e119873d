// The calendar feed's API answers, shared by the server and the settings island.

/** GET /api/calendar-feed */
export interface CalendarFeedState {
  enabled: boolean;
}

/** POST /api/calendar-feed: the secret URL, answered this one time only. */
export interface CalendarFeedUrl {
  url: string;
}
