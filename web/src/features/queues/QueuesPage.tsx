import { QueuesManager } from './QueuesManager';

/** /queues (spec: Queues): every user sees the company's queues; administrators add, edit and delete them. */
export function QueuesPage() {
  return <QueuesManager />;
}
