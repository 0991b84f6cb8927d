import type { IntegrationTestResult, QueueIntegration, QueueIntegrationInput, QueueIntegrationPage } from '@atendo/contracts';
import { api } from '../../api/client';

/** What the Dialogflow test sends (`integrationId`: a saved integration whose stored key a masked one stands for). */
export interface TestSessionValues {
  projectName: string;
  jsonContent: string;
  language: string;
  text: string;
  integrationId: number | null;
}

/** The integrations' calls (spec §7: /queueIntegration). */
export const queueIntegrationsApi = {
  page: (searchParam: string, pageNumber: number) => api.get<QueueIntegrationPage>('/queueIntegration', { searchParam, pageNumber }),
  one: (id: number) => api.get<QueueIntegration>(`/queueIntegration/${id}`),
  create: (values: QueueIntegrationInput) => api.post<QueueIntegration>('/queueIntegration', values),
  update: (id: number, values: QueueIntegrationInput) => api.put<QueueIntegration>(`/queueIntegration/${id}`, values),
  remove: (id: number) => api.delete<{ message: string }>(`/queueIntegration/${id}`),
  testSession: (values: TestSessionValues) => api.post<IntegrationTestResult>('/queueIntegration/testSession', values),
};
