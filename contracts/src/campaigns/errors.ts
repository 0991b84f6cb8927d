/** Catalogue codes of campaigns. */
export const CAMPAIGNS_ERRORS = [
  'ERR_CAMPAIGN_NOT_FOUND',
  /** Saved when it may not be: running, finished, or scheduled to start within the hour. */
  'ERR_CAMPAIGN_NOT_EDITABLE',
  /** A status change its status does not allow (cancel when not running, restart when not cancelled …). */
  'ERR_CAMPAIGN_INVALID_TRANSITION',
  /** Deleted while it sends: it must be stopped first. */
  'ERR_CAMPAIGN_IN_PROGRESS',
  'ERR_CAMPAIGN_SCHEDULE_IN_PAST',
  /** Scheduled with all five messages empty. */
  'ERR_CAMPAIGN_NO_MESSAGE',
  /** Scheduled with neither a contact list nor a tag to send to. */
  'ERR_CAMPAIGN_NO_RECIPIENTS',
] as const;
