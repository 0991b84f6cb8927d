/** Catalogue codes of prompts and queue integrations. */
export const INTEGRATIONS_ERRORS = ['ERR_PROMPT_NOT_FOUND', 'ERR_QUEUE_INTEGRATION_NOT_FOUND', 'ERR_INTEGRATION_IN_USE', 'ERR_INTEGRATION_TEST_FAILED'] as const;
