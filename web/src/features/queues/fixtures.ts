import type { Queue, QueueOption } from '@atendo/contracts';

/** A queue as GET /queue lists it. */
export function aQueue(id: number, change: Partial<Queue> = {}): Queue {
  return {
    id,
    name: `Queue ${id}`,
    color: '#00aa55',
    greetingMessage: '',
    outOfHoursMessage: '',
    orderQueue: null,
    promptId: null,
    integrationId: null,
    schedules: [],
    ...change,
  };
}

/** An option of a queue's menu, at the top level unless given a parent. */
export function anOption(id: number, change: Partial<QueueOption> = {}): QueueOption {
  return { id, queueId: 1, parentId: null, title: `Option ${id}`, message: '', option: 1, children: [], ...change };
}
