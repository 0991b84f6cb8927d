/** The timers family's own deadlines (services/core/src/timers); other families declare theirs in their folders. */
declare module './events.js' {
  interface TimerKindCatalogue {
    /**
     * An agent's message on an open ticket, quiet for the connection's `expiresTicket` minutes: the inactivity message,
     * and the ticket closes. A customer's message disarms it.
     */
    autoClose: true;
    /** A pending ticket with no queue after the connection's `timeToTransfer` minutes moves to its transfer queue. */
    autoTransfer: true;
  }
}

export {};
